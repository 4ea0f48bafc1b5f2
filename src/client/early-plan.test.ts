import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { earlyParsedContent, earlyPlanScript, forgetEarlyParsedContent, readEarlyPlanRequest, recordEarlyParsedContent, takeEarlyPlanAnswer, type EarlyPlanAnswer } from "./early-plan";

interface Page {
  window: Record<string, unknown> & { __earlyPlanRequest?: { planId: number; token: string; answer: Promise<EarlyPlanAnswer> } };
  fetch: ReturnType<typeof vi.fn>;
}

/** Runs the inline script as the browser would, in a page at `pathname + search` with `token` stored. */
function runScript(pathname: string, search: string, token: string | null, lastPlan: string | null = null, answer: () => Promise<Response> = () => Promise.resolve(new Response("{}"))): Page {
  const fetch = vi.fn(answer);
  const window: Page["window"] = {};
  const context = {
    window,
    location: { pathname, search },
    localStorage: { getItem: (key: string) => (key === "token" ? token : key === "last-plan-id" ? lastPlan : null) },
    fetch,
    Number,
  };
  window.fetch = fetch;
  runInNewContext(earlyPlanScript("skilteplanen"), context);
  return { window, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the early plan request of /app", () => {
  it("asks for the plan of ?plan= with the site header and the stored token, as the API client would", () => {
    const page = runScript("/app", "?plan=42", "tok");
    expect(page.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = page.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/signplan/42");
    expect(init.headers).toEqual({ Accept: "application/json", Authorization: "Bearer tok", "x-site": "skilteplanen" });
    expect(init.credentials).toBe("same-origin");
    expect(page.window.__earlyPlanRequest).toMatchObject({ planId: 42, token: "tok", site: "skilteplanen" });
  });

  it("finds the plan among other parameters", () => {
    expect(runScript("/app", "?x=1&plan=7&y=2", "tok").fetch.mock.calls[0]).toEqual(["/api/signplan/7", expect.anything()]);
  });

  it("without ?plan asks for the plan opened last, which the page then opens", () => {
    const page = runScript("/app", "", "tok", "17");
    expect(page.fetch.mock.calls[0]).toEqual(["/api/signplan/17", expect.anything()]);
    expect(page.window.__earlyPlanRequest).toMatchObject({ planId: 17 });
    // ?plan wins over the last plan.
    expect(runScript("/app", "?plan=42", "tok", "17").fetch.mock.calls[0]).toEqual(["/api/signplan/42", expect.anything()]);
  });

  it.each<[string, string, string, string | null, string | null]>([
    ["no token", "/app", "?plan=42", null, "17"],
    ["no plan and no last plan", "/app", "", "tok", null],
    ["another page", "/login", "?plan=42", "tok", null],
    ["another page, with a last plan", "/login", "", "tok", "17"],
    ["a plan id that is not a number, and no last plan", "/app", "?plan=4x2", "tok", null],
    ["a zero id, and no last plan", "/app", "?plan=0", "tok", null],
    ["a parameter that only ends in plan, and no last plan", "/app", "?myplan=42", "tok", null],
    ["a stored last plan that is not an id", "/app", "", "tok", "x1"],
  ])("asks nothing with %s", (_, pathname, search, token, lastPlan) => {
    const page = runScript(pathname, search, token, lastPlan);
    expect(page.fetch).not.toHaveBeenCalled();
    expect(page.window.__earlyPlanRequest).toBeUndefined();
  });

  it("cannot be broken out of by the site name", () => {
    expect(earlyPlanScript("skilteplanen")).not.toMatch(/<\/script/i);
  });
});

describe("the early answer", () => {
  const answerOf = async (response: () => Promise<Response>) => {
    const page = runScript("/app", "?plan=42", "tok", null, response);
    return page.window.__earlyPlanRequest!.answer;
  };

  it("is read by the inline script as the API client reads one: the status and the JSON body, or null for a body that is not JSON", async () => {
    const ok = { validated: false };
    await expect(answerOf(() => Promise.resolve(new Response(JSON.stringify({ id: 42, content: { lines: [] } }))))).resolves.toEqual({ status: 200, body: { id: 42, content: { lines: [] } }, ...ok });
    await expect(answerOf(() => Promise.resolve(new Response(JSON.stringify({ message: "Planen findes ikke" }), { status: 404 })))).resolves.toEqual({ status: 404, body: { message: "Planen findes ikke" }, ...ok });
    await expect(answerOf(() => Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 })))).resolves.toEqual({ status: 502, body: null, ...ok });
    await expect(answerOf(() => Promise.resolve(new Response(null, { status: 204 })))).resolves.toEqual({ status: 204, body: null, ...ok });
    // A body cut off on the way is no body, as readJsonBody has it.
    const broken = new ReadableStream({ start: (controller) => controller.error(new TypeError("network error")) });
    await expect(answerOf(() => Promise.resolve(new Response(broken, { status: 200 })))).resolves.toEqual({ status: 200, body: null, ...ok });
  });

  it("is validated exactly when the answer names this build's content schema (src/lib/content-schema.ts)", async () => {
    const plan = () => Promise.resolve(new Response(JSON.stringify({ id: 42, content: {} }), { headers: { "x-plan-content-schema": "build-a" } }));
    // A development build (no schema fingerprint) trusts nothing.
    await expect(answerOf(plan)).resolves.toMatchObject({ validated: false });
    vi.stubEnv("PLAN_CONTENT_SCHEMA", "build-a");
    await expect(answerOf(plan)).resolves.toMatchObject({ status: 200, validated: true });
    vi.stubEnv("PLAN_CONTENT_SCHEMA", "build-b");
    await expect(answerOf(plan)).resolves.toMatchObject({ status: 200, validated: false });
    await expect(answerOf(() => Promise.resolve(new Response(JSON.stringify({ id: 42, content: {} }))))).resolves.toMatchObject({ validated: false });
  });

  it("is a rejection when the request failed, which the API client turns into its network error", async () => {
    await expect(answerOf(() => Promise.reject(new TypeError("Failed to fetch")))).rejects.toThrow("Failed to fetch");
  });

  it("is handed to the page once, for the same plan and token only; the engine reads it while the page has not taken it", () => {
    const answer = Promise.resolve({ status: 200, body: {} });
    const window: Record<string, unknown> = { __earlyPlanRequest: { planId: 42, token: "tok", site: "skilteplanen", answer } };
    vi.stubGlobal("window", window);
    expect(readEarlyPlanRequest()).toMatchObject({ planId: 42, site: "skilteplanen", answer });
    expect(takeEarlyPlanAnswer(41, "tok")).toBeNull();
    expect(takeEarlyPlanAnswer(42, "other")).toBeNull();
    expect(takeEarlyPlanAnswer(42, "tok")).toEqual({ answer });
    expect(takeEarlyPlanAnswer(42, "tok")).toBeNull();
    expect(readEarlyPlanRequest()).toBeNull();
  });

  it("answers null on the server and without an early request", () => {
    expect(takeEarlyPlanAnswer(1, "tok")).toBeNull();
    expect(readEarlyPlanRequest()).toBeNull();
    vi.stubGlobal("window", {});
    expect(takeEarlyPlanAnswer(1, "tok")).toBeNull();
    expect(readEarlyPlanRequest()).toBeNull();
  });

  it("hands the engine's parsed content only for the very body object it parsed", () => {
    vi.stubGlobal("window", {});
    const body = { id: 1, content: { lines: [] } };
    const content = { lines: [], signs: [] };
    recordEarlyParsedContent(body, content);
    expect(earlyParsedContent({ ...body })).toBeUndefined();
    expect(earlyParsedContent(body)).toBe(content);
    forgetEarlyParsedContent();
    expect(earlyParsedContent(body)).toBeUndefined();
  });
});

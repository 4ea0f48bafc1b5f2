import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { earlyParsedContent, earlyPlanScript, forgetEarlyParsedContent, readAnswer, readEarlyPlanRequest, recordEarlyParsedContent, takeEarlyPlanResponse } from "./early-plan";

interface Page {
  window: Record<string, unknown> & { __earlyPlanRequest?: { planId: number; token: string; response: Promise<Response> } };
  fetch: ReturnType<typeof vi.fn>;
}

/** Runs the inline script as the browser would, in a page at `pathname + search` with `token` stored. */
function runScript(pathname: string, search: string, token: string | null, lastPlan: string | null = null): Page {
  const fetch = vi.fn(() => Promise.resolve(new Response("{}")));
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

afterEach(() => vi.unstubAllGlobals());

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

describe("takeEarlyPlanResponse", () => {
  it("hands the answer over once, for the same plan and token only", () => {
    const response = Promise.resolve(new Response("{}"));
    const window: Record<string, unknown> = { __earlyPlanRequest: { planId: 42, token: "tok", response } };
    vi.stubGlobal("window", window);
    expect(takeEarlyPlanResponse(41, "tok")).toBeNull();
    expect(takeEarlyPlanResponse(42, "other")).toBeNull();
    expect(takeEarlyPlanResponse(42, "tok")).toEqual({ response });
    expect(takeEarlyPlanResponse(42, "tok")).toBeNull();
  });

  it("answers null on the server and without an early request", () => {
    expect(takeEarlyPlanResponse(1, "tok")).toBeNull();
    vi.stubGlobal("window", {});
    expect(takeEarlyPlanResponse(1, "tok")).toBeNull();
  });
});

describe("the early answer read by the map engine", () => {
  it("is read once by the engine, and the page then takes the read answer instead of the spent response", async () => {
    const response = Promise.resolve(new Response(JSON.stringify({ id: 42, content: {} }), { status: 200 }));
    const window: Record<string, unknown> = { __earlyPlanRequest: { planId: 42, token: "tok", site: "skilteplanen", response } };
    vi.stubGlobal("window", window);
    const early = readEarlyPlanRequest();
    expect(early).toMatchObject({ planId: 42, site: "skilteplanen" });
    // A second reader (the engine evaluated twice) gets nothing: the body can be read only once.
    expect(readEarlyPlanRequest()).toBeNull();
    const taken = takeEarlyPlanResponse(42, "tok");
    expect(taken).not.toBeNull();
    expect(taken && "answer" in taken).toBe(true);
    await expect((taken as { answer: Promise<unknown> }).answer).resolves.toEqual({ status: 200, body: { id: 42, content: {} } });
  });

  it("leaves nothing to read after the page took the response", () => {
    const window: Record<string, unknown> = { __earlyPlanRequest: { planId: 42, token: "tok", site: "skilteplanen", response: Promise.resolve(new Response("{}")) } };
    vi.stubGlobal("window", window);
    expect(takeEarlyPlanResponse(42, "tok")).toHaveProperty("response");
    expect(readEarlyPlanRequest()).toBeNull();
  });

  it("reads an error answer as the API client does: the status and the JSON body, or null for a body that is not JSON", async () => {
    await expect(readAnswer(new Response(JSON.stringify({ message: "Planen findes ikke" }), { status: 404 }))).resolves.toEqual({ status: 404, body: { message: "Planen findes ikke" } });
    await expect(readAnswer(new Response("<html>Bad gateway</html>", { status: 502 }))).resolves.toEqual({ status: 502, body: null });
    await expect(readAnswer(new Response(null, { status: 204 }))).resolves.toEqual({ status: 204, body: null });
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

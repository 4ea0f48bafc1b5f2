import { gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod";

const toastError = vi.fn();
vi.mock("react-toastify", () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));

const { ApiRequestError, COMPRESS_FROM_BYTES, INVALID_RESPONSE, NETWORK_ERROR, api, configureApiClient, errorMessage } =
  await import("./api");

const TEXTS = {
  loggedOut: "Du er blevet logget ud. Log venligst ind igen.",
  notInOrganisation: "Du er ikke tilknyttet en organisation",
  networkError: "Ingen forbindelse.",
  unexpectedError: "Uventet fejl.",
};

const storage = new Map<string, string>();
const navigate = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function at(pathname: string, search = "") {
  vi.stubGlobal("window", {
    location: { pathname, search },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    },
    dispatchEvent: () => true,
  });
}

beforeEach(() => {
  storage.clear();
  storage.set("token", "the-token");
  toastError.mockReset();
  navigate.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  at("/organisation");
  configureApiClient({ site: "ta-planen", texts: TEXTS, navigate });
});

describe("api", () => {
  it("sends the site header, the bearer token and a JSON body, and checks the answer", async () => {
    fetchMock.mockResolvedValue(answer(200, { access_token: "new" }));
    const result = await api.post("/auth/login", { email: "a@b.dk" }, { schema: z.object({ access_token: z.string() }) });
    expect(result).toEqual({ access_token: "new" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/login");
    const headers = new Headers(init?.headers);
    expect(headers.get("x-site")).toBe("ta-planen");
    expect(headers.get("authorization")).toBe("Bearer the-token");
    expect(headers.get("content-type")).toBe("application/json");
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.dk" }));
  });

  it("toasts the server's message and throws it with status, code and body", async () => {
    fetchMock.mockResolvedValue(answer(409, { message: "Findes allerede.", code: "USER_EXISTS" }));
    const error = await api.post("/project", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, message: "Findes allerede.", code: "USER_EXISTS", body: { code: "USER_EXISTS" } });
    expect(toastError).toHaveBeenCalledWith("Findes allerede.", expect.anything());
  });

  it("carries the Retry-After of a refusal in ms, null without one", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: "Prøv igen om lidt." }), {
        status: 503,
        headers: { "content-type": "application/json", "retry-after": "3" },
      }),
    );
    const busy = await api.put("/signplan/1", {}, { toast: false }).catch((e: unknown) => e);
    expect(busy).toMatchObject({ status: 503, retryAfterMs: 3000 });
    fetchMock.mockResolvedValue(answer(500, { message: "Fejl." }));
    const failed = await api.put("/signplan/1", {}, { toast: false }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 500, retryAfterMs: null });
  });

  it("leaves the toast out when the caller shows the error, and never toasts the organisation notice", async () => {
    fetchMock.mockResolvedValue(answer(400, { message: "Forkert." }));
    await expect(api.post("/x", {}, { toast: false })).rejects.toThrow("Forkert.");
    fetchMock.mockResolvedValue(answer(404, { message: TEXTS.notInOrganisation }));
    await expect(api.get("/users/organization")).rejects.toThrow(TEXTS.notInOrganisation);
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each([
    [401, "Du er ikke logget ind."],
    [403, "jwt expired"],
  ])("ends the session on %i %s: notice, token removed, login page remembering the page", async (status, message) => {
    at("/organisation", "?tab=2");
    fetchMock.mockResolvedValue(answer(status, { message }));
    await expect(api.get("/users/organization")).rejects.toBeInstanceOf(ApiRequestError);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(TEXTS.loggedOut, expect.anything());
    expect(storage.has("token")).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/login?from=%2Forganisation%3Ftab%3D2");
  });

  it.each(["/login", "/register", "/logind"])("does nothing of that on %s", async (pathname) => {
    at(pathname);
    fetchMock.mockResolvedValue(answer(401, { message: "Forkert e-mail eller adgangskode." }));
    await expect(api.post("/auth/login", {})).rejects.toMatchObject({ status: 401 });
    expect(toastError).not.toHaveBeenCalled();
    expect(storage.get("token")).toBe("the-token");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("turns a network failure into a translated error (status 0)", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(api.get("/project")).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR, message: TEXTS.networkError });
    expect(toastError).toHaveBeenCalledWith(TEXTS.networkError, expect.anything());
  });

  it("refuses an answer of the wrong shape, and a non-JSON error page gets the unexpected-error text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock.mockResolvedValue(answer(200, { nope: true }));
    await expect(api.get("/x", { schema: z.object({ isAdmin: z.boolean() }), toast: false })).rejects.toMatchObject({
      code: INVALID_RESPONSE,
    });
    fetchMock.mockResolvedValue(new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(api.get("/x", { toast: false })).rejects.toMatchObject({ status: 502, message: TEXTS.unexpectedError });
  });

  it("takes a plan's answer only when it is that plan, with a version and content: unreadable is an error, not a wait", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { getPlan } = await import("./projects/projects-api");
    const plan = { id: 42, version: 3, content: { lines: [] } };
    fetchMock.mockResolvedValueOnce(answer(200, plan));
    await expect(getPlan(42)).resolves.toEqual(plan);
    for (const body of [null, "garbage", { id: 41, version: 3, content: {} }, { id: 42, content: {} }, { id: 42, version: 3 }]) {
      fetchMock.mockResolvedValueOnce(answer(200, body));
      await expect(getPlan(42, { toast: false }), JSON.stringify(body)).rejects.toMatchObject({ status: 200, code: INVALID_RESPONSE });
    }
    fetchMock.mockResolvedValue(new Response("\u0000garbage{", { status: 200, headers: { "content-type": "application/json" } }));
    await expect(getPlan(42, { toast: false })).rejects.toMatchObject({ code: INVALID_RESPONSE });
  });

  it("skips all shared handling for the public plan view, with its own bearer token", async () => {
    fetchMock.mockResolvedValue(answer(401, { message: "Ugyldigt link." }));
    await expect(api.get("/signplan/public/1", { sharedHandling: false, token: "view-token" })).rejects.toMatchObject({ status: 401 });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("authorization")).toBe("Bearer view-token");
    expect(toastError).not.toHaveBeenCalled();
    expect(storage.get("token")).toBe("the-token");
  });
});

describe("errorMessage", () => {
  it("uses the server's words for a refusal, the caller's for a server fault", () => {
    expect(errorMessage(new ApiRequestError(429, "For mange forsøg.", undefined, null), "fallback")).toBe("For mange forsøg.");
    expect(errorMessage(new ApiRequestError(0, TEXTS.networkError, NETWORK_ERROR, null), "fallback")).toBe(TEXTS.networkError);
    expect(errorMessage(new ApiRequestError(500, "Uventet fejl.", undefined, null), "fallback")).toBe("fallback");
    expect(errorMessage(new Error("x"), "fallback")).toBe("fallback");
  });
});

describe("a body sent compressed (compressBody)", () => {
  const large = {
    version: 3,
    content: {
      lines: Array.from({ length: 400 }, (_, i) => ({
        id: `l${i}`,
        colour: "#000000",
        width: 0.5,
        coordinates: [
          [10.38, 55.4],
          [10.39, 55.41],
        ],
      })),
    },
  };
  const sent = async () => {
    const [, init] = fetchMock.mock.calls.at(-1)!;
    const headers = new Headers(init?.headers);
    const bytes = Buffer.from(await new Response(init?.body).arrayBuffer());
    return { encoding: headers.get("content-encoding"), type: headers.get("content-type"), bytes };
  };

  it("goes gzipped when large, and unpacks to exactly the JSON it would have sent", async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    fetchMock.mockResolvedValue(answer(200, { id: 1, version: 4 }));
    await api.put("/signplan/1", large, { compressBody: true });
    const body = await sent();
    expect(body).toMatchObject({ encoding: "gzip", type: "application/json" });
    expect(body.bytes.length).toBeLessThan(JSON.stringify(large).length / 4);
    expect(gunzipSync(body.bytes).toString()).toBe(JSON.stringify(large));
  });

  it("goes as it is when small, when not asked for, or where the browser cannot compress", async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 1, version: 4 }));
    await api.put("/signplan/1", { version: 3 }, { compressBody: true });
    expect(await sent()).toMatchObject({ encoding: null });
    await api.put("/signplan/1", large);
    expect(await sent()).toMatchObject({ encoding: null });
    vi.stubGlobal("CompressionStream", undefined);
    await api.put("/signplan/1", large, { compressBody: true });
    const plain = await sent();
    expect(plain.encoding).toBeNull();
    expect(plain.bytes.toString()).toBe(JSON.stringify(large));
    vi.unstubAllGlobals();
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";

const toastError = vi.fn();
vi.mock("react-toastify", () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));

const { ApiRequestError, NETWORK_ERROR, configureApiClient } = await import("@/client/api");
const { fetchPlanBackground } = await import("./background-api");

const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  storage.clear();
  storage.set("token", "user-token");
  fetchMock.mockReset();
  navigate.mockReset();
  toastError.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("window", {
    location: { pathname: "/app", search: "" },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    },
    dispatchEvent: () => true,
  });
  configureApiClient({
    site: "skilteplanen",
    texts: { loggedOut: "Logget ud", notInOrganisation: "x", networkError: "Ingen forbindelse", unexpectedError: "Fejl" },
    navigate,
  });
});

describe("fetchPlanBackground", () => {
  it("GET /signplan/{id}/background with the user's token and the site header", async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" }), { status: 200 }));
    const blob = await fetchPlanBackground(42, undefined, { site: "kloakplanen" });
    expect(await blob.text()).toBe("%PDF-1.7");
    expect(blob.type).toBe("application/pdf");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/signplan/42/background");
    const headers = new Headers(init?.headers);
    expect(headers.get("authorization")).toBe("Bearer user-token");
    expect(headers.get("x-site")).toBe("kloakplanen");
  });

  it("GET /signplan/public/{id}/background with the view token instead of the user's", async () => {
    fetchMock.mockResolvedValue(new Response(new Blob(["img"]), { status: 200 }));
    await fetchPlanBackground(7, "view-token");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/signplan/public/7/background");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer view-token");
  });

  it("throws the server's message and status on an error answer", async () => {
    fetchMock.mockResolvedValue(json(404, { message: "Planen findes ikke", code: "NOT_FOUND" }));
    const error = await fetchPlanBackground(7, "view-token").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, message: "Planen findes ikke", code: "NOT_FOUND" });
  });

  it("throws status 0 with NETWORK_ERROR when there is no answer", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await fetchPlanBackground(7).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it("passes an abort through untouched", async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("aborted", "AbortError");
    fetchMock.mockRejectedValue(abort);
    await expect(fetchPlanBackground(7, undefined, { signal: controller.signal })).rejects.toBe(abort);
  });

  it("ends the session on a 401 of the logged-in user, never in the public view", async () => {
    fetchMock.mockResolvedValue(json(401, { message: "jwt expired" }));
    await expect(fetchPlanBackground(7, "view-token")).rejects.toMatchObject({ status: 401 });
    expect(storage.get("token")).toBe("user-token");
    expect(navigate).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json(401, { message: "jwt expired" }));
    await expect(fetchPlanBackground(7)).rejects.toMatchObject({ status: 401 });
    expect(storage.has("token")).toBe(false);
    expect(navigate).toHaveBeenCalledWith(expect.stringContaining("/login"));
  });
});

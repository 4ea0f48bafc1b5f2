import { beforeEach, describe, expect, it, vi } from "vitest";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";

vi.mock("react-toastify", () => ({ toast: { error: vi.fn() } }));

const { configureApiClient } = await import("@/client/api");
const { autosavePlan } = await import("./plan-save-api");

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const sent = (n: number) => {
  const [url, init] = fetchMock.mock.calls[n]!;
  return { url, method: init?.method, body: JSON.parse(init?.body as string) as Record<string, unknown> };
};

const line = (id: string) => ({ ...EXAMPLE_ELEMENTS.line, id });
const base: PlanContent = { ...defaultPlanContent(), lines: [line("a"), line("b")] };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("window", {
    location: { pathname: "/app", search: "" },
    localStorage: { getItem: () => "the-token", setItem: () => {}, removeItem: () => {} },
    dispatchEvent: () => true,
  });
  configureApiClient({
    site: "skilteplanen",
    texts: { loggedOut: "", notInOrganisation: "", networkError: "", unexpectedError: "" },
    navigate: () => {},
  });
});

describe("autosavePlan", () => {
  it("sends the changed element alone with PATCH", async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 7, version: 4 }));
    const moved = { ...line("b"), width: 3 };
    const content = { ...base, lines: [base.lines[0]!, moved] };
    expect(await autosavePlan(7, { version: 3, base, content })).toMatchObject({ version: 4 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(0)).toEqual({
      url: "/api/signplan/7",
      method: "PATCH",
      // Issue 36: the fields the save sets, so the server merges only those onto a plan changed meanwhile.
      body: { version: 3, operations: [{ op: "replace", kind: "line", element: moved, fields: ["width"] }] },
    });
  });

  it("sends the editor's clientId and saveId, and answers the server's changes (issue 36)", async () => {
    const change = {
      signplanId: 7,
      version: 4,
      doneByUserId: 1,
      clientId: "c1c1c1c1",
      saveId: 5,
      at: "2026-12-06T18:00:00Z",
      operations: [],
    };
    fetchMock.mockResolvedValue(answer(200, { id: 7, version: 4, changes: [change] }));
    const content = { ...base, lines: [base.lines[0]!, { ...line("b"), width: 3 }] };
    expect(await autosavePlan(7, { version: 3, base, content, clientId: "c1c1c1c1", saveId: 5 })).toEqual({
      version: 4,
      id: 7,
      changes: [change],
    });
    expect(sent(0)).toMatchObject({ body: { clientId: "c1c1c1c1", saveId: 5 } });
  });

  it("sends nothing when nothing changed (an edit and its undo)", async () => {
    expect(await autosavePlan(7, { version: 3, base, content: { ...base } })).toEqual({ version: 3 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the whole plan with PUT where operations cannot say the change (a new drawing order)", async () => {
    fetchMock.mockResolvedValue(answer(200, { id: 7, version: 4 }));
    const content = { ...base, lines: [base.lines[1]!, base.lines[0]!] };
    await autosavePlan(7, { version: 3, base, content });
    expect(sent(0)).toMatchObject({ method: "PUT", body: { version: 3, content: { lines: [{ id: "b" }, { id: "a" }] } } });
  });

  it("falls back to the whole plan when the server lacks an element the editor has; other refusals are thrown", async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { message: "Elementet findes ikke.", code: "UNKNOWN_ELEMENT" }));
    fetchMock.mockResolvedValueOnce(answer(200, { id: 7, version: 4 }));
    const content = { ...base, lines: [base.lines[0]!] };
    expect(await autosavePlan(7, { version: 3, base, content })).toMatchObject({ version: 4 });
    expect(sent(0).method).toBe("PATCH");
    expect(sent(1)).toMatchObject({ method: "PUT", body: { version: 3, content: { lines: [{ id: "a" }] } } });

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(answer(409, { message: "Ændret.", version: 9 }));
    await expect(autosavePlan(7, { version: 3, base, content })).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

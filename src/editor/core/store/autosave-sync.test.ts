/**
 * The autosaver's live collaboration (issue 36): other clients' changes applied in version order and
 * rebased into the store, catching up on a gap or a 409, true conflicts left out of saves until resolved.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withChangedFields } from "@/client/projects/plan-save-api";
import { Autosaver, type AutosaverOptions, type SavePlanBody, type SavePlanResult } from "./autosave";
import { PlanStore } from "./plan-store";
import { PLAN_CHANGE_CONFLICT, type CatchUp, type LoggedOperation, type PlanChange } from "@/lib/elements/changes";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { applyOperations, diffPlanContent, type ElementOperation } from "@/lib/elements/operations";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null = null,
    readonly body: unknown = null,
  ) {
    super(code ?? "");
  }
}

const sign = (id: string, fields: Partial<typeof EXAMPLE_ELEMENTS.sign> = {}) => ({ ...EXAMPLE_ELEMENTS.sign, id, ...fields });
const signRef = (id: string, fields: Partial<typeof EXAMPLE_ELEMENTS.sign> = {}) => ({ kind: "sign" as const, element: sign(id, fields) });

const settle = () => vi.advanceTimersByTimeAsync(0);

function change(version: number, operations: LoggedOperation[], fields: Partial<PlanChange> = {}): PlanChange {
  return {
    signplanId: 7,
    version,
    doneByUserId: 2,
    clientId: "someone-else",
    saveId: 1,
    at: "2026-12-06T18:00:00Z",
    operations,
    ...fields,
  };
}

interface Call {
  body: SavePlanBody;
  resolve: (result: SavePlanResult) => void;
  reject: (error: unknown) => void;
}

/**
 * A fake server holding the plan: the test's changes of "someone else" are applied to it, and the
 * editor's saves too (after resolve), so the base the editor keeps can be compared with it.
 */
function setup(options: Partial<AutosaverOptions> = {}) {
  const start: PlanContent = { ...defaultPlanContent(), signs: [sign("s1"), sign("s2")] };
  const store = new PlanStore(start);
  const calls: Call[] = [];
  const save = vi.fn(
    (_planId: number, body: SavePlanBody) =>
      new Promise<SavePlanResult>((resolve, reject) => {
        calls.push({ body, resolve, reject });
      }),
  );
  const log: PlanChange[] = [];
  const fetchChanges = vi.fn(async (_planId: number, since: number): Promise<CatchUp> => ({
    version: log.length + 1,
    changes: log.filter((c) => c.version > since),
  }));
  const autosaver = new Autosaver({
    store,
    planId: 7,
    version: 1,
    save,
    random: () => 0.5,
    onOnline: () => () => {},
    clientId: "me-client",
    fetchChanges,
    gapWaitMs: 1500,
    ...options,
  });
  autosaver.start();
  let server = start;
  /** Someone else's save on the server: logged, and returned (not yet sent to the editor). */
  const theirs = (operations: LoggedOperation[], fields: Partial<PlanChange> = {}) => {
    const applied = applyOperations(server, operations as unknown as ElementOperation[]);
    if (!applied.ok) throw new Error("bad test change");
    server = applied.content;
    const made = change(log.length + 2, operations, fields);
    log.push(made);
    return made;
  };
  /** The server's answer to a PATCH that merged nothing: applies it, logs it as ours, answers with the changes since its base. */
  const answer = (call: Call) => {
    const operations = diffPlanContent(call.body.base, call.body.content)!.filter((o) => o.op !== "mapView");
    const logged = operations.map((o) =>
      o.op === "replace" ? { ...o, fields: Object.keys(o.element).filter((k) => k !== "id") } : o,
    ) as LoggedOperation[];
    theirs(logged, { clientId: call.body.clientId, saveId: call.body.saveId, doneByUserId: 1 });
    call.resolve({ version: log.length + 1, changes: log.filter((c) => c.version > call.body.version) });
  };
  return { store, autosaver, calls, save, fetchChanges, theirs, answer, server: () => server };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Autosaver and other clients' changes", () => {
  it("sends its clientId and an increasing saveId with every save", async () => {
    const { store, calls, answer } = setup();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 1 })] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[0]!.body).toMatchObject({ clientId: "me-client", saveId: 1, version: 1 });
    answer(calls[0]!);
    await settle();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 2 })] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[1]!.body).toMatchObject({ clientId: "me-client", saveId: 2, version: 2 });
  });

  it("applies another client's change without counting it as an edit", async () => {
    const { store, autosaver, save, theirs } = setup();
    autosaver.receiveChanges([theirs([{ op: "replace", kind: "sign", element: sign("s1", { name: "X" }), fields: ["name"] }])]);
    expect(store.find("s1")?.element).toEqual(sign("s1", { name: "X" }));
    expect(autosaver.getVersion()).toBe(2);
    expect(autosaver.hasUnsavedChanges()).toBe(false);
    expect(autosaver.getState()).toBe("saved");
    expect(store.canUndo()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it("keeps an unsaved edit and sends only it, against the new base", async () => {
    const { store, autosaver, calls, theirs, server } = setup();
    store.transact({ note: "move", put: [signRef("s1", { position: [10, 55] })] });
    autosaver.receiveChanges([
      theirs([
        { op: "replace", kind: "sign", element: sign("s1", { rotation: 90 }), fields: ["rotation"] },
        { op: "remove", id: "s2" },
      ]),
    ]);
    expect(store.getContent().signs).toEqual([sign("s1", { position: [10, 55], rotation: 90 })]);
    expect(autosaver.getStatus().conflicts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[0]!.body.version).toBe(2);
    expect(calls[0]!.body.base.signs).toEqual(server().signs);
    expect(diffPlanContent(calls[0]!.body.base, calls[0]!.body.content)).toEqual([
      { op: "replace", kind: "sign", element: sign("s1", { position: [10, 55], rotation: 90 }) },
    ]);
  });

  it("buffers a change that comes early and applies it after the missing one", async () => {
    const { store, autosaver, theirs, fetchChanges } = setup();
    const first = theirs([{ op: "replace", kind: "sign", element: sign("s1", { name: "A" }), fields: ["name"] }]);
    const second = theirs([{ op: "replace", kind: "sign", element: sign("s1", { name: "B" }), fields: ["name"] }]);
    autosaver.receiveChanges([second]);
    expect(autosaver.getVersion()).toBe(1);
    expect(store.find("s1")?.element).toEqual(sign("s1"));
    autosaver.receiveChanges([first]);
    expect(autosaver.getVersion()).toBe(3);
    expect(store.find("s1")?.element).toEqual(sign("s1", { name: "B" }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchChanges).not.toHaveBeenCalled();
  });

  it("catches up when the missing change does not come", async () => {
    const { store, autosaver, theirs, fetchChanges } = setup();
    theirs([{ op: "replace", kind: "sign", element: sign("s1", { name: "A" }), fields: ["name"] }]);
    const second = theirs([{ op: "remove", id: "s2" }]);
    autosaver.receiveChanges([second]);
    await vi.advanceTimersByTimeAsync(1499);
    expect(fetchChanges).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchChanges).toHaveBeenCalledWith(7, 1);
    expect(autosaver.getVersion()).toBe(3);
    expect(store.getContent().signs).toEqual([sign("s1", { name: "A" })]);
  });

  it("a hint (signplanUpdate) catches up only if the change itself does not arrive", async () => {
    const { autosaver, theirs, fetchChanges } = setup();
    const made = theirs([{ op: "remove", id: "s2" }]);
    autosaver.hint();
    autosaver.receiveChanges([made]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchChanges).not.toHaveBeenCalled();
    theirs([{ op: "remove", id: "s1" }]);
    autosaver.hint();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchChanges).toHaveBeenCalledTimes(1);
    expect(autosaver.getVersion()).toBe(3);
  });

  it("brings the others' changes in from a save's answer, and its own without conflict", async () => {
    const { store, autosaver, calls, answer, theirs, server } = setup();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 7 })] });
    await vi.advanceTimersByTimeAsync(1000);
    // Someone saved meanwhile; the server merged ours onto it (our answer carries both).
    theirs([{ op: "replace", kind: "sign", element: sign("s2", { name: "Z" }), fields: ["name"] }]);
    answer(calls[0]!);
    await settle();
    expect(autosaver.getVersion()).toBe(3);
    expect(store.getContent().signs).toEqual(server().signs);
    expect(autosaver.getStatus().conflicts).toEqual([]);
    expect(autosaver.getState()).toBe("saved");
  });

  it("on a 409 conflict catches up, shows the conflict, saves the rest, and sends mine once resolved", async () => {
    const { store, autosaver, calls, theirs } = setup();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 10 }), signRef("s2", { name: "Mine" })] });
    await vi.advanceTimersByTimeAsync(1000);
    theirs([{ op: "replace", kind: "sign", element: sign("s1", { rotation: 20 }), fields: ["rotation"] }], { doneByUserId: 5 });
    calls[0]!.reject(new FakeApiError(409, PLAN_CHANGE_CONFLICT, { version: 2, conflicts: [{ elementId: "s1", fields: ["rotation"] }] }));
    await settle();
    const conflicts = autosaver.getStatus().conflicts;
    expect(conflicts).toMatchObject([{ elementId: "s1", conflict: "fields", fields: ["rotation"], byUserId: 5 }]);
    expect(conflicts[0]!.mine).toMatchObject({ rotation: 10 });
    expect(conflicts[0]!.theirs).toMatchObject({ rotation: 20 });
    expect(autosaver.hasUnsavedChanges()).toBe(true);
    expect(store.find("s1")?.element).toMatchObject({ rotation: 10 });
    // The rest goes; the conflicted element is sent as the server has it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(diffPlanContent(calls[1]!.body.base, calls[1]!.body.content)).toEqual([
      { op: "replace", kind: "sign", element: sign("s2", { name: "Mine" }) },
    ]);
    calls[1]!.resolve({ version: 3 });
    await settle();
    autosaver.resolveConflicts("mine", ["s1"]);
    expect(autosaver.getStatus().conflicts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(3);
    expect(diffPlanContent(calls[2]!.body.base, calls[2]!.body.content)).toEqual([
      { op: "replace", kind: "sign", element: sign("s1", { rotation: 10 }) },
    ]);
  });

  it("resolving to theirs puts theirs in the store", async () => {
    const { store, autosaver, theirs } = setup();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 10 })] });
    autosaver.receiveChanges([theirs([{ op: "replace", kind: "sign", element: sign("s1", { rotation: 20 }), fields: ["rotation"] }])]);
    expect(autosaver.getStatus().conflicts).toHaveLength(1);
    autosaver.resolveConflicts("theirs");
    expect(store.find("s1")?.element).toEqual(sign("s1", { rotation: 20 }));
    expect(autosaver.getStatus().conflicts).toEqual([]);
  });

  it("an own change coming back by socket before the save's answer is no conflict", async () => {
    const { store, autosaver, calls, theirs } = setup();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 3 })] });
    await vi.advanceTimersByTimeAsync(1000);
    // The user goes on editing the same field while the save is out.
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 4 })] });
    const own = theirs([{ op: "replace", kind: "sign", element: sign("s1", { rotation: 3 }), fields: ["rotation"] }], {
      clientId: "me-client",
      saveId: 1,
    });
    autosaver.receiveChanges([own]);
    calls[0]!.resolve({ version: 2, changes: [own] });
    await settle();
    expect(autosaver.getStatus().conflicts).toEqual([]);
    expect(store.find("s1")?.element).toEqual(sign("s1", { rotation: 4 }));
    expect(autosaver.getVersion()).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(diffPlanContent(calls[1]!.body.base, calls[1]!.body.content)).toEqual([
      { op: "replace", kind: "sign", element: sign("s1", { rotation: 4 }) },
    ]);
  });

  it("too far behind: reads the whole plan and keeps the unsaved edits on it", async () => {
    const fetchPlan = vi.fn(async () => ({
      version: 900,
      content: { ...defaultPlanContent(), signs: [sign("s1", { name: "Server" })] },
    }));
    const { store, autosaver } = setup({ fetchPlan });
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 3 })] });
    autosaver.receiveCatchUp({ version: 900, reload: true });
    await settle();
    expect(autosaver.getVersion()).toBe(900);
    expect(store.getContent().signs).toEqual([sign("s1", { rotation: 3, name: "Server" })]);
    expect(autosaver.hasUnsavedChanges()).toBe(true);
  });

  it("a view saved in place (no new version, no changes) is the base's view from then on", async () => {
    const { store, calls } = setup();
    store.transact({ note: "view", mapView: { zoom: 3.5 } });
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.resolve({ version: 1, changes: [] });
    await settle();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 9 })] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(diffPlanContent(calls[1]!.body.base, calls[1]!.body.content)).toEqual([
      { op: "replace", kind: "sign", element: sign("s1", { rotation: 9 }) },
    ]);
  });

  it("after a save without an answer, catches up first: a save that landed is not sent again", async () => {
    const { store, autosaver, calls, theirs, fetchChanges } = setup();
    store.transact({ note: "add", put: [signRef("s9")] });
    await vi.advanceTimersByTimeAsync(1000);
    // The save reached the server, but its answer was lost.
    theirs([{ op: "add", kind: "sign", element: sign("s9") }], { clientId: "me-client", saveId: 1 });
    calls[0]!.reject(new FakeApiError(0));
    await settle();
    expect(autosaver.getState()).toBe("offline");
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 5 })] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchChanges).toHaveBeenCalledWith(7, 1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.version).toBe(2);
    // What PATCH carries: the rotation, not the sign added again.
    expect(withChangedFields(diffPlanContent(calls[1]!.body.base, calls[1]!.body.content)!, calls[1]!.body.base)).toEqual([
      { op: "replace", kind: "sign", element: sign("s1", { rotation: 5 }), fields: ["rotation"] },
    ]);
  });

  it("an edit that makes the conflicting field agree closes the conflict", async () => {
    const { store, autosaver, theirs } = setup();
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 10 })] });
    autosaver.receiveChanges([theirs([{ op: "replace", kind: "sign", element: sign("s1", { rotation: 20 }), fields: ["rotation"] }])]);
    expect(autosaver.getStatus().conflicts).toHaveLength(1);
    store.transact({ note: "rotate", put: [signRef("s1", { rotation: 20 })] });
    expect(autosaver.getStatus().conflicts).toEqual([]);
  });
});

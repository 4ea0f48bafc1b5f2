import { describe, expect, it } from "vitest";
import { PlanStore, UNDO_LIMIT, type StoreChange } from "./plan-store";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent } from "@/lib/elements/plan-content";

const line = (id: string, width = 1) => ({ kind: "line" as const, element: { ...EXAMPLE_ELEMENTS.line, id, width } });
const text = (id: string) => ({ kind: "text" as const, element: { ...EXAMPLE_ELEMENTS.text, id } });

/** The line `id` as the store holds it (a test fails here when it is gone or of another kind). */
function lineIn(store: PlanStore, id: string) {
  const ref = store.find(id);
  if (ref?.kind !== "line") throw new Error(`${id} is not a line in the store`);
  return ref.element;
}

function storeWith(...refs: ReturnType<typeof line | typeof text>[]) {
  const store = new PlanStore(defaultPlanContent());
  if (refs.length) store.transact({ note: "seed", put: refs });
  return store;
}

describe("PlanStore.transact", () => {
  it("adds, replaces in place and removes, each as one revision with a new content object", () => {
    const store = storeWith(line("a"), line("b"));
    const before = store.getContent();
    const changes: StoreChange[] = [];
    store.subscribe((c) => changes.push(c));

    store.transact({ note: "widen", put: [line("a", 5)] });
    expect(store.getContent()).not.toBe(before);
    expect(store.getContent().lines.map((l) => [l.id, l.width])).toEqual([
      ["a", 5],
      ["b", 1],
    ]);
    store.transact({ note: "delete", remove: ["b", "unknown"] });
    expect(store.getContent().lines.map((l) => l.id)).toEqual(["a"]);
    expect(changes.map((c) => [c.revision, c.put.length, c.removed])).toEqual([
      [2, 1, []],
      [3, 0, ["b"]],
    ]);
    // The old content object was not mutated.
    expect(before.lines.map((l) => l.width)).toEqual([1, 1]);
  });

  it("does nothing (no revision, no undo step) for an empty or no-op transaction", () => {
    const store = storeWith(line("a"));
    const revision = store.getRevision();
    store.transact({ note: "nothing", remove: ["missing"] });
    store.transact({ note: "same view", mapView: { zoom: store.getMapView().zoom } });
    expect(store.getRevision()).toBe(revision);
  });

  it("saves map view changes without an undo step", () => {
    const store = storeWith(line("a"));
    store.undo();
    store.redo();
    store.transact({ note: "pan", mapView: { center: [12, 55], zoom: 15 } });
    expect(store.getMapView()).toMatchObject({ center: [12, 55], zoom: 15 });
    expect(store.undo()).toBe(true); // undoes the seed, not the pan
    expect(store.getMapView().zoom).toBe(15);
    expect(store.getContent().lines).toEqual([]);
  });
});

describe("PlanStore undo and redo", () => {
  it("returns exactly to every earlier state and forward again, keeping drawing order", () => {
    const store = storeWith(line("a"), line("b"), line("c"), text("t"));
    const states = [store.getContent()];
    store.transact({ note: "edit b", put: [line("b", 9)] });
    states.push(store.getContent());
    store.transact({ note: "remove a and t, add d", remove: ["a", "t"], put: [line("d")] });
    states.push(store.getContent());

    expect(store.undo()).toBe(true);
    expect(store.getContent()).toEqual(states[1]);
    expect(store.undo()).toBe(true);
    expect(store.getContent()).toEqual(states[0]);
    expect(store.redo()).toBe(true);
    expect(store.getContent()).toEqual(states[1]);
    expect(store.redo()).toBe(true);
    expect(store.getContent()).toEqual(states[2]);
    expect(store.redo()).toBe(false);
  });

  it("clears redo after a new change and caps the undo stack", () => {
    const store = storeWith(line("a"));
    store.transact({ note: "w2", put: [line("a", 2)] });
    store.undo();
    expect(store.canRedo()).toBe(true);
    store.transact({ note: "w3", put: [line("a", 3)] });
    expect(store.canRedo()).toBe(false);
    for (let i = 0; i < UNDO_LIMIT + 20; i++) store.transact({ note: "w", put: [line("a", 4 + (i % 50))] });
    let undone = 0;
    while (store.undo()) undone++;
    expect(undone).toBe(UNDO_LIMIT);
  });

  it("finds elements by id after undo and redo", () => {
    const store = storeWith(line("a"));
    store.transact({ note: "remove", remove: ["a"] });
    expect(store.find("a")).toBeUndefined();
    store.undo();
    expect(store.find("a")).toMatchObject({ kind: "line", element: { id: "a" } });
    expect(store.elementCount()).toBe(1);
  });
});

describe("PlanStore.replace and selection", () => {
  it("replaces the content, clears history and drops a selection of vanished elements", () => {
    const store = storeWith(line("a"), line("b"));
    store.select(["a", "b", "nope"]);
    expect([...store.getSelection()]).toEqual(["a", "b"]);
    const next = { ...defaultPlanContent(), lines: [{ ...EXAMPLE_ELEMENTS.line, id: "b" }] };
    store.replace(next);
    expect(store.getContent()).toBe(next);
    expect([...store.getSelection()]).toEqual(["b"]);
    expect(store.canUndo()).toBe(false);
  });

  it("with keepHistory, a replace is one undoable step", () => {
    const store = storeWith(line("a"), text("t"));
    const before = store.getContent();
    const loaded = defaultPlanContent();
    store.replace(
      { ...loaded, mapView: { ...loaded.mapView, zoom: 19 }, lines: [{ ...EXAMPLE_ELEMENTS.line, id: "z" }] },
      { keepHistory: true },
    );
    expect(store.getMapView().zoom).toBe(19);
    store.undo();
    expect(store.getMapView()).toEqual(before.mapView);
    expect(store.getContent().lines.map((l) => l.id)).toEqual(before.lines.map((l) => l.id));
    expect(store.getContent().texts.map((t) => t.id)).toEqual(["t"]);
    expect(store.find("z")).toBeUndefined();
  });

  it("removing a selected element removes it from the selection", () => {
    const store = storeWith(line("a"), line("b"));
    const seen: string[][] = [];
    store.subscribeSelection((s) => seen.push([...s]));
    store.select(["a"]);
    store.transact({ note: "delete", remove: ["a"] });
    expect(seen).toEqual([["a"], []]);
  });
});

describe("PlanStore: the plan information", () => {
  const info = { responsiblePerson: "Karen Hansen", responsiblePhone: "+45 12 34 56 78", phase: "active" as const };

  it("a transaction sets it as one undoable step, told to subscribers; undo and redo go back and forth", () => {
    const store = storeWith(line("a"));
    const changes: StoreChange[] = [];
    store.subscribe((c) => changes.push(c));
    store.transact({ note: "plan info", planInfo: info });
    expect(store.getPlanInfo()).toEqual(info);
    expect(store.getContent().planInfo).toEqual(info);
    expect(changes.at(-1)).toMatchObject({ reason: "transact", planInfoChanged: true, mapViewChanged: false, put: [], removed: [] });

    expect(store.undo()).toBe(true);
    expect(store.getPlanInfo()).toEqual({});
    expect(changes.at(-1)).toMatchObject({ reason: "undo", planInfoChanged: true });
    expect(store.getContent().lines.map((l) => l.id)).toEqual(["a"]); // only that step was undone
    expect(store.redo()).toBe(true);
    expect(store.getPlanInfo()).toEqual(info);
    expect(changes.at(-1)).toMatchObject({ reason: "redo", planInfoChanged: true });
  });

  it("replaces the whole information (a field left out is cleared), and the same information again is no step", () => {
    const store = storeWith();
    store.transact({ note: "plan info", planInfo: info });
    const revision = store.getRevision();
    store.transact({ note: "same", planInfo: { phase: "active", responsiblePhone: "+45 12 34 56 78", responsiblePerson: "Karen Hansen" } });
    store.transact({ note: "same", planInfo: { ...info, client: undefined } });
    expect(store.getRevision()).toBe(revision);
    store.transact({ note: "less", planInfo: { responsiblePerson: "Ole" } });
    expect(store.getPlanInfo()).toEqual({ responsiblePerson: "Ole" });
    store.undo();
    expect(store.getPlanInfo()).toEqual(info);
    store.undo();
    expect(store.getPlanInfo()).toEqual({});
    expect(store.canUndo()).toBe(false);
  });

  it("goes with the elements of the same transaction into one step, and a kept-history replace restores it", () => {
    const store = storeWith();
    store.transact({ note: "both", put: [line("a")], planInfo: info });
    store.undo();
    expect(store.getContent().lines).toEqual([]);
    expect(store.getPlanInfo()).toEqual({});

    store.redo();
    store.replace({ ...defaultPlanContent(), planInfo: { planNumber: "TA-2024-17" } }, { keepHistory: true });
    expect(store.getPlanInfo()).toEqual({ planNumber: "TA-2024-17" });
    store.undo();
    expect(store.getPlanInfo()).toEqual(info);
  });
});

describe("PlanStore phases", () => {
  const phased = (id: string, phase?: "active" | "inactive") => ({
    kind: "line" as const,
    element: { ...EXAMPLE_ELEMENTS.line, id, ...(phase ? { phase } : {}) },
  });

  it("shows every element at first; a phase shown leaves the other phase's elements out of a selection", () => {
    const store = storeWith();
    store.transact({ note: "seed", put: [phased("both"), phased("day", "active"), phased("night", "inactive")] });
    expect(store.getPhaseView()).toBe("all");
    store.select(["both", "day", "night"]);
    expect([...store.getSelection()]).toEqual(["both", "day", "night"]);
    const views: string[] = [];
    store.subscribePhaseView((view) => views.push(view));
    store.showPhase("active");
    expect(views).toEqual(["active"]);
    expect([...store.getSelection()]).toEqual(["both", "day"]);
    store.select(["night", "both"]);
    expect([...store.getSelection()]).toEqual(["both"]);
    expect(["both", "day", "night"].map((id) => store.isShown(id))).toEqual([true, true, false]);
    // Showing a phase changes nothing in the plan.
    expect(store.canUndo()).toBe(true);
    expect(store.getContent().lines.map((l) => l.phase)).toEqual([undefined, "active", "inactive"]);
  });

  it("gives what is added while one phase is shown that phase; edits and elements of their own phase keep theirs", () => {
    const store = storeWith(phased("old"));
    store.showPhase("inactive");
    store.transact({ note: "draw", put: [phased("new"), phased("day", "active")] });
    store.transact({ note: "widen", put: [{ kind: "line", element: { ...lineIn(store, "old"), width: 3 } }] });
    expect(store.getContent().lines.map((l) => [l.id, l.phase])).toEqual([
      ["old", undefined],
      ["new", "inactive"],
      ["day", "active"],
    ]);
    // Undone and redone, the new element comes back in its phase.
    store.undo();
    store.undo();
    expect(store.find("new")).toBeUndefined();
    store.redo();
    expect(store.find("new")!.element.phase).toBe("inactive");
    store.showPhase("all");
    store.transact({ note: "draw", put: [phased("later")] });
    expect(store.find("later")!.element.phase).toBeUndefined();
  });
});

describe("PlanStore phases and the selection", () => {
  it("drops a selected element whose phase an undo or another user's plan puts out of sight", () => {
    const store = storeWith(line("a"), line("b"));
    store.showPhase("active");
    store.select(["a", "b"]);
    store.transact({ note: "phase", put: [{ kind: "line", element: { ...lineIn(store, "a"), phase: "active" } }] });
    expect([...store.getSelection()]).toEqual(["a", "b"]);
    store.transact({ note: "phase", put: [{ kind: "line", element: { ...lineIn(store, "b"), phase: "inactive" } }] });
    expect([...store.getSelection()]).toEqual(["a"]);
    store.undo();
    store.select(["a", "b"]);
    const remote = { ...store.getContent(), lines: store.getContent().lines.map((l) => ({ ...l, phase: "inactive" as const })) };
    store.replace(remote);
    expect([...store.getSelection()]).toEqual([]);
  });
});

describe("PlanStore.applyRemote (another client's change, issue 36)", () => {
  it("changes the plan without an undo step and tells subscribers why", () => {
    const store = new PlanStore({ ...defaultPlanContent(), lines: [line("a").element] });
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    store.applyRemote({ put: [line("a", 3), line("b")], remove: [] });
    expect(lineIn(store, "a").width).toBe(3);
    expect(store.canUndo()).toBe(false);
    expect(changes.map((change) => [change.reason, change.put.length])).toEqual([["remote", 2]]);
    store.applyRemote({ put: [], remove: ["b"] });
    expect(changes.at(-1)).toMatchObject({ reason: "remote", removed: ["b"] });
  });

  it("undoing my edit afterwards keeps the fields the colleague changed meanwhile", () => {
    const store = storeWith(line("a"));
    const moved = {
      kind: "line" as const,
      element: {
        ...EXAMPLE_ELEMENTS.line,
        id: "a",
        width: 1,
        coordinates: [
          [10.4, 55.4],
          [10.41, 55.4],
        ] as [number, number][],
      },
    };
    store.transact({ note: "move", put: [moved] });
    store.applyRemote({ put: [{ kind: "line", element: { ...moved.element, colour: "#ff0000" } }], remove: [] });
    store.undo();
    expect(lineIn(store, "a")).toMatchObject({ colour: "#ff0000", coordinates: EXAMPLE_ELEMENTS.line.coordinates });
    store.redo();
    expect(lineIn(store, "a")).toMatchObject({ colour: "#ff0000", coordinates: moved.element.coordinates });
  });
});

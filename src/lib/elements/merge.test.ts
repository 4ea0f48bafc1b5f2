import { describe, expect, it } from "vitest";
import type { PlanChange, LoggedOperation } from "./changes";
import { EXAMPLE_ELEMENTS } from "./examples";
import { PLAN_INFO_ID, contentChanges, countChangedElements, diffContentByValue, rebaseOperations } from "./merge";
import { applyOperations, type ElementOperation } from "./operations";
import { defaultPlanContent, type PlanContent } from "./plan-content";

const A = EXAMPLE_ELEMENTS.line;
const line = (id: string, extra: Record<string, unknown> = {}) => ({ ...A, id, ...extra });

function plan(lines = [line("a"), line("b"), line("c")]): PlanContent {
  return { ...defaultPlanContent(), lines, signs: [EXAMPLE_ELEMENTS.sign] } as PlanContent;
}

let nextVersion = 2;
const change = (operations: LoggedOperation[], clientId: string | null = "other-client"): PlanChange => ({
  signplanId: 1,
  version: nextVersion++,
  doneByUserId: 2,
  clientId,
  saveId: clientId ? 1 : null,
  at: new Date().toISOString(),
  operations,
});

function apply(content: PlanContent, operations: readonly ElementOperation[]): PlanContent {
  const result = applyOperations(content, operations as ElementOperation[]);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.content;
}

describe("rebaseOperations", () => {
  it("merges a save onto another client's change of other fields of the same element", () => {
    // Base: line b as in plan(). Another client set b's colour; this save sets b's width.
    const current = plan([line("a"), line("b", { colour: "#ff0000" }), line("c")]);
    const theirs = change([{ op: "replace", kind: "line", element: line("b", { colour: "#ff0000" }), fields: ["colour"] }]);
    const result = rebaseOperations(
      [{ op: "replace", kind: "line", element: line("b", { width: 3 }), fields: ["width"] }],
      [theirs],
      current,
      "me-client",
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const merged = apply(current, result.operations);
    expect(merged.lines[1]).toMatchObject({ id: "b", colour: "#ff0000", width: 3 });
  });

  it("refuses a save that sets a field another client set to something else, naming element and fields", () => {
    const current = plan([line("a"), line("b", { colour: "#ff0000" }), line("c")]);
    const theirs = change([{ op: "replace", kind: "line", element: line("b", { colour: "#ff0000" }), fields: ["colour"] }]);
    const result = rebaseOperations(
      [{ op: "replace", kind: "line", element: line("b", { colour: "#00ff00", width: 2 }), fields: ["colour", "width"] }],
      [theirs],
      current,
      "me-client",
    );
    expect(result).toEqual({ ok: false, conflicts: [{ elementId: "b", fields: ["colour"] }] });
  });

  it("is no conflict where both set the same value, or the other change was the client's own", () => {
    const current = plan([line("a"), line("b", { colour: "#ff0000" }), line("c")]);
    const theirs = change([{ op: "replace", kind: "line", element: line("b", { colour: "#ff0000" }), fields: ["colour"] }]);
    const same = rebaseOperations(
      [{ op: "replace", kind: "line", element: line("b", { colour: "#ff0000" }), fields: ["colour"] }],
      [theirs],
      current,
      "me",
    );
    expect(same.ok).toBe(true);
    const own = change([{ op: "replace", kind: "line", element: line("b", { colour: "#ff0000" }), fields: ["colour"] }], "me");
    const mine = rebaseOperations(
      [{ op: "replace", kind: "line", element: line("b", { colour: "#0000ff" }), fields: ["colour"] }],
      [own],
      current,
      "me",
    );
    expect(mine.ok).toBe(true);
  });

  it("a save without a clientId conflicts with every other change; without fields it sets every field", () => {
    const current = plan([line("a"), line("b", { colour: "#ff0000" }), line("c")]);
    const theirs = change([{ op: "replace", kind: "line", element: line("b", { colour: "#ff0000" }), fields: ["colour"] }], null);
    const result = rebaseOperations([{ op: "replace", kind: "line", element: line("b", { width: 5 }) }], [theirs], current, null);
    expect(result).toEqual({ ok: false, conflicts: [{ elementId: "b", fields: ["colour"] }] });
  });

  it("drops the remove of an element another client removed; a change of a removed element, or the removal of a changed one, conflicts", () => {
    const current = plan([line("a"), line("c", { width: 4 })]);
    const theirs = change([
      { op: "remove", id: "b" },
      { op: "replace", kind: "line", element: line("c", { width: 4 }), fields: ["width"] },
    ]);
    const dropped = rebaseOperations(
      [
        { op: "remove", id: "b" },
        { op: "add", kind: "line", element: line("d") },
      ],
      [theirs],
      current,
      "me",
    );
    expect(dropped).toEqual({ ok: true, operations: [{ op: "add", kind: "line", element: line("d") }] });
    const changedGone = rebaseOperations(
      [{ op: "replace", kind: "line", element: line("b", { width: 9 }), fields: ["width"] }],
      [theirs],
      current,
      "me",
    );
    expect(changedGone).toEqual({ ok: false, conflicts: [{ elementId: "b", fields: ["width"] }] });
    const removedChanged = rebaseOperations([{ op: "remove", id: "c" }], [theirs], current, "me");
    expect(removedChanged).toEqual({ ok: false, conflicts: [{ elementId: "c", fields: ["width"] }] });
  });

  it("keeps additions and lets the save change what it adds itself; leaves an unknown element for applyOperations to refuse", () => {
    const current = plan([line("a"), line("b"), line("c"), line("x")]);
    const theirs = change([{ op: "add", kind: "line", element: line("x"), index: 3 }]);
    const operations: ElementOperation[] = [
      { op: "add", kind: "line", element: line("y") },
      { op: "replace", kind: "line", element: line("y", { width: 2 }), fields: ["width"] },
      { op: "replace", kind: "line", element: line("nope"), fields: ["width"] },
    ];
    const result = rebaseOperations(operations, [theirs], current, "me");
    expect(result).toEqual({ ok: true, operations });
    expect(applyOperations(current, operations)).toMatchObject({ ok: false, error: { code: "unknownElement", id: "nope" } });
  });

  it("merges the plan information per field", () => {
    const current = { ...plan(), planInfo: { contractor: "Them", client: "Base" } } as PlanContent;
    const theirs = change([{ op: "planInfo", planInfo: { contractor: "Them", client: "Base" }, fields: ["contractor"] }]);
    const merged = rebaseOperations([{ op: "planInfo", planInfo: { client: "Me" }, fields: ["client"] }], [theirs], current, "me");
    expect(merged.ok && apply(current, merged.operations).planInfo).toEqual({ contractor: "Them", client: "Me" });
    const clash = rebaseOperations([{ op: "planInfo", planInfo: { contractor: "Me" }, fields: ["contractor"] }], [theirs], current, "me");
    expect(clash).toEqual({ ok: false, conflicts: [{ elementId: PLAN_INFO_ID, fields: ["contractor"] }] });
  });
});

describe("diffContentByValue", () => {
  it("finds additions, removals, changed fields and the plan information by value, and rebuilds the lists exactly", () => {
    const before = plan();
    const after = {
      ...plan([line("x"), JSON.parse(JSON.stringify(line("a"))), line("c", { width: 8 }), line("y")]),
      planInfo: { contractor: "C" },
    } as PlanContent;
    const operations = diffContentByValue(before, after);
    expect(operations).toEqual([
      { op: "remove", id: "b" },
      { op: "replace", kind: "line", element: line("c", { width: 8 }), fields: ["width"] },
      { op: "add", kind: "line", element: line("x"), index: 0 },
      { op: "add", kind: "line", element: line("y"), index: 3 },
      { op: "planInfo", planInfo: { contractor: "C" }, fields: ["contractor"] },
    ]);
    const rebuilt = apply(before, operations as ElementOperation[]);
    expect(rebuilt.lines).toEqual(after.lines);
    expect(rebuilt.planInfo).toEqual(after.planInfo);
    expect(countChangedElements(operations)).toBe(5);
  });

  it("says a move in the drawing order as a remove and an add of the fewest elements", () => {
    const before = plan([line("a"), line("b"), line("c"), line("d")]);
    const after = plan([line("b"), line("c"), line("a"), line("d")]);
    const operations = diffContentByValue(before, after);
    expect(operations).toEqual([
      { op: "remove", id: "a" },
      { op: "add", kind: "line", element: line("a"), index: 2 },
    ]);
    expect(apply(before, operations as ElementOperation[]).lines.map((l) => l.id)).toEqual(["b", "c", "a", "d"]);
  });

  it("is empty for equal contents; contentChanges names added, changed and removed ids", () => {
    expect(diffContentByValue(plan(), plan())).toEqual([]);
    const after = plan([line("a", { width: 2 }), line("c"), line("z")]);
    expect(contentChanges(plan(), after)).toEqual({ added: ["z"], changed: ["a"], removed: ["b"] });
  });
});

import { describe, expect, it } from "vitest";
import { conflictStillOpen, mergeElement, rebase, rebaseOntoPlan, resolveConflict, withoutConflicts, PLAN_INFO_ID } from "./rebase";
import { PlanStore } from "@/editor/core/store/plan-store";
import type { LoggedOperation, PlanChange } from "@/lib/elements/changes";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { diffPlanContent } from "@/lib/elements/operations";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";

const sign = (id: string, fields: Partial<typeof EXAMPLE_ELEMENTS.sign> = {}) => ({ ...EXAMPLE_ELEMENTS.sign, id, ...fields });
const text = (id: string, fields: Partial<typeof EXAMPLE_ELEMENTS.text> = {}) => ({ ...EXAMPLE_ELEMENTS.text, id, ...fields });

function plan(content: Partial<PlanContent>): PlanContent {
  return { ...defaultPlanContent(), ...content };
}

function change(operations: LoggedOperation[], fields: Partial<PlanChange> = {}): PlanChange {
  return {
    signplanId: 1,
    version: 2,
    doneByUserId: 9,
    clientId: "other-client",
    saveId: 1,
    at: "2026-12-06T18:00:00Z",
    operations,
    ...fields,
  };
}

/** Applies a rebase's transaction to a store holding `mine`, and returns the store's content. */
function applied(mine: PlanContent, result: ReturnType<typeof rebase>): PlanContent {
  if (!result.ok) throw new Error("rebase failed");
  const store = new PlanStore(mine);
  store.applyRemote(result.tx);
  return store.getContent();
}

describe("mergeElement", () => {
  const base = { id: "a", x: 1, y: 1 };
  it("takes theirs where nothing changed here", () => {
    expect(mergeElement(base, base, { id: "a", x: 2, y: 1 }, false)).toEqual({ result: { id: "a", x: 2, y: 1 }, conflict: null });
    expect(mergeElement(base, { ...base }, undefined, false)).toEqual({ result: undefined, conflict: null });
  });
  it("puts my changed fields on top of theirs", () => {
    expect(mergeElement(base, { id: "a", x: 5, y: 1 }, { id: "a", x: 1, y: 7 }, false)).toEqual({
      result: { id: "a", x: 5, y: 7 },
      conflict: null,
    });
  });
  it("the same change on both sides is no conflict", () => {
    expect(mergeElement(base, { id: "a", x: 5, y: 1 }, { id: "a", x: 5, y: 1 }, false).conflict).toBeNull();
  });
  it("a field changed to different values is a conflict, mine kept meanwhile", () => {
    expect(mergeElement(base, { id: "a", x: 5, y: 1 }, { id: "a", x: 6, y: 2 }, false)).toEqual({
      result: { id: "a", x: 5, y: 2 },
      conflict: { kind: "fields", fields: ["x"] },
    });
  });
  it("their removal of what I changed, and their change of what I removed, are conflicts", () => {
    expect(mergeElement(base, { id: "a", x: 5, y: 1 }, undefined, false)).toEqual({
      result: { id: "a", x: 5, y: 1 },
      conflict: { kind: "removedByThem", fields: ["x"] },
    });
    expect(mergeElement(base, undefined, { id: "a", x: 1, y: 3 }, false)).toEqual({
      result: undefined,
      conflict: { kind: "removedByMe", fields: ["y"] },
    });
    expect(mergeElement(base, undefined, undefined, false)).toEqual({ result: undefined, conflict: null });
  });
  it("my own change coming back never conflicts", () => {
    expect(mergeElement(base, { id: "a", x: 5, y: 1 }, { id: "a", x: 6, y: 1 }, true).conflict).toBeNull();
    expect(mergeElement(base, { id: "a", x: 5, y: 1 }, undefined, true)).toEqual({ result: undefined, conflict: null });
  });
});

describe("rebase", () => {
  const base = plan({ signs: [sign("s1"), sign("s2")], texts: [text("t1")] });

  it("brings another client's change into an unchanged store and advances the base", () => {
    const theirs = sign("s1", { rotation: 90 });
    const result = rebase(base, base, change([{ op: "replace", kind: "sign", element: theirs, fields: ["rotation"] }]), "me");
    expect(result.ok && result.conflicts).toEqual([]);
    expect(result.ok && result.base.signs[0]).toEqual(theirs);
    expect(applied(base, result).signs[0]).toEqual(theirs);
  });

  it("keeps my unsaved edits of other elements and other fields of the same element", () => {
    // I moved s1 and changed t1's text; they rotated s1, removed s2 and added s3.
    const mine = plan({ signs: [sign("s1", { position: [10, 55] }), sign("s2")], texts: [text("t1", { text: "Mine" })] });
    const result = rebase(
      base,
      mine,
      change([
        { op: "replace", kind: "sign", element: sign("s1", { rotation: 90 }), fields: ["rotation"] },
        { op: "remove", id: "s2" },
        { op: "add", kind: "sign", element: sign("s3") },
      ]),
      "me",
    );
    expect(result.ok && result.conflicts).toEqual([]);
    const content = applied(mine, result);
    expect(content.signs).toEqual([sign("s1", { position: [10, 55], rotation: 90 }), sign("s3")]);
    expect(content.texts).toEqual([text("t1", { text: "Mine" })]);
    // What the next save sends: only my edits, against the new base.
    const operations = result.ok ? diffPlanContent(result.base, content) : null;
    expect(operations?.map((operation) => operation.op === "replace" && operation.element.id)).toEqual(["s1", "t1"]);
  });

  it("names a true conflict with both values and who made theirs; the store keeps mine", () => {
    const mine = plan({ signs: [sign("s1", { rotation: 10 }), sign("s2")], texts: [text("t1")] });
    const result = rebase(
      base,
      mine,
      change([{ op: "replace", kind: "sign", element: sign("s1", { rotation: 20, name: "B" }), fields: ["name", "rotation"] }], {
        doneByUserId: 42,
      }),
      "me",
    );
    if (!result.ok) throw new Error("rebase failed");
    expect(result.conflicts).toEqual([
      {
        elementId: "s1",
        kind: "sign",
        conflict: "fields",
        fields: ["rotation"],
        mine: sign("s1", { rotation: 10 }),
        theirs: sign("s1", { rotation: 20, name: "B" }),
        base: sign("s1"),
        byUserId: 42,
      },
    ]);
    expect(applied(mine, result).signs[0]).toEqual(sign("s1", { rotation: 10, name: "B" }));
  });

  it("conflicts on the plan information field by field", () => {
    const b = plan({ planInfo: { responsiblePerson: "A", phone: "1" } as PlanContent["planInfo"] });
    const mine = plan({ planInfo: { responsiblePerson: "Me", phone: "1" } as PlanContent["planInfo"] });
    const theirs = { responsiblePerson: "Them", phone: "2" };
    const result = rebase(b, mine, change([{ op: "planInfo", planInfo: theirs, fields: ["phone", "responsiblePerson"] }]), "me");
    if (!result.ok) throw new Error("rebase failed");
    expect(result.conflicts.map((c) => [c.elementId, c.fields])).toEqual([[PLAN_INFO_ID, ["responsiblePerson"]]]);
    expect(result.tx.planInfo).toEqual({ responsiblePerson: "Me", phone: "2" });
  });

  it("my own save coming back changes nothing in the store and never conflicts", () => {
    const mine = plan({ signs: [sign("s1", { rotation: 10 }), sign("s2")], texts: [text("t1")] });
    const result = rebase(
      base,
      mine,
      change([{ op: "replace", kind: "sign", element: sign("s1", { rotation: 10 }), fields: ["rotation"] }], { clientId: "me" }),
      "me",
    );
    expect(result.ok && result.conflicts).toEqual([]);
    expect(result.ok && result.tx).toEqual({ put: [], remove: [] });
    expect(result.ok && result.base.signs[0]).toEqual(sign("s1", { rotation: 10 }));
  });

  it("fails (reload) when the change does not fit the base", () => {
    expect(rebase(base, base, change([{ op: "remove", id: "nope" }]), "me")).toEqual({ ok: false });
  });

  it("keeps the base's map view, which a change never carries", () => {
    const withView = { ...base, mapView: { ...base.mapView, zoom: 3 } };
    const result = rebase(withView, withView, change([{ op: "remove", id: "s2" }]), "me");
    expect(result.ok && result.base.mapView).toEqual(withView.mapView);
  });
});

describe("rebaseOntoPlan (too far behind: the whole plan)", () => {
  it("keeps my edits where the server's plan allows", () => {
    const base = plan({ signs: [sign("s1"), sign("s2")] });
    const mine = plan({ signs: [sign("s1", { rotation: 5 }), sign("s2"), sign("s9")] });
    const server = plan({ signs: [sign("s1", { name: "X" })], texts: [text("t1")] });
    const result = rebaseOntoPlan(base, mine, server, 3);
    if (!result.ok) throw new Error("rebase failed");
    expect(result.conflicts).toEqual([]);
    const content = applied(mine, result);
    expect(content.signs).toEqual([sign("s1", { rotation: 5, name: "X" }), sign("s9")]);
    expect(content.texts).toEqual([text("t1")]);
  });
});

describe("resolving a conflict", () => {
  const base = plan({ signs: [sign("s1", { rotation: 20, name: "B" })] });
  const mine = plan({ signs: [sign("s1", { rotation: 10, heightInMeters: 2 })] });
  const conflict = {
    elementId: "s1",
    kind: "sign" as const,
    conflict: "fields" as const,
    fields: ["rotation"],
    mine: mine.signs[0]!,
    theirs: base.signs[0]!,
    base: sign("s1"),
    byUserId: 4,
  };

  it("mine changes nothing; theirs takes their values of the conflicting fields, keeping my other changes", () => {
    expect(resolveConflict(conflict, "mine", base, mine)).toEqual({ put: [], remove: [] });
    expect(resolveConflict(conflict, "theirs", base, mine).put).toEqual([
      { kind: "sign", element: sign("s1", { rotation: 20, heightInMeters: 2 }) },
    ]);
  });

  it("theirs after their removal removes it; after mine it puts theirs back", () => {
    const removed = { ...conflict, conflict: "removedByThem" as const };
    expect(resolveConflict(removed, "theirs", plan({}), mine)).toEqual({ put: [], remove: ["s1"] });
    const mineRemoved = { ...conflict, conflict: "removedByMe" as const, mine: null };
    expect(resolveConflict(mineRemoved, "theirs", base, plan({})).put).toEqual([{ kind: "sign", element: base.signs[0] }]);
  });

  it("is closed once the store agrees with the base in the conflicting fields", () => {
    expect(conflictStillOpen(conflict, base, mine)).toBe(true);
    expect(conflictStillOpen(conflict, base, plan({ signs: [sign("s1", { rotation: 20 })] }))).toBe(false);
  });

  it("an undecided element is sent as the base has it; the rest of my edits go", () => {
    const b = plan({ signs: [sign("s1"), sign("s2"), sign("s3")] });
    const m = plan({ signs: [sign("s1", { rotation: 1 }), sign("s3", { rotation: 3 })] });
    const c1 = { ...conflict, elementId: "s1" };
    const c2 = { ...conflict, elementId: "s2", conflict: "removedByMe" as const };
    const sendable = withoutConflicts(m, b, [c1, c2]);
    expect(sendable.signs).toEqual([sign("s1"), sign("s2"), sign("s3", { rotation: 3 })]);
    expect(diffPlanContent(b, sendable)).toEqual([{ op: "replace", kind: "sign", element: sign("s3", { rotation: 3 }) }]);
  });
});

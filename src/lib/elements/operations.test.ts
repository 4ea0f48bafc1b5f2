import { describe, expect, it } from "vitest";
import { EXAMPLE_ELEMENTS } from "./examples";
import { MAX_OPERATIONS, applyOperations, diffPlanContent, elementOperationSchema, type ElementOperation } from "./operations";
import { defaultPlanContent, parsePlanContent, type PlanContent } from "./plan-content";

const A = EXAMPLE_ELEMENTS.line;
const line = (id: string, x = 10.38) => ({ ...A, id, coordinates: [[x, 55.4] as [number, number], [x + 0.01, 55.41] as [number, number]] });

function plan(): PlanContent {
  return { ...defaultPlanContent(), lines: [line("a"), line("b"), line("c")], signs: [EXAMPLE_ELEMENTS.sign] };
}

function applied(content: PlanContent, operations: ElementOperation[]) {
  const result = applyOperations(content, operations);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result;
}

describe("applyOperations", () => {
  it("adds an element at its index, or at the end of its kind's list without one", () => {
    const base = plan();
    const { content, changesContent } = applied(base, [
      { op: "add", kind: "line", element: line("x"), index: 1 },
      { op: "add", kind: "line", element: line("y") },
    ]);
    expect(content.lines.map((l) => l.id)).toEqual(["a", "x", "b", "c", "y"]);
    expect(changesContent).toBe(true);
    // The input is not modified, and lists no operation touched are the same objects.
    expect(base.lines.map((l) => l.id)).toEqual(["a", "b", "c"]);
    expect(content.signs).toBe(base.signs);
  });

  it("places additions at their index in the finished list, whatever their order; an element added in the same save can be changed or removed", () => {
    const { content } = applied(plan(), [
      { op: "add", kind: "line", element: line("y"), index: 3 },
      { op: "add", kind: "line", element: line("x"), index: 0 },
      { op: "remove", id: "b" },
      { op: "add", kind: "line", element: line("z") },
      { op: "replace", kind: "line", element: { ...line("z"), width: 7 } },
      { op: "add", kind: "line", element: line("w"), index: 1 },
      { op: "remove", id: "w" },
    ]);
    expect(content.lines.map((l) => l.id)).toEqual(["x", "a", "c", "y", "z"]);
    expect(content.lines.at(-1)!.width).toBe(7);
  });

  it("replaces an element in its place, validated and defaulted by its kind's schema", () => {
    const { content } = applied(plan(), [{ op: "replace", kind: "line", element: { ...line("b", 11), colour: "#00ff00" } }]);
    expect(content.lines.map((l) => l.id)).toEqual(["a", "b", "c"]);
    expect(content.lines[1]).toMatchObject({
      colour: "#00ff00",
      coordinates: [
        [11, 55.4],
        [11.01, 55.41],
      ],
    });
    // What is stored is what a whole-plan save would store (the schema's output).
    expect(parsePlanContent(content).data).toEqual(content);
  });

  it("removes an element by id", () => {
    const { content } = applied(plan(), [
      { op: "remove", id: "b" },
      { op: "remove", id: "sign-1" },
    ]);
    expect(content.lines.map((l) => l.id)).toEqual(["a", "c"]);
    expect(content.signs).toEqual([]);
  });

  it("refuses an unknown id for remove and replace, and a replace under another kind, changing nothing", () => {
    const base = plan();
    const before = JSON.stringify(base);
    expect(
      applyOperations(base, [
        { op: "remove", id: "a" },
        { op: "remove", id: "nope" },
      ]),
    ).toEqual({
      ok: false,
      error: { code: "unknownElement", index: 1, id: "nope" },
    });
    expect(applyOperations(base, [{ op: "replace", kind: "line", element: line("nope") }])).toMatchObject({
      ok: false,
      error: { code: "unknownElement", id: "nope" },
    });
    expect(applyOperations(base, [{ op: "replace", kind: "barrier", element: { ...EXAMPLE_ELEMENTS.barrier, id: "a" } }])).toMatchObject({
      ok: false,
      error: { code: "unknownElement", id: "a" },
    });
    // Removed earlier in the same list of operations: gone for the later ones too.
    expect(
      applyOperations(base, [
        { op: "remove", id: "a" },
        { op: "replace", kind: "line", element: line("a") },
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: "unknownElement", index: 1 },
    });
    expect(JSON.stringify(base)).toBe(before);
  });

  it("refuses an id the plan has already, in any kind", () => {
    expect(applyOperations(plan(), [{ op: "add", kind: "barrier", element: { ...EXAMPLE_ELEMENTS.barrier, id: "sign-1" } }])).toEqual({
      ok: false,
      error: { code: "duplicateElementId", index: 0, id: "sign-1" },
    });
  });

  it("refuses an invalid element with the path of the field and the schema's message", () => {
    const result = applyOperations(plan(), [{ op: "replace", kind: "line", element: { ...line("a"), width: 1000 } }]);
    expect(result).toMatchObject({ ok: false, error: { code: "invalid", index: 0, path: ["element", "width"], message: "drawingWidth" } });
    const noCoordinates = applyOperations(plan(), [{ op: "add", kind: "line", element: { id: "z", colour: "#000000" } }]);
    expect(noCoordinates).toMatchObject({ ok: false, error: { code: "invalid", path: ["element", "coordinates"] } });
  });

  it("sets the map view (not a content change) and the plan information (one), validating them", () => {
    const view = { center: [12.5, 55.7], zoom: 15, rotation: 10, activeMapLayerId: "orto" };
    const moved = applied(plan(), [{ op: "mapView", mapView: view }]);
    expect(moved.content.mapView).toEqual(view);
    expect(moved.changesContent).toBe(false);
    const titled = applied(plan(), [{ op: "planInfo", planInfo: { planNumber: "7" } }]);
    expect(titled.content.planInfo).toEqual({ planNumber: "7" });
    expect(titled.changesContent).toBe(true);
    expect(applyOperations(plan(), [{ op: "mapView", mapView: { ...view, zoom: 99 } }])).toMatchObject({
      ok: false,
      error: { code: "invalid", path: ["mapView", "zoom"] },
    });
  });

  it("the operation schema refuses an unknown kind or operation", () => {
    expect(elementOperationSchema.safeParse({ op: "add", kind: "dragon", element: { id: "x" } }).success).toBe(false);
    expect(elementOperationSchema.safeParse({ op: "move", id: "x" }).success).toBe(false);
    expect(elementOperationSchema.safeParse({ op: "remove", id: "" }).success).toBe(false);
  });
});

describe("diffPlanContent", () => {
  const roundTrip = (base: PlanContent, next: PlanContent) => {
    const operations = diffPlanContent(base, next);
    expect(operations).not.toBeNull();
    expect(applied(base, operations!).content).toEqual(next);
    return operations!;
  };

  it("sends only the changed element, compared by reference", () => {
    const base = plan();
    const moved = line("b", 12);
    const next = { ...base, lines: [base.lines[0]!, moved, base.lines[2]!] };
    expect(roundTrip(base, next)).toEqual([{ op: "replace", kind: "line", element: moved }]);
    expect(diffPlanContent(base, base)).toEqual([]);
  });

  it("rebuilds additions, removals, a kind change and an undo's re-insertion in place", () => {
    const base = plan();
    const next = {
      ...base,
      lines: [line("n0"), base.lines[0]!, line("n1"), base.lines[2]!, line("n2")],
      barriers: [{ ...EXAMPLE_ELEMENTS.barrier, id: "sign-1" }],
      signs: [],
      mapView: { ...base.mapView, zoom: 17 },
      planInfo: { planNumber: "9" },
    };
    const operations = roundTrip(base, next);
    expect(
      operations
        .filter((o) => o.op === "remove")
        .map((o) => (o as { id: string }).id)
        .sort(),
    ).toEqual(["b", "sign-1"]);
  });

  it("gives up (null) where operations cannot say it: a new order, or a top-level field without an operation", () => {
    const base = plan();
    expect(diffPlanContent(base, { ...base, lines: [base.lines[1]!, base.lines[0]!, base.lines[2]!] })).toBeNull();
    expect(diffPlanContent(base, { ...base, supportsMapRotation: !base.supportsMapRotation })).toBeNull();
  });
});

describe("applyOperations at scale", () => {
  it("rebuilds a large plan from removals, replacements and additions in between, in the order given", () => {
    const count = 6_000;
    const base = { ...defaultPlanContent(), lines: Array.from({ length: count }, (_, i) => line(`l${i}`)) };
    // Every other line removed, the rest replaced, and new ones added in between: the worst mix the diff makes.
    const next = {
      ...base,
      lines: base.lines.flatMap((element, i) => (i % 2 ? [] : [{ ...element, width: 3 }, line(`n${i}`)])),
    };
    const operations = diffPlanContent(base, next)!;
    expect(operations.length).toBe(count * 1.5);
    expect(operations.length).toBeLessThanOrEqual(MAX_OPERATIONS);
    const result = applied(base, operations);
    expect(result.content.lines).toEqual(next.lines.map((element) => parsePlanContent({ lines: [element] }).data!.lines[0]));
  });
});

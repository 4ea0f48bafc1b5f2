import { afterEach, describe, expect, it, vi } from "vitest";
import { EXAMPLE_ELEMENTS } from "./examples";
import {
  contentInPhase,
  countElements,
  defaultPlanContent,
  mapViewSchema,
  parsePlanContent,
  planContentSchema,
  resetPlanContent,
  usesPhases,
  type PlanContent,
} from "./plan-content";
import { ELEMENT_DEFINITIONS, ELEMENTS } from "./registry";

const LIST_KEYS = ELEMENT_DEFINITIONS.map((definition) => definition.listKey);

/** A plan holding `perKind` copies of every kind's example, with distinct ids. */
function planWith(perKind: number): Record<string, unknown> {
  const content: Record<string, unknown> = {
    mapView: { center: [12.5, 55.7], zoom: 17, rotation: 15, activeMapLayerId: "ortofoto" },
    supportsMapRotation: false,
    planInfo: {
      responsiblePerson: "Mette Hansen",
      responsiblePhone: "20 30 40 50",
      contractor: "Vejbyg A/S",
      client: "Odense Kommune",
      planNumber: "VG-2026-014",
      periodFrom: "2026-12-01",
      periodTo: "2026-12-15",
      phase: "active",
    },
  };
  for (const definition of ELEMENT_DEFINITIONS) {
    content[definition.listKey] = Array.from({ length: perKind }, (_, i) => ({
      ...EXAMPLE_ELEMENTS[definition.kind],
      id: `${definition.kind}-${i}`,
    }));
  }
  return content;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("defaultPlanContent", () => {
  it("has every list empty, the default map view and rotation allowed", () => {
    const content = defaultPlanContent();
    for (const key of LIST_KEYS) expect(content[key]).toEqual([]);
    expect(content.mapView).toEqual({
      center: [10.38551, 55.40178],
      zoom: 12,
      rotation: 0,
      activeMapLayerId: "dataforsyningen-skaermkort",
    });
    expect(content.supportsMapRotation).toBe(true);
    // No plan information until the user gives some.
    expect(content.planInfo).toEqual({});
    expect(Object.keys(content).sort()).toEqual([...LIST_KEYS, "mapView", "planInfo", "supportsMapRotation"].sort());
  });

  it("returns fresh lists each time", () => {
    const a = defaultPlanContent();
    a.signs.push(EXAMPLE_ELEMENTS.sign);
    a.mapView.center[0] = 0;
    expect(defaultPlanContent().signs).toEqual([]);
    expect(defaultPlanContent().mapView.center).toEqual([10.38551, 55.40178]);
  });

  it("is what an empty object parses to", () => {
    const result = parsePlanContent({});
    expect(result.success && result.data).toEqual(defaultPlanContent());
  });
});

describe("mapViewSchema", () => {
  it("fills missing fields with defaults and keeps the given ones", () => {
    expect(mapViewSchema.parse({ zoom: 5 })).toEqual({
      center: [10.38551, 55.40178],
      zoom: 5,
      rotation: 0,
      activeMapLayerId: "dataforsyningen-skaermkort",
    });
  });

  it("refuses zoom outside 0..24 and a bad centre", () => {
    expect(mapViewSchema.safeParse({ zoom: 25 }).error?.issues[0]?.path).toEqual(["zoom"]);
    expect(mapViewSchema.safeParse({ zoom: -1 }).error?.issues[0]?.path).toEqual(["zoom"]);
    expect(mapViewSchema.safeParse({ center: [10, 95] }).error?.issues[0]?.path).toEqual(["center", 1]);
    expect(mapViewSchema.safeParse({ activeMapLayerId: "" }).error?.issues[0]?.path).toEqual(["activeMapLayerId"]);
  });
});

describe("parsePlanContent", () => {
  it("round-trips a plan with every kind", () => {
    const raw = planWith(2);
    const result = parsePlanContent(raw);
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(raw);
  });

  it("names the invalid field in the first issue's path", () => {
    const raw = planWith(5);
    (raw.signs as { position: unknown }[])[3]!.position = [200, 55];
    const result = parsePlanContent(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["signs", 3, "position", 0]);
  });

  it("reports a bad width with the drawingWidth key", () => {
    const raw = planWith(1);
    (raw.workAreas as { width: unknown }[])[0]!.width = 101;
    const issue = parsePlanContent(raw).error?.issues[0];
    expect(issue?.path).toEqual(["workAreas", 0, "width"]);
    expect(issue?.message).toBe("drawingWidth");
  });

  it("refuses a list that is not an array, and content that is not an object", () => {
    expect(parsePlanContent({ lines: {} }).error?.issues[0]?.path).toEqual(["lines"]);
    expect(parsePlanContent(null).success).toBe(false);
    expect(parsePlanContent([]).success).toBe(false);
    expect(parsePlanContent("{}").success).toBe(false);
  });

  it("refuses two elements with one id, within a kind and across kinds, naming the second", () => {
    const plan = planWith(1) as Record<string, { id: string }[]>;
    const [first, second] = LIST_KEYS.filter((key) => plan[key]!.length > 0) as [string, string];
    const within = { ...plan, [first]: [plan[first]![0]!, { ...plan[first]![0]! }] };
    const result = parsePlanContent(within);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [first, 1, "id"], message: "duplicateElementId" });
    const across = { ...plan, [second]: [{ ...plan[second]![0]!, id: plan[first]![0]!.id }] };
    expect(parsePlanContent(across).error?.issues[0]).toMatchObject({ path: [second, 0, "id"], message: "duplicateElementId" });
    expect(parsePlanContent(plan).success).toBe(true);
  });

  it("keeps unknown keys at the top level, in the map view and in elements", () => {
    const raw: Record<string, unknown> = { ...planWith(1), futureList: [{ a: 1 }], mapView: { zoom: 3, tilt: 10 } };
    (raw.lines as Record<string, unknown>[])[0]!.opacity = 0.5;
    const result = parsePlanContent(raw);
    expect(result.data?.futureList).toEqual([{ a: 1 }]);
    expect(result.data?.mapView.tilt).toBe(10);
    expect(result.data?.lines[0]?.opacity).toBe(0.5);
  });

  it("runs each element's migrate before the schema, without touching the input", () => {
    // A pretend version 2 that renamed `color` to `colour`.
    const migrate = vi.spyOn(ELEMENTS.line, "migrate").mockImplementation((raw) => {
      if (typeof raw !== "object" || raw === null || !("color" in raw)) return raw;
      const { color, ...rest } = raw as Record<string, unknown>;
      return { ...rest, colour: color };
    });
    const { colour, ...old } = EXAMPLE_ELEMENTS.line;
    const second = { ...EXAMPLE_ELEMENTS.line, id: "second" };
    const raw = { lines: [{ ...old, color: colour }, second] };
    const snapshot = structuredClone(raw);
    const result = parsePlanContent(raw);
    expect(migrate).toHaveBeenCalledTimes(2);
    expect(result.data?.lines).toEqual([EXAMPLE_ELEMENTS.line, second]);
    expect(raw).toEqual(snapshot);
  });

  it("parses a plan with 5,000 mixed elements", () => {
    const perKind = Math.ceil(5_000 / ELEMENT_DEFINITIONS.length);
    const raw = planWith(perKind);
    const started = performance.now();
    const result = parsePlanContent(JSON.parse(JSON.stringify(raw)));
    const elapsed = performance.now() - started;
    expect(result.error).toBeUndefined();
    expect(countElements(result.data!)).toBe(perKind * ELEMENT_DEFINITIONS.length);
    expect(countElements(result.data!)).toBeGreaterThanOrEqual(5_000);
    console.log(`parsePlanContent: ${countElements(result.data!)} elements in ${elapsed.toFixed(1)} ms`);
  });
});

describe("resetPlanContent and countElements", () => {
  it("counts the elements of every list", () => {
    const content = planContentSchema.parse(planWith(3));
    expect(countElements(content)).toBe(3 * ELEMENT_DEFINITIONS.length);
    expect(countElements(defaultPlanContent())).toBe(0);
  });

  it("empties every sign, text and drawing but keeps the map view, the rotation flag and unknown keys", () => {
    const content: PlanContent = planContentSchema.parse({ ...planWith(2), futureFlag: "kept" });
    const reset = resetPlanContent(content);
    for (const key of LIST_KEYS) expect(reset[key]).toEqual([]);
    expect(countElements(reset)).toBe(0);
    expect(reset.mapView).toEqual({ center: [12.5, 55.7], zoom: 17, rotation: 15, activeMapLayerId: "ortofoto" });
    expect(reset.supportsMapRotation).toBe(false);
    expect(reset.futureFlag).toBe("kept");
    expect(countElements(content)).toBe(2 * ELEMENT_DEFINITIONS.length);
    expect(planContentSchema.safeParse(reset).success).toBe(true);
  });
});

describe("a plan's phases", () => {
  const line = (id: string, phase?: "active" | "inactive") => ({ ...EXAMPLE_ELEMENTS.line, id, ...(phase ? { phase } : {}) });

  it("keeps an element's phase through a save and refuses a phase that is none", () => {
    const parsed = parsePlanContent({ lines: [line("a", "active"), line("b")] });
    expect(parsed.success && parsed.data.lines.map((l) => l.phase)).toEqual(["active", undefined]);
    const bad = parsePlanContent({ lines: [{ ...line("c"), phase: "night" }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ["lines", 0, "phase"], message: "phaseInvalid" });
  });

  it("takes out the elements of the other phase, and knows whether a plan uses phases", () => {
    const content = parsePlanContent({ lines: [line("both"), line("day", "active"), line("night", "inactive")] }).data!;
    expect(contentInPhase(content, "active").lines.map((l) => l.id)).toEqual(["both", "day"]);
    expect(contentInPhase(content, "inactive").lines.map((l) => l.id)).toEqual(["both", "night"]);
    expect(contentInPhase(content, "all")).toBe(content);
    expect(usesPhases(content)).toBe(true);
    expect(usesPhases(parsePlanContent({ lines: [line("x")] }).data!)).toBe(false);
  });
});

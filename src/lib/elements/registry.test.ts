import { describe, expect, it } from "vitest";
import { DRAWING_WIDTH_MESSAGE, elementFieldSchema } from "./common";
import { EXAMPLE_ELEMENTS, EXAMPLE_GEOMETRY } from "./examples";
import { ELEMENT_DEFINITIONS, ELEMENT_KINDS, ELEMENTS, isElementKind } from "./registry";

const LIST_KEYS = {
  sign: "signs",
  text: "texts",
  barrier: "barriers",
  workArea: "workAreas",
  line: "lines",
  arrow: "arrows",
  ruler: "rulers",
  dimension: "dimensions",
  pipe: "pipes",
  gpx: "gpx",
  entrepriseBoundary: "entrepriseBoundaries",
  wall: "walls",
  guardrail: "guardrails",
  roadMarking: "roadMarkings",
  rectangle: "rectangles",
  point: "points",
};

const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues[0];

describe("element registry", () => {
  it("lists every kind once, under its own key and the specification's list key", () => {
    expect(Object.keys(ELEMENTS).sort()).toEqual([...ELEMENT_KINDS].sort());
    expect(new Set(ELEMENT_KINDS).size).toBe(ELEMENT_KINDS.length);
    for (const kind of ELEMENT_KINDS) {
      expect(ELEMENTS[kind].kind).toBe(kind);
      expect(ELEMENTS[kind].listKey).toBe(LIST_KEYS[kind]);
    }
    expect(ELEMENT_DEFINITIONS.map((definition) => definition.kind)).toEqual([...ELEMENT_KINDS]);
  });

  it("marks signs and texts as the only non-drawings", () => {
    expect(ELEMENT_DEFINITIONS.filter((definition) => !definition.isDrawing).map((definition) => definition.kind)).toEqual([
      "sign",
      "text",
    ]);
  });

  it("recognises kind ids", () => {
    expect(isElementKind("workArea")).toBe(true);
    expect(isElementKind("workarea")).toBe(false);
    expect(isElementKind("toString")).toBe(false);
    expect(isElementKind(3)).toBe(false);
  });
});

describe.each(ELEMENT_DEFINITIONS.map((definition) => [definition.kind, definition] as const))("%s", (kind, definition) => {
  const example = EXAMPLE_ELEMENTS[kind];

  it("round-trips a valid element unchanged, also through JSON", () => {
    expect(definition.schema.parse(example)).toEqual(example);
    expect(definition.schema.parse(JSON.parse(JSON.stringify(example)))).toEqual(example);
  });

  it("accepts its defaults plus an id and a geometry", () => {
    // A sign's image comes from the catalogue the user picks from, so it has no default.
    const chosen = kind === "sign" ? { imageUrl: "/signs/A/A11.webp" } : {};
    const fresh = { id: "new", ...EXAMPLE_GEOMETRY[definition.geometry], ...definition.defaults, ...chosen };
    expect(definition.schema.parse(fresh)).toEqual(fresh);
  });

  it("migrates an element of the current version as itself (idempotent), and leaves what it does not know", () => {
    // Version 2 so far only for the figure (its width in metres instead of pixels); the rest are at 1.
    expect(definition.version).toBe(kind === "rectangle" ? 2 : 1);
    expect(definition.migrate(example)).toBe(example);
    expect(definition.migrate("anything")).toBe("anything");
    expect(definition.migrate(null)).toBe(null);
  });

  it("keeps unknown properties (written by a newer client)", () => {
    const withExtra = { ...example, futureField: { nested: [1, 2] }, note: "x" };
    expect(definition.schema.parse(withExtra)).toEqual(withExtra);
  });

  it("refuses a missing or bad id", () => {
    const { id: _id, ...withoutId } = example;
    expect(firstIssue(definition.schema.safeParse(withoutId))?.path).toEqual(["id"]);
    expect(firstIssue(definition.schema.safeParse({ ...example, id: "" }))?.path).toEqual(["id"]);
    expect(firstIssue(definition.schema.safeParse({ ...example, id: "x".repeat(65) }))?.path).toEqual(["id"]);
    expect(definition.schema.safeParse({ ...example, id: "x".repeat(64) }).success).toBe(true);
  });

  it("refuses positions outside WGS84 or not finite", () => {
    const field = definition.geometry === "point" ? "position" : "coordinates";
    const bad = (position: unknown) =>
      // In place of the first position, so a kind of exactly two positions (a dimension) keeps its count.
      definition.geometry === "point" ? position : [position, ...(example as { coordinates: unknown[] }).coordinates.slice(1)];
    const path = definition.geometry === "point" ? [field] : [field, 0];
    for (const [position, index] of [
      [[180.5, 55], 0],
      [[-181, 55], 0],
      [[10, 90.1], 1],
      [[10, -91], 1],
      [[Number.NaN, 55], 0],
      [[10, Number.POSITIVE_INFINITY], 1],
      [["10", 55], 0],
    ] as const) {
      const result = definition.schema.safeParse({ ...example, [field]: bad(position) });
      expect(result.success, JSON.stringify(position)).toBe(false);
      expect(firstIssue(result)?.path).toEqual([...path, index]);
    }
    expect(firstIssue(definition.schema.safeParse({ ...example, [field]: bad([10]) }))?.path).toEqual(path);
    expect(firstIssue(definition.schema.safeParse({ ...example, [field]: bad([10, 55, 12]) }))?.path).toEqual(path);
    expect(definition.schema.safeParse({ ...example, [field]: bad([180, -90]) }).success).toBe(true);
  });
});

describe("line-like kinds", () => {
  const lineKinds = ELEMENT_DEFINITIONS.filter((definition) => definition.geometry === "line");

  it("covers the expected kinds", () => {
    expect(lineKinds.map((definition) => definition.kind).sort()).toEqual(
      ["arrow", "barrier", "dimension", "entrepriseBoundary", "gpx", "guardrail", "line", "pipe", "roadMarking", "ruler", "wall"].sort(),
    );
  });

  it.each(lineKinds.map((definition) => [definition.kind, definition] as const))("%s needs at least 2 positions", (kind, definition) => {
    const example = EXAMPLE_ELEMENTS[kind];
    expect(firstIssue(definition.schema.safeParse({ ...example, coordinates: [[10, 55]] }))?.path).toEqual(["coordinates"]);
    expect(firstIssue(definition.schema.safeParse({ ...example, coordinates: "10,55" }))?.path).toEqual(["coordinates"]);
  });

  it("dimension: exactly two positions, an optional name of at most 60 characters", () => {
    const { schema } = ELEMENTS.dimension;
    const example = EXAMPLE_ELEMENTS.dimension;
    const [a, b] = example.coordinates;
    expect(firstIssue(schema.safeParse({ ...example, coordinates: [a, b, a] }))?.path).toEqual(["coordinates"]);
    expect(firstIssue(schema.safeParse({ ...example, name: "x".repeat(61) }))?.path).toEqual(["name"]);
    expect(firstIssue(schema.safeParse({ ...example, rounded: "yes" }))?.path).toEqual(["rounded"]);
    const { name: _name, ...unnamed } = example;
    expect(schema.parse(unnamed)).toEqual(unnamed);
  });

  it("caps a line at 100000 positions", () => {
    const many = Array.from({ length: 100_001 }, (_, i) => [10 + i * 1e-6, 55]);
    expect(firstIssue(ELEMENTS.gpx.schema.safeParse({ ...EXAMPLE_ELEMENTS.gpx, coordinates: many }))?.path).toEqual(["coordinates"]);
    expect(ELEMENTS.gpx.schema.safeParse({ ...EXAMPLE_ELEMENTS.gpx, coordinates: many.slice(1) }).success).toBe(true);
  });
});

describe("area kinds (open rings)", () => {
  it.each(["workArea", "rectangle"] as const)("%s: stores an open ring, drops a closing position, needs 3 distinct positions", (kind) => {
    const { schema } = ELEMENTS[kind];
    const example = EXAMPLE_ELEMENTS[kind];
    const open = example.coordinates;
    const [first] = open;
    expect(schema.parse({ ...example, coordinates: [...open, first] }).coordinates).toEqual(open);
    expect(firstIssue(schema.safeParse({ ...example, coordinates: open.slice(0, 2) }))?.path).toEqual(["coordinates"]);
    expect(firstIssue(schema.safeParse({ ...example, coordinates: [...open.slice(0, 2), first] }))?.path).toEqual(["coordinates"]);
    expect(schema.parse({ ...example, coordinates: open.slice(0, 3) }).coordinates).toHaveLength(3);
  });
});

describe("drawing width (line, arrow, work area)", () => {
  it.each(["line", "arrow", "workArea"] as const)("%s: 0.1 to 100 metres, else the drawingWidth message", (kind) => {
    const { schema } = ELEMENTS[kind];
    const example = EXAMPLE_ELEMENTS[kind];
    for (const width of [0.05, 101, 0, -1, 0.0999]) {
      const issue = firstIssue(schema.safeParse({ ...example, width }));
      expect(issue?.path).toEqual(["width"]);
      expect(issue?.message).toBe("drawingWidth");
    }
    expect(firstIssue(schema.safeParse({ ...example, width: "1" }))?.message).toBe("drawingWidth");
    for (const width of [0.1, 1, 100]) expect(schema.safeParse({ ...example, width }).success).toBe(true);
  });
});

describe("per-kind rules", () => {
  it("colours are #rrggbb or #rgb", () => {
    const { schema } = ELEMENTS.line;
    for (const colour of ["#abcdef", "#ABC", "#000000"]) expect(schema.safeParse({ ...EXAMPLE_ELEMENTS.line, colour }).success).toBe(true);
    for (const colour of ["red", "#abcd", "abcdef", "#ggg", "#abcdef00", ""]) {
      expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.line, colour }))?.path).toEqual(["colour"]);
    }
  });

  it("sign: non-empty image URL, sizes positive and at most 50 m, optional sub-sign", () => {
    const { schema } = ELEMENTS.sign;
    const sign = EXAMPLE_ELEMENTS.sign;
    expect(firstIssue(schema.safeParse({ ...sign, imageUrl: "" }))?.path).toEqual(["imageUrl"]);
    expect(firstIssue(schema.safeParse({ ...sign, heightInMeters: 0 }))?.path).toEqual(["heightInMeters"]);
    expect(firstIssue(schema.safeParse({ ...sign, widthInMeters: 50.1 }))?.path).toEqual(["widthInMeters"]);
    expect(firstIssue(schema.safeParse({ ...sign, subSign: { text: "x" } }))?.path).toEqual(["subSign", "imageUrl"]);
    const { heightInMeters: _h, widthInMeters: _w, name: _n, text: _t, subSign: _s, ...minimal } = sign;
    expect(schema.parse(minimal)).toEqual(minimal);
  });

  it("text: size 1 to 400 px, placement top/bottom/left/right", () => {
    const { schema } = ELEMENTS.text;
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.text, size: 401 }))?.path).toEqual(["size"]);
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.text, size: 0.5 }))?.path).toEqual(["size"]);
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.text, relativePosition: "middle" }))?.path).toEqual(["relativePosition"]);
    expect(schema.safeParse({ ...EXAMPLE_ELEMENTS.text, fontWeight: 600 }).success).toBe(true);
  });

  it("pipe: one of the six dash patterns", () => {
    const { schema } = ELEMENTS.pipe;
    for (const dashPattern of ["solid", "standard", "short", "long", "long-short", "long-long-short"]) {
      expect(schema.safeParse({ ...EXAMPLE_ELEMENTS.pipe, dashPattern }).success).toBe(true);
    }
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.pipe, dashPattern: "dotted" }))?.path).toEqual(["dashPattern"]);
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.pipe, textAbove: undefined }))?.path).toEqual(["textAbove"]);
  });

  it("road marking: the 14 styles and three colours of the specification", async () => {
    const { ROAD_MARKING_STYLES } = await import("./road-marking");
    expect(ROAD_MARKING_STYLES).toHaveLength(14);
    const { schema } = ELEMENTS.roadMarking;
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.roadMarking, colour: "red" }))?.path).toEqual(["colour"]);
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.roadMarking, style: "zigzag" }))?.path).toEqual(["style"]);
    expect(firstIssue(schema.safeParse({ ...EXAMPLE_ELEMENTS.roadMarking, flip: undefined }))?.path).toEqual(["flip"]);
  });
});

describe("one field of a kind's elements (elementFieldSchema)", () => {
  it("checks a field on its own with the kind's rules and message keys, for every kind that has it", () => {
    const withWidth = ELEMENT_DEFINITIONS.filter((definition) => elementFieldSchema(definition.schema, "width") !== undefined).map(
      (d) => d.kind,
    );
    expect(withWidth).toEqual(expect.arrayContaining(["line", "arrow", "workArea"]));
    for (const kind of withWidth) {
      const width = elementFieldSchema(ELEMENTS[kind].schema, "width")!;
      expect(width.safeParse(2.5).success, kind).toBe(true);
      expect(width.safeParse(500).success, kind).toBe(false);
    }
    // The drawings' widths say so in the specification's words (a road marking has its own limit).
    for (const kind of ["line", "arrow", "workArea"] as const) {
      expect(firstIssue(elementFieldSchema(ELEMENTS[kind].schema, "width")!.safeParse(500))?.message, kind).toBe(DRAWING_WIDTH_MESSAGE);
    }
    const colour = elementFieldSchema(ELEMENTS.line.schema, "colour")!;
    expect(colour.safeParse("#d32f2f").success).toBe(true);
    expect(colour.safeParse("red").success).toBe(false);
    expect(elementFieldSchema(ELEMENTS.line.schema, "nonsense")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import {
  bandOf,
  dashPixels,
  DOUBLE_LINE_GAP_M,
  metresPerPixelOfStep,
  offsetPolyline,
  scaleStep,
  shapeOf,
  stripesAtScale,
  trianglesAlong,
  type RoadMarkingShape,
  type RoadMarkingStyle,
} from "./patterns";
import { ROAD_MARKING_STYLES } from "@/lib/elements/road-marking";

const stripes = (style: RoadMarkingStyle, extra: { width?: number; subtype?: string; flip?: boolean } = {}) => {
  const shape = shapeOf({ style, width: 0.1, flip: false, ...extra });
  if (shape.type !== "stripes") throw new Error(`${style} is not stripes`);
  return shape.stripes;
};

describe("road-marking shapes (metres on the ground)", () => {
  it("gives every style of the specification a shape", () => {
    for (const style of ROAD_MARKING_STYLES) expect(shapeOf({ style, width: 0.1, flip: false }).type).toBeTruthy();
  });

  it("paints the single lines with their dash and gap: vognbanelinje 3 + 9 m, varslingslinje 9 + 3 m", () => {
    expect(stripes("solid")).toEqual([{ offset: 0, width: 0.1, dash: null }]);
    expect(stripes("dashed-short")).toEqual([{ offset: 0, width: 0.1, dash: [3, 9] }]);
    expect(stripes("dashed-long", { width: 0.15 })).toEqual([{ offset: 0, width: 0.15, dash: [9, 3] }]);
    // The small module halves the lengths, not the width.
    expect(stripes("dashed-short", { subtype: "small" })).toEqual([{ offset: 0, width: 0.1, dash: [1.5, 4.5] }]);
  });

  it("gives the kantlinjer their named width whatever the element's width", () => {
    expect(stripes("wide-solid-border-line", { width: 0.12 })).toEqual([{ offset: 0, width: 0.3, dash: null }]);
    expect(stripes("narrow-solid-border-line", { width: 0.5 })).toEqual([{ offset: 0, width: 0.1, dash: null }]);
    expect(stripes("wide-punctured-border-line")).toEqual([{ offset: 0, width: 0.3, dash: [1, 1] }]);
    expect(stripes("narrow-punctured-border-line")).toEqual([{ offset: 0, width: 0.1, dash: [1, 1] }]);
    expect(stripes("wide-punctured-border-line-two-minus-1-road")).toEqual([{ offset: 0, width: 0.3, dash: [3, 1.5] }]);
  });

  it("sets a dobbeltlinje's two lines a gap apart, the first-named left of the drawing direction; flip swaps them", () => {
    const offset = (0.1 + DOUBLE_LINE_GAP_M) / 2;
    expect(stripes("double-solid")).toEqual([
      { offset, width: 0.1, dash: null },
      { offset: -offset, width: 0.1, dash: null },
    ]);
    expect(stripes("solid-dashed-short")).toEqual([
      { offset, width: 0.1, dash: null },
      { offset: -offset, width: 0.1, dash: [3, 9] },
    ]);
    expect(stripes("solid-dashed-short", { flip: true })).toEqual([
      { offset, width: 0.1, dash: [3, 9] },
      { offset: -offset, width: 0.1, dash: null },
    ]);
    expect(stripes("solid-dashed-long").map((s) => s.dash)).toEqual([null, [9, 3]]);
    expect(stripes("double-dashed-long").map((s) => s.dash)).toEqual([
      [9, 3],
      [9, 3],
    ]);
    expect(stripes("double-dashed-long-short", { flip: true }).map((s) => s.dash)).toEqual([
      [3, 9],
      [9, 3],
    ]);
    // A wider stripe moves both lines out, keeping the clear gap.
    const wide = stripes("double-solid", { width: 0.3 });
    expect(wide[0]!.offset - wide[0]!.width / 2 - (wide[1]!.offset + wide[1]!.width / 2)).toBeCloseTo(DOUBLE_LINE_GAP_M, 9);
  });

  it("sizes the hajtænder 0.5 m × 0.6 m, 0.25 m apart, tips to the right unless flipped; small halves them", () => {
    expect(shapeOf({ style: "give-way-triangles", width: 0.1, flip: false })).toEqual({
      type: "triangles",
      base: 0.5,
      height: 0.6,
      gap: 0.25,
      side: -1,
    });
    expect(shapeOf({ style: "give-way-triangles", width: 0.1, flip: true, subtype: "small" })).toEqual({
      type: "triangles",
      base: 0.25,
      height: 0.3,
      gap: 0.125,
      side: 1,
    });
  });

  it("answers the band a shape covers, for the selection halo", () => {
    expect(bandOf(shapeOf({ style: "double-solid", width: 0.1, flip: false }))).toEqual({
      offset: 0,
      width: expect.closeTo(0.3, 9) as number,
    });
    expect(bandOf(shapeOf({ style: "give-way-triangles", width: 0.1, flip: false }))).toEqual({ offset: -0.3, width: 0.6 });
  });
});

describe("dashes in pixels", () => {
  it("converts metres on the ground to CSS pixels at the scale", () => {
    expect(dashPixels([3, 9], 0.5)).toEqual([6, 18]);
    expect(dashPixels([3, 9], 0.05)).toEqual([60, 180]);
    expect(dashPixels(null, 0.05)).toBeNull();
  });

  it("keeps a dash at least half a pixel long far out", () => {
    expect(dashPixels([1, 1], 10)).toEqual([0.5, 0.5]);
  });

  it("steps the scale by about 1 %, so nearby scales share a cached style and its sizes stay within a step", () => {
    for (const mpp of [0.01, 0.0853, 0.3391, 1.7, 40]) {
      const back = metresPerPixelOfStep(scaleStep(mpp));
      expect(Math.abs(back / mpp - 1)).toBeLessThan(0.0055);
    }
    expect(scaleStep(0.3391)).toBe(scaleStep(0.3392));
    expect(scaleStep(0.3391)).not.toBe(scaleStep(0.3391 * 1.02));
  });
});

describe("level of detail", () => {
  it("draws every dash while a dash and its gap span 4 px or more", () => {
    // Q 41 3 m + 9 m at 2.9 m a pixel: 4.1 px together, still dashed.
    expect(stripesAtScale(shapeOf({ style: "dashed-short", width: 0.1, flip: false }), 2.9)).toEqual([
      { offset: 0, width: 0.1, lineDash: [expect.closeTo(1.03, 2), expect.closeTo(3.1, 2)], opacity: 1 },
    ]);
    // Close up nothing changes: the same dashes as dashPixels gives.
    const near = stripesAtScale(shapeOf({ style: "double-dashed-long-short", width: 0.1, flip: false }), 0.05)!;
    expect(near.map((s) => s.lineDash)).toEqual([dashPixels([9, 3], 0.05), dashPixels([3, 9], 0.05)]);
    expect(near.map((s) => s.opacity)).toEqual([1, 1]);
  });

  it("draws a pattern finer than the screen as an even line, paler by its painted share", () => {
    // The 1 m + 1 m kantlinje at 0.6 m a pixel: 3.3 px together, unbroken at half strength.
    const [edge] = stripesAtScale(shapeOf({ style: "narrow-punctured-border-line", width: 0.1, flip: false }), 0.6)!;
    expect(edge).toEqual({ offset: 0, width: 0.1, lineDash: null, opacity: 0.5 });
    // A vognbanelinje paints a quarter of its length; it never goes paler than 0.35, so it stays visible.
    const [lane] = stripesAtScale(shapeOf({ style: "dashed-short", width: 0.1, flip: false }), 5)!;
    expect(lane).toMatchObject({ lineDash: null, opacity: 0.35 });
    // An unbroken line of a dobbeltlinje stays as it is beside its dashed partner.
    const [solid, dashed] = stripesAtScale(shapeOf({ style: "solid-dashed-long", width: 0.1, flip: false }), 5)!;
    expect(solid).toMatchObject({ lineDash: null, opacity: 1 });
    expect(dashed).toMatchObject({ lineDash: null, opacity: 0.75 });
  });

  it("draws hajtænder as triangles while one is 2 px or more from the next, else as their band", () => {
    const triangles = shapeOf({ style: "give-way-triangles", width: 0.1, flip: false });
    // 0.75 m from triangle to triangle: triangles at 0.375 m a pixel (2 px), a band beyond.
    expect(stripesAtScale(triangles, 0.375)).toBeNull();
    // Tips to the right (negative offset): the band is the triangles' 0.6 m, centred 0.3 m right of the line.
    expect(stripesAtScale(triangles, 0.38)).toEqual([{ offset: -0.3, width: 0.6, lineDash: null, opacity: 0.35 }]);
    const flipped = shapeOf({ style: "give-way-triangles", width: 0.1, flip: true });
    expect(stripesAtScale(flipped, 1)![0]!.offset).toBeCloseTo(0.3, 9);
  });
});

describe("geometry along the line", () => {
  it("offsets a polyline to its left with mitred corners (negative: right)", () => {
    const line: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
    ];
    expect(offsetPolyline(line, 1)).toEqual([
      [0, 1],
      [9, 1],
      [9, 10],
    ]);
    const right = offsetPolyline(line, -1);
    expect(right[0]).toEqual([0, -1]);
    expect(right[1]![0]).toBeCloseTo(11, 9);
    expect(right[1]![1]).toBeCloseTo(-1, 9);
  });

  it("cuts the mitre of a hairpin corner", () => {
    const hairpin: [number, number][] = [
      [0, 0],
      [10, 0],
      [0, 0.01],
    ];
    const [, corner] = offsetPolyline(hairpin, 1);
    expect(Math.hypot(corner![0] - 10, corner![1])).toBeLessThanOrEqual(4 + 1e-9);
  });

  it("places as many triangles as fit, centred on each segment, tips on the chosen side, in the plane's units", () => {
    const shape: Extract<RoadMarkingShape, { type: "triangles" }> = { type: "triangles", base: 0.5, height: 0.6, gap: 0.25, side: -1 };
    const row = trianglesAlong(
      [
        [0, 0],
        [6, 0],
      ],
      shape,
      1,
    );
    // 8 × 0.5 m + 7 × 0.25 m = 5.75 m of a 6 m line: 0.125 m free at each end.
    expect(row).toHaveLength(8);
    expect(row[0]![0]![0]).toBeCloseTo(0.125, 9);
    expect(row[0]![1]).toEqual([0.375, -0.6]);
    expect(row[7]![2]![0]).toBeCloseTo(5.875, 9);
    // Two map units to the metre: the same row at double size; flipped: tips up.
    const doubled = trianglesAlong(
      [
        [0, 0],
        [12, 0],
      ],
      { ...shape, side: 1 },
      2,
    );
    expect(doubled).toHaveLength(8);
    expect(doubled[0]![1]![0]).toBeCloseTo(0.75, 9);
    expect(doubled[0]![1]![1]).toBeCloseTo(1.2, 9);
    expect(
      trianglesAlong(
        [
          [0, 0],
          [0.4, 0],
        ],
        shape,
        1,
      ),
    ).toEqual([]);
  });
});

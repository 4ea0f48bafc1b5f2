/**
 * What each road-marking style paints, in metres on the ground: its stripes (offset across the drawn line,
 * width, dash and gap) or its row of give-way triangles. Pure numbers, no OpenLayers: the map style
 * (./index.ts) and the dialog's drawn samples (./sample.ts) both draw from these.
 *
 * Sources. The kinds of line are those of BEK nr. 425 af 13/04/2023 om vejafmærkning § 55 (Q 41
 * Vognbanelinje "smal punkteret linje med kort streg og langt mellemrum", Q 42 Varslingslinje "lang streg
 * og kort mellemrum", Q 44 Spærrelinje "smal ubrudt linje", Q 41–44 also as dobbeltlinjer, Q 46 kantlinje
 * ubrudt or punkteret "med lige lang streg og mellemrum"), and of BEK 1633/2017 om anvendelse af
 * vejafmærkning § 180 (smal and bred kantlinje). Those texts give no lengths: the lengths and widths below
 * are the Danish road directorate's vejregel "Afmærkning på kørebanen – Dimensioner" as remembered (from
 * memory, not checked against the current edition), each marked "check". One named constant per number,
 * so a correction is one edit.
 */
import type { RoadMarkingElement } from "@/lib/elements/road-marking";

export type RoadMarkingStyle = RoadMarkingElement["style"];

/** Smal linje: 0.10 m (vejregel Dimensioner; from memory, check). Also the schema's default width. */
export const NARROW_LINE_M = 0.1;
/** Bred linje: 0.30 m (vejregel Dimensioner; from memory, check). */
export const WIDE_LINE_M = 0.3;
/** The clear space between the two lines of a dobbeltlinje: 0.10 m (vejregel Dimensioner; from memory, check). */
export const DOUBLE_LINE_GAP_M = 0.1;

/** A dash pattern: painted length, then unpainted length, metres along the line. */
export type Dash = readonly [line: number, gap: number];

/** Q 41 Vognbanelinje: 3 m streg, 9 m mellemrum, ratio 1:3 (vejregel Dimensioner, landevej; from memory, check). */
export const LANE_LINE_DASH: Dash = [3, 9];
/** Q 42 Varslingslinje: 9 m streg, 3 m mellemrum, ratio 3:1 (vejregel Dimensioner; from memory, check). */
export const WARNING_LINE_DASH: Dash = [9, 3];
/** Q 46 punkteret kantlinje: equal streg and mellemrum (BEK 425/2023 § 55), 1 m + 1 m (from memory, check). */
export const PUNCTURED_EDGE_DASH: Dash = [1, 1];
/**
 * The broken edge lines of a 2 minus 1 vej (two-lane road with one shared driving lane and wide kantbaner,
 * vejregel eksempelsamling "2-sporede strækninger med dobbeltrettet færdsel (2 minus 1 veje)"): bred,
 * 3 m streg and 1.5 m mellemrum, so drivers see they may cross it to meet (from memory, uncertain: check).
 */
export const TWO_MINUS_ONE_EDGE_DASH: Dash = [3, 1.5];

/**
 * Hajtænder (S 11 Vigelinje): a row of triangles, base 0.5 m along the line, 0.6 m from base to tip,
 * 0.25 m between them (vejregel "Tværafmærkning"/Dimensioner; from memory, check).
 */
export const GIVE_WAY_TRIANGLE = { base: 0.5, height: 0.6, gap: 0.25 } as const;

/**
 * The `subtype` "small" halves every length: the short module of dashed lines in towns (1.5 m + 4.5 m
 * vognbanelinje) and the small hajtænder of cycle tracks (0.25 × 0.3 m) (from memory, check). Anything
 * else, or none, is the full ("large") size.
 */
export const ROAD_MARKING_SUBTYPES = ["large", "small"] as const;
const SMALL_SCALE = 0.5;

/** One painted stripe parallel to the drawn line. */
export interface Stripe {
  /** Offset of the stripe's centre from the drawn line, metres; positive is left of the drawing direction. */
  offset: number;
  /** Painted width, metres. */
  width: number;
  /** Dash and gap in metres, or null for an unbroken line. */
  dash: Dash | null;
}

export type RoadMarkingShape =
  | { type: "stripes"; stripes: Stripe[] }
  | {
      type: "triangles";
      base: number;
      height: number;
      gap: number;
      /** +1: tips left of the drawing direction; -1: right. */ side: 1 | -1;
    };

type Style = Pick<RoadMarkingElement, "style" | "width" | "subtype" | "flip">;

const scaled = (dash: Dash | null, factor: number): Dash | null => dash && [dash[0] * factor, dash[1] * factor];

/**
 * The shape a style paints. `width` (the element's stripe width) applies to the styles that do not name
 * their width; the kantlinje styles are bred (0.30 m) or smal (0.10 m) as their names say.
 *
 * A dobbeltlinje of two kinds is asymmetric: as drawn, its first-named line lies left of the drawing
 * direction and the second right, so a driver travelling in the drawing direction (keeping right) has the
 * second one nearest and obeys it (BEK 425/2023, "ved dobbeltlinjer skal de kørende rette sig efter den
 * nærmeste linje"). `flip` swaps the sides. Hajtænder point their tips right of the drawing direction, at
 * the traffic that must give way; `flip` turns them to the left.
 */
export function shapeOf({ style, width, subtype, flip }: Style): RoadMarkingShape {
  const factor = subtype === "small" ? SMALL_SCALE : 1;
  const single = (w: number, dash: Dash | null): RoadMarkingShape => ({
    type: "stripes",
    stripes: [{ offset: 0, width: w, dash: scaled(dash, factor) }],
  });
  const double = (left: Dash | null, right: Dash | null): RoadMarkingShape => {
    const offset = (width + DOUBLE_LINE_GAP_M) / 2;
    const [a, b] = flip ? [right, left] : [left, right];
    return {
      type: "stripes",
      stripes: [
        { offset, width, dash: scaled(a, factor) },
        { offset: -offset, width, dash: scaled(b, factor) },
      ],
    };
  };
  switch (style) {
    case "solid":
      return single(width, null);
    case "dashed-short":
      return single(width, LANE_LINE_DASH);
    case "dashed-long":
      return single(width, WARNING_LINE_DASH);
    case "double-dashed-long":
      return double(WARNING_LINE_DASH, WARNING_LINE_DASH);
    case "double-dashed-long-short":
      return double(WARNING_LINE_DASH, LANE_LINE_DASH);
    case "double-solid":
      return double(null, null);
    case "solid-dashed-short":
      return double(null, LANE_LINE_DASH);
    case "solid-dashed-long":
      return double(null, WARNING_LINE_DASH);
    case "wide-punctured-border-line":
      return single(WIDE_LINE_M, PUNCTURED_EDGE_DASH);
    case "wide-punctured-border-line-two-minus-1-road":
      return single(WIDE_LINE_M, TWO_MINUS_ONE_EDGE_DASH);
    case "narrow-punctured-border-line":
      return single(NARROW_LINE_M, PUNCTURED_EDGE_DASH);
    case "wide-solid-border-line":
      return single(WIDE_LINE_M, null);
    case "narrow-solid-border-line":
      return single(NARROW_LINE_M, null);
    case "give-way-triangles":
      return {
        type: "triangles",
        base: GIVE_WAY_TRIANGLE.base * factor,
        height: GIVE_WAY_TRIANGLE.height * factor,
        gap: GIVE_WAY_TRIANGLE.gap * factor,
        side: flip ? 1 : -1,
      };
  }
}

/** The band a shape covers across the line: its centre offset and its width, metres (for the selection halo). */
export function bandOf(shape: RoadMarkingShape): { offset: number; width: number } {
  if (shape.type === "triangles") return { offset: (shape.side * shape.height) / 2, width: shape.height };
  const low = Math.min(...shape.stripes.map((s) => s.offset - s.width / 2));
  const high = Math.max(...shape.stripes.map((s) => s.offset + s.width / 2));
  return { offset: (low + high) / 2, width: high - low };
}

// --- scale: metres on the ground to screen pixels, in steps so Style objects can be cached ---------------

/** Steps per doubling of the scale: 64 makes a step 1.1 %, below what the eye sees in a dash length. */
const SCALE_STEPS_PER_OCTAVE = 64;

/** The scale step of a metres-per-pixel value (a cache key). */
export function scaleStep(metresPerPixel: number): number {
  return Math.round(Math.log2(metresPerPixel) * SCALE_STEPS_PER_OCTAVE);
}

/** The metres per pixel a scale step stands for: every pixel size of a cached style is computed from it. */
export function metresPerPixelOfStep(step: number): number {
  return 2 ** (step / SCALE_STEPS_PER_OCTAVE);
}

/**
 * A dash pattern as the canvas' lineDash wants it, in CSS pixels at the given scale. Null for an unbroken
 * line. A painted length never goes below half a pixel.
 */
export function dashPixels(dash: Dash | null, metresPerPixel: number): [number, number] | null {
  if (!dash) return null;
  return [Math.max(0.5, dash[0] / metresPerPixel), Math.max(0.5, dash[1] / metresPerPixel)];
}

// --- level of detail: what the eye sees of a pattern too fine for the screen -----------------------------

/**
 * Below this many CSS pixels for a dash and its gap together, a broken line is drawn unbroken in paint
 * thinned to its painted share. Zoomed out that far the dashes are a pixel or less (a 1 m + 1 m kantlinje
 * at 2.7 m a pixel is 0.37 px + 0.37 px) and the eye sees an even, paler line; the canvas would still
 * stroke every dash, hundreds per line, each frame. On paper nothing changes: at 1:500 and 300 dpi a
 * pixel is 0.04 m and the finest pattern (1 m + 1 m) is 47 px long.
 */
export const MIN_DASH_PERIOD_PX = 4;
/**
 * Below this many CSS pixels from one give-way triangle to the next, the row is drawn as the band it
 * reads as (triangles under a pixel wide are a smudge), and no triangles are computed: a 200 m row is
 * 266 of them. In Denmark that is from about zoom 17.9 out: at zoom 18, where plans are drawn, the
 * triangles are still drawn.
 */
export const MIN_TRIANGLE_PITCH_PX = 2;
/** A pattern drawn as an even band never goes paler than this, so it stays visible and findable. */
const MIN_BAND_OPACITY = 0.35;

/** A stripe as the screen paints it at a scale: unbroken or dashed in CSS pixels, in paint of an opacity. */
export interface PaintedStripe {
  /** Offset of its centre from the drawn line, metres on the ground; positive is left. */
  offset: number;
  /** Width, metres on the ground. */
  width: number;
  /** The canvas' lineDash in CSS pixels, or null for an unbroken stroke. */
  lineDash: [number, number] | null;
  /** 1, or the painted share of a pattern too fine to draw dash by dash. */
  opacity: number;
}

/**
 * The stripes that paint `shape` at a scale, with the patterns too fine for the screen made even bands
 * (MIN_DASH_PERIOD_PX, MIN_TRIANGLE_PITCH_PX); null when the shape is a row of triangles drawn as they are.
 */
export function stripesAtScale(shape: RoadMarkingShape, metresPerPixel: number): PaintedStripe[] | null {
  if (shape.type === "triangles") {
    const pitch = shape.base + shape.gap;
    if (pitch / metresPerPixel >= MIN_TRIANGLE_PITCH_PX) return null;
    // A triangle covers half of its base times its height: the band's share is base / (2 × pitch).
    const opacity = Math.max(MIN_BAND_OPACITY, shape.base / (2 * pitch));
    return [{ offset: (shape.side * shape.height) / 2, width: shape.height, lineDash: null, opacity }];
  }
  return shape.stripes.map(({ offset, width, dash }) => {
    if (dash && (dash[0] + dash[1]) / metresPerPixel < MIN_DASH_PERIOD_PX) {
      return { offset, width, lineDash: null, opacity: Math.max(MIN_BAND_OPACITY, dash[0] / (dash[0] + dash[1])) };
    }
    return { offset, width, lineDash: dashPixels(dash, metresPerPixel), opacity: 1 };
  });
}

// --- geometry in any metric plane (map units per metre given), no OpenLayers ------------------------------

type Point = readonly [number, number];

/**
 * The polyline moved `distance` to its left (negative: right), in the coordinates' own units, with mitred
 * corners; a mitre longer than 4 × the distance (a very sharp corner) is cut to that length.
 * Assumes y grows upwards (map coordinates).
 */
export function offsetPolyline(points: readonly Point[], distance: number): [number, number][] {
  if (distance === 0 || points.length < 2) return points.map(([x, y]) => [x, y]);
  const normals: [number, number][] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[i + 1]!;
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    normals.push([-(y2 - y1) / length, (x2 - x1) / length]);
  }
  return points.map(([x, y], i) => {
    const before = normals[Math.max(0, i - 1)]!;
    const after = normals[Math.min(normals.length - 1, i)]!;
    let nx = before[0] + after[0];
    let ny = before[1] + after[1];
    const length = Math.hypot(nx, ny);
    if (length < 1e-9) return [x + after[0] * distance, y + after[1] * distance];
    nx /= length;
    ny /= length;
    // The mitre: the offset along the bisector that keeps `distance` from both segments.
    const cos = nx * after[0] + ny * after[1];
    const reach = Math.min(Math.abs(distance / cos), 4 * Math.abs(distance)) * Math.sign(distance);
    return [x + nx * reach, y + ny * reach];
  });
}

/**
 * The give-way triangles along a polyline, each as three corners (base start, tip, base end), in the
 * coordinates' units with `unitsPerMetre` of them to a metre. Each segment holds as many as fit, centred
 * on it. Assumes y grows upwards.
 */
export function trianglesAlong(
  points: readonly Point[],
  shape: Extract<RoadMarkingShape, { type: "triangles" }>,
  unitsPerMetre: number,
): [number, number][][] {
  const base = shape.base * unitsPerMetre;
  const height = shape.height * unitsPerMetre * shape.side;
  const pitch = base + shape.gap * unitsPerMetre;
  const triangles: [number, number][][] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[i + 1]!;
    const length = Math.hypot(x2 - x1, y2 - y1);
    const count = Math.floor((length + pitch - base) / pitch);
    if (count < 1) continue;
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const start = (length - (count * pitch - (pitch - base))) / 2;
    for (let k = 0; k < count; k++) {
      const a = start + k * pitch;
      const mid = a + base / 2;
      triangles.push([
        [x1 + ux * a, y1 + uy * a],
        [x1 + ux * mid - uy * height, y1 + uy * mid + ux * height],
        [x1 + ux * (a + base), y1 + uy * (a + base)],
      ]);
    }
  }
  return triangles;
}

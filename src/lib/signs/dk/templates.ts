/**
 * The Danish sign forms with their proportions (measured on the official drawings: border widths as a
 * share of the size, corner radii, rims), so a series module only supplies the content. All sizes in mm
 * of the drawing; the drawing scale is the ≤ 50 km/h size (triangle side 700, round Ø 640, square 640).
 */
import { PALETTE } from "../render/palette";
import { triangleBoxHeight } from "../render/geometry";
import type { Box, Paint, Pictogram, PictogramPaint, SignDrawing, SignLayer } from "../render/types";

const { red, blue, white, black, grey, edge } = PALETTE;

/** Black on white: the paint of symbols on warning and prohibition signs. */
export const ON_WHITE: PictogramPaint = { fg: black, bg: white, accent: red };
/** White on blue: mandatory and information signs. */
export const ON_BLUE: PictogramPaint = { fg: white, bg: blue, accent: red };
/** The faded symbol of end-of-restriction signs. */
export const FADED: PictogramPaint = { fg: grey, bg: white, accent: grey };

// ── Triangles (A series, B 11) ───────────────────────────────────────────────────────────────────
const TRI_SIDE = 700;
const TRI_RADIUS = 31;
/** Red border: 1/10 of the side. */
const TRI_BORDER = 70;
const TRI_WIDTH = TRI_SIDE - 2 * (Math.sqrt(3) - 1) * TRI_RADIUS;
const TRI_HEIGHT = triangleBoxHeight(TRI_WIDTH, TRI_RADIUS);

export const TRIANGLE = {
  width: TRI_WIDTH,
  height: TRI_HEIGHT,
  centerX: TRI_WIDTH / 2,
  /** Where a typical pictogram goes inside the white triangle (lower two thirds, centred). */
  box: { x: TRI_WIDTH / 2 - 155, y: 215, width: 310, height: 270 } satisfies Box,
  /** The inner (white) triangle: apex y and base y. */
  innerTop: 109,
  innerBottom: 505,
};

export interface FormOptions {
  face?: Paint;
  border?: Paint;
}

/** A warning sign (A series): red-bordered triangle, point up, white face (yellow for temporary signs). */
export function warning(layers: readonly SignLayer[], options: FormOptions = {}): SignDrawing {
  return {
    shape: "triangle",
    width: TRI_WIDTH,
    height: TRI_HEIGHT,
    cornerRadius: TRI_RADIUS,
    border: { color: options.border ?? red, width: TRI_BORDER },
    face: options.face ?? white,
    layers,
  };
}

/** B 11: the same triangle, point down. */
export function yieldTriangle(layers: readonly SignLayer[] = [], options: FormOptions = {}): SignDrawing {
  return { ...warning(layers, options), shape: "invertedTriangle" };
}

// ── Round signs (C, D, B 18) ─────────────────────────────────────────────────────────────────────
const ROUND = 640;
/** Red ring of prohibition signs: 0.128 of the diameter. */
const RING = 82;
/** The diagonal bar of "… forbudt" signs. */
const SLASH = 42;

export const CIRCLE = {
  size: ROUND,
  center: ROUND / 2,
  /** Radius of the white face inside the red ring. */
  innerRadius: ROUND / 2 - RING,
  /** A typical pictogram box inside the ring. */
  box: { x: 150, y: 185, width: 340, height: 270 } satisfies Box,
};

/** A prohibition sign: red ring, white face; `slash` adds the red diagonal bar under the symbol. */
export function prohibition(
  layers: readonly SignLayer[],
  options: FormOptions & { slash?: boolean; slashOver?: boolean } = {},
): SignDrawing {
  const bar = slashLayer(options.border ?? red, SLASH);
  const content = options.slash ? (options.slashOver ? [...layers, bar] : [bar, ...layers]) : layers;
  return {
    shape: "circle",
    width: ROUND,
    height: ROUND,
    border: { color: options.border ?? red, width: RING },
    face: options.face ?? white,
    layers: content,
  };
}

/** The red bar from the upper left to the lower right of a round sign's face. */
export function slashLayer(color: Paint, width: number, size = ROUND): SignLayer {
  const c = size / 2;
  const r = c - 10;
  const d = r * Math.SQRT1_2;
  return {
    kind: "group",
    clipToFace: true,
    layers: [{ kind: "line", x1: c - d, y1: c - d, x2: c + d, y2: c + d, stroke: color, strokeWidth: width, lineCap: "butt" }],
  };
}

/**
 * End of a restriction (C 53, C 54, C 56, C 59): white face with a dark hairline edge, the faded symbol,
 * and five narrow black diagonal stripes from the lower left to the upper right.
 */
export function endOfRestriction(layers: readonly SignLayer[]): SignDrawing {
  const stripes: SignLayer[] = [];
  const c = ROUND / 2;
  // Five narrow stripes, 10.5 mm wide, 21 mm apart, centred on the diagonal.
  for (let i = 0; i < 5; i++) {
    const off = (i - 2) * 21;
    const o = off * Math.SQRT1_2;
    stripes.push({
      kind: "line",
      x1: c - 320 + o,
      y1: c + 320 + o,
      x2: c + 320 + o,
      y2: c - 320 + o,
      stroke: black,
      strokeWidth: 10.5,
      lineCap: "butt",
    });
  }
  return {
    shape: "circle",
    width: ROUND,
    height: ROUND,
    outline: { color: black, width: 3 },
    face: white,
    layers: [...layers, { kind: "group", clipToFace: true, layers: stripes }],
  };
}

/** A mandatory sign (D series): blue disc with a narrow white rim. */
export function mandatory(layers: readonly SignLayer[], options: FormOptions = {}): SignDrawing {
  return {
    shape: "circle",
    width: ROUND,
    height: ROUND,
    outline: { color: edge, width: 2 },
    rim: { color: white, width: 19 },
    face: options.face ?? blue,
    layers,
  };
}

// ── Squares and rectangles (E series, B 19) ──────────────────────────────────────────────────────
export const SQUARE = { size: 640, rim: 20, radius: 56, box: { x: 110, y: 110, width: 420, height: 420 } satisfies Box };

/** An information sign: blue (or another colour) rectangle with a white rim, edged in the face colour, rounded corners. */
export function information(
  layers: readonly SignLayer[],
  options: FormOptions & { width?: number; height?: number; rim?: Paint; radius?: number; colouredEdge?: boolean } = {},
): SignDrawing {
  const width = options.width ?? SQUARE.size;
  const height = options.height ?? SQUARE.size;
  // Most drawings edge the white rim with a dark hairline; the overhead lane signs (E 11) with a narrow
  // line of the face colour instead.
  const edgeLine = options.colouredEdge ? { color: options.face ?? blue, width: 6.5 } : { color: edge, width: 2 };
  return {
    shape: width === height ? "square" : "rectangle",
    width,
    height,
    cornerRadius: options.radius ?? SQUARE.radius,
    outline: edgeLine,
    rim: { color: options.rim ?? white, width: SQUARE.rim + (options.colouredEdge ? 6.5 : 0) },
    face: options.face ?? blue,
    layers,
  };
}

/** A white plate with a black border (zone signs E 53, E 68 …, and the U panels). */
export function plate(
  layers: readonly SignLayer[],
  options: { width: number; height: number; border?: Paint; borderWidth?: number; face?: Paint; radius?: number },
): SignDrawing {
  return {
    shape: "plate",
    width: options.width,
    height: options.height,
    cornerRadius: options.radius ?? 24,
    rim: { color: white, width: 8 },
    border: { color: options.border ?? black, width: options.borderWidth ?? 14 },
    face: options.face ?? white,
    layers,
  };
}

// ── Layers ───────────────────────────────────────────────────────────────────────────────────────
/** A pictogram fitted into `box`. */
export function pict(
  pictogram: Pictogram,
  box: Box,
  paint: PictogramPaint = ON_WHITE,
  extra: { flipX?: boolean; flipY?: boolean; rotate?: number; align?: "center" | "bottom" | "top" | "left" | "right" } = {},
): SignLayer {
  return { kind: "pictogram", pictogram, box, paint, ...extra };
}

/** A box centred at (cx, cy). */
export function boxAt(cx: number, cy: number, width: number, height: number): Box {
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** Text (digits and a few letters are drawn as built-in glyphs). `y` is the baseline. */
export function text(
  value: string,
  x: number,
  y: number,
  capHeight: number,
  color: Paint = black,
  extra: {
    anchor?: "start" | "middle" | "end";
    weight?: number;
    maxWidth?: number;
    spacing?: number;
    render?: "glyphs" | "font";
    bold?: boolean;
  } = {},
): SignLayer {
  return { kind: "text", text: value, x, y, capHeight, color, ...extra };
}

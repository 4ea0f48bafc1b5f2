/**
 * Drawing helpers for sewer symbols: black line work on white in plan view, as on a kloakplan.
 * A symbol is drawn in units where its longest side is 100 (a Ø425 well and a Ø1000 well share one
 * drawing and differ by their size on the map). Lines are 5 units (5 % of the symbol) so the symbol
 * still reads where it is only a few millimetres on paper (a Ø315 well at 1:100), and prints in black only.
 */
import { num } from "../render/geometry";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import { lettering } from "./lettering";

export const INK = PALETTE.black;
const PAPER = PALETTE.white;
/** Outline weight. */
export const LW = 5;
/** Inner line weight (crosses, hatching, fixtures' inner lines). */
export const THIN = 3.5;

/** A well, tank or ring seen from above: a white disc with a black rim, Ø 100. */
export function well(layers: readonly SignLayer[]): SignDrawing {
  return { shape: "circle", width: 100, height: 100, face: PAPER, outline: { color: INK, width: LW }, layers };
}

/** A rectangular structure or fixture: white with a black outline. */
export function box(width: number, height: number, layers: readonly SignLayer[], cornerRadius = 0): SignDrawing {
  return {
    shape: "rectangle",
    width,
    height,
    ...(cornerRadius ? { cornerRadius } : {}),
    face: PAPER,
    outline: { color: INK, width: LW },
    layers,
  };
}

/** A symbol without a frame (open shapes: an outlet, a basin's own contour): transparent around its lines. */
export function free(width: number, height: number, layers: readonly SignLayer[]): SignDrawing {
  return { shape: "rectangle", width, height, face: "none", layers };
}

export function line(x1: number, y1: number, x2: number, y2: number, strokeWidth = THIN): SignLayer {
  return { kind: "line", x1, y1, x2, y2, stroke: INK, strokeWidth, lineCap: "round" };
}

export function ring(cx: number, cy: number, r: number, strokeWidth = THIN, dashed = false): SignLayer {
  if (!dashed) return { kind: "circle", cx, cy, r, stroke: INK, strokeWidth };
  // A dashed circle as arcs (SignLayer has no dash array): 12 dashes, half the circumference inked.
  const arcs: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a0 = (i / 12) * 2 * Math.PI;
    const a1 = a0 + Math.PI / 12;
    arcs.push(
      `M${num(cx + r * Math.cos(a0))},${num(cy + r * Math.sin(a0))}A${num(r)},${num(r)} 0 0 1 ${num(cx + r * Math.cos(a1))},${num(cy + r * Math.sin(a1))}`,
    );
  }
  return { kind: "path", d: arcs.join(""), stroke: INK, strokeWidth, lineCap: "butt" };
}

/** A dashed rectangle (a structure below ground: a retention magazine), drawn as dashes since SignLayer has no dash array. */
export function dashedFrame(x: number, y: number, width: number, height: number, dash: number, strokeWidth = THIN): SignLayer {
  const segments: string[] = [];
  const side = (x0: number, y0: number, dx: number, dy: number, length: number) => {
    // Whole dash-gap periods centred on the side, so every corner gets the same (inked) look.
    const count = Math.max(1, Math.round((length + dash) / (2 * dash)));
    const step = length / (2 * count - 1);
    for (let i = 0; i < count; i++) {
      const a = 2 * i * step;
      segments.push(`M${num(x0 + dx * a)},${num(y0 + dy * a)}L${num(x0 + dx * (a + step))},${num(y0 + dy * (a + step))}`);
    }
  };
  side(x, y, 1, 0, width);
  side(x + width, y, 0, 1, height);
  side(x + width, y + height, -1, 0, width);
  side(x, y + height, 0, -1, height);
  return { kind: "path", d: segments.join(""), stroke: INK, strokeWidth, lineCap: "square" };
}

export function disc(cx: number, cy: number, r: number): SignLayer {
  return { kind: "circle", cx, cy, r, fill: INK };
}

export function frame(x: number, y: number, width: number, height: number, strokeWidth = THIN, rx = 0): SignLayer {
  return { kind: "rect", x, y, width, height, ...(rx ? { rx } : {}), stroke: INK, strokeWidth };
}

export function stroke(d: string, strokeWidth = THIN): SignLayer {
  return { kind: "path", d, stroke: INK, strokeWidth, lineCap: "round", lineJoin: "round" };
}

/** A white shape with a black outline, covering what lies under it (a basin, a bowl, a grate). */
export function outline(d: string, strokeWidth: number = LW): SignLayer {
  return { kind: "path", d, fill: PAPER, stroke: INK, strokeWidth, lineJoin: "round" };
}

/** The black wall a wall-hung fixture (a WC, a urinal) hangs on, across the top of its drawing. */
export function wallBar(width: number): SignLayer {
  return { kind: "rect", x: 0, y: 0, width, height: 10, fill: INK };
}

export function fill(d: string): SignLayer {
  return { kind: "path", d, fill: INK };
}

/** Capitals centred on cx with their baseline at y (see lettering.ts). */
export function label(text: string, cx: number, y: number, capHeight: number, maxWidth?: number): SignLayer {
  return lettering(text, cx, y, capHeight, INK, maxWidth);
}

/** An abbreviation centred in a box of the given centre and size: "HL" in a well, "FU" in a separator. */
export function centredLabel(text: string, cx: number, cy: number, capHeight: number, maxWidth?: number): SignLayer {
  return label(text, cx, cy + capHeight / 2, capHeight, maxWidth);
}

/** 45° hatching of a rectangle (soakaways, infiltration), lines `gap` apart; `cross` adds the other direction. */
export function hatch(x: number, y: number, width: number, height: number, gap: number, cross = false): SignLayer {
  const segments: string[] = [];
  const clip = (c: number, sign: 1 | -1): string | null => {
    // Lines y' = sign * x' + c in the rectangle's own coordinates; clip to [0,w] × [0,h].
    const pts: [number, number][] = [];
    const add = (px: number, py: number) => {
      if (px >= -1e-6 && px <= width + 1e-6 && py >= -1e-6 && py <= height + 1e-6) pts.push([px, py]);
    };
    add(0, c);
    add(width, sign * width + c);
    add((0 - c) * sign, 0);
    add((height - c) * sign, height);
    const uniq = pts.filter((p, i) => pts.findIndex((q) => Math.abs(q[0] - p[0]) < 1e-6 && Math.abs(q[1] - p[1]) < 1e-6) === i);
    if (uniq.length < 2) return null;
    uniq.sort((a, b) => a[0] - b[0]);
    const [a, b] = [uniq[0]!, uniq[uniq.length - 1]!];
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 1) return null;
    return `M${num(x + a[0])},${num(y + a[1])}L${num(x + b[0])},${num(y + b[1])}`;
  };
  for (let c = -width + gap / 2; c < height; c += gap) {
    const s = clip(c, 1);
    if (s) segments.push(s);
  }
  if (cross)
    for (let c = gap / 2; c < height + width; c += gap) {
      const s = clip(c, -1);
      if (s) segments.push(s);
    }
  return { kind: "path", d: segments.join(""), stroke: INK, strokeWidth: 2.5, lineCap: "butt" };
}

/** A stipple of dots on a grid (sand, permeable paving), offset every other row. */
export function stipple(x: number, y: number, width: number, height: number, gap: number, r = 1.8): SignLayer {
  const dots: SignLayer[] = [];
  let row = 0;
  for (let py = y + gap / 2; py < y + height; py += gap, row++) {
    for (let px = x + (row % 2 ? gap : gap / 2); px < x + width; px += gap) dots.push(disc(px, py, r));
  }
  return { kind: "group", layers: dots };
}

/** A plant in plan (planted beds, willows, rain gardens): a small crown with its stem, as on a site plan. */
export function tuft(cx: number, cy: number, s: number): SignLayer {
  return { kind: "group", layers: [ring(cx, cy - s / 2, s * 0.42, 2.5), disc(cx, cy - s / 2, s * 0.12)] };
}

/** A wave (water surface): `count` arches from (x, y), `length` long. */
export function wave(x: number, y: number, length: number, count: number, amplitude = 4): SignLayer {
  const step = length / count;
  let d = `M${num(x)},${num(y)}`;
  for (let i = 0; i < count; i++) d += `q${num(step / 4)},${num(-amplitude * 2)} ${num(step / 2)},0t${num(step / 2)},0`;
  return stroke(d, 3);
}

/**
 * Tiny builders for pictogram markup. Pictograms are drawn in their own units (usually a 100-unit box)
 * with literal coordinates of at most one decimal, so their markup is deterministic as written.
 */
import type { Paint, Pictogram, PictogramPaint } from "../types";

export function pictogram(id: string, width: number, height: number, draw: (paint: PictogramPaint) => string): Pictogram {
  return { id, width, height, draw };
}

export function fillPath(d: string, fill: Paint): string {
  return `<path d="${d}" fill="${fill}"/>`;
}

/** An even-odd filled path (shapes with holes drawn as one path). */
export function holedPath(d: string, fill: Paint): string {
  return `<path d="${d}" fill="${fill}" fill-rule="evenodd"/>`;
}

export function strokePath(
  d: string,
  stroke: Paint,
  width: number,
  cap: "butt" | "round" | "square" = "round",
  join: "miter" | "round" | "bevel" = "round",
): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="${cap}" stroke-linejoin="${join}"/>`;
}

export function circle(cx: number, cy: number, r: number, fill: Paint): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
}

export function ring(cx: number, cy: number, r: number, stroke: Paint, width: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`;
}

export function rect(x: number, y: number, width: number, height: number, fill: Paint, rx = 0): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"/>`;
}

/** Markup of another pictogram placed at (x, y) scaled by `scale` (composites such as "car and motorcycle"). */
export function place(p: Pictogram, paint: PictogramPaint, x: number, y: number, scale: number, flipX = false): string {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  const t = flipX
    ? `translate(${r(x + p.width * scale)} ${r(y)}) scale(${r(-scale)} ${r(scale)})`
    : `translate(${r(x)} ${r(y)}) scale(${r(scale)})`;
  return `<g transform="${t}">${p.draw(paint)}</g>`;
}

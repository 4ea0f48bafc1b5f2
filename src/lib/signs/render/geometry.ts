/**
 * Outlines of the sign shapes as SVG path data, and the number format every emitted coordinate goes
 * through (0.1 mm, so output is byte-identical for the same input).
 */
import type { SignDrawing } from "./types";

/** A number rounded to 0.1, without "-0" or trailing zeros. */
export function num(value: number): string {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) || r === 0 ? "0" : String(r);
}

type Point = readonly [number, number];

/** A closed polygon path whose corners are rounded with radius `radius` (0: sharp). */
export function roundedPolygonPath(points: readonly Point[], radius: number): string {
  const n = points.length;
  if (radius <= 0.05) return `M${points.map(([x, y]) => `${num(x)},${num(y)}`).join("L")}Z`;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const prev = points[(i + n - 1) % n]!;
    const v = points[i]!;
    const next = points[(i + 1) % n]!;
    const u1 = unit([prev[0] - v[0], prev[1] - v[1]]);
    const u2 = unit([next[0] - v[0], next[1] - v[1]]);
    const angle = Math.acos(Math.max(-1, Math.min(1, u1[0] * u2[0] + u1[1] * u2[1])));
    const t = radius / Math.tan(angle / 2);
    const a: Point = [v[0] + u1[0] * t, v[1] + u1[1] * t];
    const b: Point = [v[0] + u2[0] * t, v[1] + u2[1] * t];
    // Screen coordinates with clockwise points: the turn at each corner is clockwise, so sweep = 1.
    const cross = u1[0] * u2[1] - u1[1] * u2[0];
    const sweep = cross < 0 ? 1 : 0;
    parts.push(`${i === 0 ? "M" : "L"}${num(a[0])},${num(a[1])}A${num(radius)},${num(radius)} 0 0 ${sweep} ${num(b[0])},${num(b[1])}`);
  }
  return `${parts.join("")}Z`;
}

function unit([x, y]: Point): Point {
  const l = Math.hypot(x, y) || 1;
  return [x / l, y / l];
}

function scaleAbout(points: readonly Point[], [cx, cy]: Point, k: number): Point[] {
  return points.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k] as const);
}

const SQRT3 = Math.sqrt(3);

/**
 * The sharp equilateral triangle whose rounded version (corner radius `rc`) exactly fills a box of
 * width `width`: rounding cuts (√3 − 1)·rc off each side corner and rc off the apex.
 */
export function triangleGeometry(width: number, rc: number) {
  const side = width + 2 * (SQRT3 - 1) * rc;
  const h = (side * SQRT3) / 2;
  const ox = -(SQRT3 - 1) * rc;
  const oy = -rc;
  const points: Point[] = [
    [side / 2 + ox, oy],
    [side + ox, h + oy],
    [ox, h + oy],
  ];
  return { side, height: h - rc, points, incentre: [side / 2 + ox, oy + (2 * h) / 3] as Point, inradius: h / 3 };
}

/** Height of the box a rounded point-up triangle of box width `width` fills. */
export function triangleBoxHeight(width: number, rc: number): number {
  return triangleGeometry(width, rc).height;
}

/** The outline of `drawing`'s shape moved inwards by `inset` mm, as path data. */
export function shapePath(drawing: Pick<SignDrawing, "shape" | "width" | "height" | "cornerRadius">, inset: number): string {
  const { width: w, height: h } = drawing;
  const rc = drawing.cornerRadius ?? 0;
  switch (drawing.shape) {
    case "circle": {
      const r = Math.min(w, h) / 2 - inset;
      const cx = w / 2;
      const cy = h / 2;
      return `M${num(cx - r)},${num(cy)}A${num(r)},${num(r)} 0 1 1 ${num(cx + r)},${num(cy)}A${num(r)},${num(r)} 0 1 1 ${num(cx - r)},${num(cy)}Z`;
    }
    case "triangle":
    case "invertedTriangle": {
      const g = triangleGeometry(w, rc);
      let points = scaleAbout(g.points, g.incentre, (g.inradius - inset) / g.inradius);
      if (drawing.shape === "invertedTriangle") points = points.map(([x, y]) => [x, h - y] as const).reverse();
      return roundedPolygonPath(points, Math.max(0, rc - inset));
    }
    case "octagon": {
      const apothem = Math.min(w, h) / 2;
      const r = (apothem - inset) / Math.cos(Math.PI / 8);
      const points: Point[] = [];
      for (let i = 0; i < 8; i++) {
        const a = -Math.PI / 2 - Math.PI / 8 + (i * Math.PI) / 4;
        points.push([w / 2 + r * Math.cos(a), h / 2 + r * Math.sin(a)]);
      }
      return roundedPolygonPath(points, Math.max(0, rc - inset));
    }
    case "diamond": {
      const k = Math.SQRT2 * inset;
      const points: Point[] = [
        [w / 2, k],
        [w - k, h / 2],
        [w / 2, h - k],
        [k, h / 2],
      ];
      return roundedPolygonPath(points, Math.max(0, rc - inset));
    }
    case "rectangle":
    case "square":
    case "plate": {
      const x = inset;
      const y = inset;
      const rw = w - 2 * inset;
      const rh = h - 2 * inset;
      const r = Math.max(0, Math.min(rc - inset, rw / 2, rh / 2));
      if (r <= 0.05) return `M${num(x)},${num(y)}H${num(x + rw)}V${num(y + rh)}H${num(x)}Z`;
      return (
        `M${num(x + r)},${num(y)}H${num(x + rw - r)}A${num(r)},${num(r)} 0 0 1 ${num(x + rw)},${num(y + r)}` +
        `V${num(y + rh - r)}A${num(r)},${num(r)} 0 0 1 ${num(x + rw - r)},${num(y + rh)}` +
        `H${num(x + r)}A${num(r)},${num(r)} 0 0 1 ${num(x)},${num(y + rh - r)}` +
        `V${num(y + r)}A${num(r)},${num(r)} 0 0 1 ${num(x + r)},${num(y)}Z`
      );
    }
  }
}

/** Outlines of the plates that are not one of the renderer's shapes: arrow-ended direction flags. */
export type Point = readonly [number, number];

/** A convex polygon (clockwise on screen) moved inwards by `d`: each edge shifted, neighbours intersected. */
export function insetPolygon(points: readonly Point[], d: number): Point[] {
  const n = points.length;
  const lines = points.map((p, i) => {
    const q = points[(i + 1) % n]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    // Inward normal of a clockwise (screen) polygon: the edge direction turned by +90°.
    const nx = -(q[1] - p[1]) / len;
    const ny = (q[0] - p[0]) / len;
    return { p: [p[0] + nx * d, p[1] + ny * d] as Point, dir: [q[0] - p[0], q[1] - p[1]] as Point };
  });
  return lines.map((l, i) => {
    const prev = lines[(i + n - 1) % n]!;
    const det = prev.dir[0] * l.dir[1] - prev.dir[1] * l.dir[0];
    const t = ((l.p[0] - prev.p[0]) * l.dir[1] - (l.p[1] - prev.p[1]) * l.dir[0]) / det;
    return [prev.p[0] + prev.dir[0] * t, prev.p[1] + prev.dir[1] * t] as Point;
  });
}

/**
 * A direction flag ("pilvejviser"): a rectangle whose end is an arrow point `tip` mm deep, pointing right
 * or (mirrored) left. Clockwise on screen.
 */
export function flagPoints(width: number, height: number, tip: number, pointLeft: boolean): Point[] {
  const right: Point[] = [
    [0, 0],
    [width - tip, 0],
    [width, height / 2],
    [width - tip, height],
    [0, height],
  ];
  return pointLeft ? right.map(([x, y]) => [width - x, y] as Point).reverse() : right;
}

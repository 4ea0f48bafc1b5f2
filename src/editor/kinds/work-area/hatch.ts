/**
 * The diagonal hatching of a work area as geometry: straight lines at 45° clipped to the polygon, so
 * their spacing is a distance on the ground and prints true to scale. (A CanvasPattern fill would be
 * cheaper, but OpenLayers paints patterns in screen pixels: the spacing would change with the zoom and
 * the print scale.)
 */
import type { Coordinate } from "ol/coordinate";

/** More lines than this are never drawn: a hatch denser than that is a solid fill on any screen. */
export const MAX_HATCH_LINES = 5000;

const SQRT1_2 = Math.SQRT1_2;

/**
 * The hatch segments of an area given by its rings (outer ring and holes, closed or open, map
 * coordinates), as pairs of points: lines rising to the right at 45°, `spacing` apart (map units),
 * anchored at the first vertex so a moved area keeps its hatching. The even-odd rule decides what is
 * inside, so holes stay empty. `spacing` grows when the area would need more than MAX_HATCH_LINES lines.
 */
export function hatchSegments(rings: readonly (readonly Coordinate[])[], spacing: number): [Coordinate, Coordinate][] {
  const first = rings[0]?.[0];
  if (!first || !(spacing > 0)) return [];
  // Turn the plane by 45° so the hatch lines are horizontal: a = along the lines, b = across them.
  const edges: [number, number, number, number][] = [];
  let bMin = Infinity;
  let bMax = -Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      const pa = (p[0]! - first[0]! + (p[1]! - first[1]!)) * SQRT1_2;
      const pb = (p[1]! - first[1]! - (p[0]! - first[0]!)) * SQRT1_2;
      const qa = (q[0]! - first[0]! + (q[1]! - first[1]!)) * SQRT1_2;
      const qb = (q[1]! - first[1]! - (q[0]! - first[0]!)) * SQRT1_2;
      bMin = Math.min(bMin, pb);
      bMax = Math.max(bMax, pb);
      if (pb === qb) continue; // along a hatch line: it never crosses one at a single point
      edges.push([pa, pb, qa, qb]);
    }
  }
  if (edges.length === 0) return [];
  const step = Math.max(spacing, (bMax - bMin) / MAX_HATCH_LINES);
  const segments: [Coordinate, Coordinate][] = [];
  const crossings: number[] = [];
  for (let k = Math.ceil(bMin / step); k * step <= bMax; k++) {
    // Half-open test (pb ≤ b < qb) so a vertex on the line is counted once.
    const b = k * step;
    crossings.length = 0;
    for (const [pa, pb, qa, qb] of edges) {
      if ((pb <= b && b < qb) || (qb <= b && b < pb)) crossings.push(pa + ((b - pb) * (qa - pa)) / (qb - pb));
    }
    crossings.sort((x, y) => x - y);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const a0 = crossings[i]!;
      const a1 = crossings[i + 1]!;
      if (a1 - a0 <= 0) continue;
      segments.push([
        [first[0]! + (a0 - b) * SQRT1_2, first[1]! + (a0 + b) * SQRT1_2],
        [first[0]! + (a1 - b) * SQRT1_2, first[1]! + (a1 + b) * SQRT1_2],
      ]);
    }
  }
  return segments;
}

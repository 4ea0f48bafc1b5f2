import { describe, expect, it } from "vitest";
import { hatchSegments, MAX_HATCH_LINES } from "./hatch";

const square = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
];

/** Even-odd point-in-polygon, to check that hatch points lie inside. */
function inside(rings: number[][][], [x, y]: number[]): boolean {
  let count = 0;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) count++;
    }
  }
  return count % 2 === 1;
}

const length = ([a, b]: number[][]) => Math.hypot(b![0]! - a![0]!, b![1]! - a![1]!);

describe("hatchSegments", () => {
  it("hatches a square with 45° lines the given distance apart, clipped to its outline", () => {
    const segments = hatchSegments([square], 1);
    // The square spans 10·√2 across the 45° lines: one line per unit of it (the corner lines are points).
    expect(segments.length).toBeGreaterThanOrEqual(13);
    expect(segments.length).toBeLessThanOrEqual(15);
    for (const [a, b] of segments) {
      // Rising to the right at 45°.
      expect(b[1]! - a[1]!).toBeCloseTo(b[0]! - a[0]!, 9);
      expect(b[0]!).toBeGreaterThan(a[0]!);
      // Both ends on the outline, the middle inside.
      for (const p of [a, b]) {
        const onEdge = Math.min(Math.abs(p[0]!), Math.abs(p[0]! - 10), Math.abs(p[1]!), Math.abs(p[1]! - 10));
        expect(onEdge).toBeLessThan(1e-9);
      }
      expect(inside([square], [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2])).toBe(true);
    }
    // The longest is the diagonal through the anchor corner.
    expect(Math.max(...segments.map(length))).toBeCloseTo(10 * Math.SQRT2, 9);
    // Adjacent lines are `spacing` apart, measured at right angles to them.
    const offsets = segments.map(([a]) => (a[1]! - a[0]!) * Math.SQRT1_2).sort((x, y) => x - y);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]! - offsets[i - 1]!).toBeCloseTo(1, 9);
  });

  it("leaves a hole empty and clips a concave outline into several pieces per line", () => {
    const hole = [
      [3, 3],
      [7, 3],
      [7, 7],
      [3, 7],
    ];
    const segments = hatchSegments([square, hole], 0.5);
    for (const [a, b] of segments) {
      const middle = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
      expect(inside([square, hole], middle)).toBe(true);
    }
    // A line through the hole's middle is cut in two.
    const throughCentre = segments.filter(([a]) => Math.abs(a[1]! - a[0]!) < 1e-9);
    expect(throughCentre).toHaveLength(2);
  });

  it("moves with the area: a shifted outline gets the same hatching, shifted", () => {
    const shifted = square.map(([x, y]) => [x! + 1234.5, y! - 987.25]);
    const a = hatchSegments([square], 0.7);
    const b = hatchSegments([shifted], 0.7);
    expect(b).toHaveLength(a.length);
    b.forEach(([p], i) => {
      expect(p[0]! - 1234.5).toBeCloseTo(a[i]![0][0]!, 6);
      expect(p[1]! + 987.25).toBeCloseTo(a[i]![0][1]!, 6);
    });
  });

  it("never draws more than MAX_HATCH_LINES lines, and nothing for a degenerate area", () => {
    const huge = square.map(([x, y]) => [x! * 1e5, y! * 1e5]);
    expect(hatchSegments([huge], 1).length).toBeLessThanOrEqual(MAX_HATCH_LINES + 1);
    expect(hatchSegments([], 1)).toEqual([]);
    expect(hatchSegments([square], 0)).toEqual([]);
  });
});

import LineString from "ol/geom/LineString";
import { fromLonLat } from "ol/proj";
import { describe, expect, it, vi } from "vitest";
import { derivedFromLine, endDirection, groundSize, mapUnitsPerMetre, ticksAlong, trimEnd } from "./along-line";

describe("mapUnitsPerMetre", () => {
  it("is 1/cos(latitude), Web Mercator's stretch", () => {
    const y = fromLonLat([10.38551, 55.40178])[1]!;
    expect(mapUnitsPerMetre(y)).toBeCloseTo(1 / Math.cos((55.40178 * Math.PI) / 180), 9);
    expect(mapUnitsPerMetre(0)).toBe(1);
  });
});

describe("groundSize", () => {
  it("keeps the metres when they draw larger than the minimum, else the minimum's metres", () => {
    expect(groundSize(2, 12, 0.02)).toBe(2);
    expect(groundSize(2, 12, 0.34)).toBe(4.08);
    expect(groundSize(2, 12, 0.341234)).toBe(4.09);
  });
});

describe("ticksAlong", () => {
  it("places a tick every spacing from the start, carried on across vertices, on the right-hand side", () => {
    const ticks = ticksAlong(
      [
        [0, 0],
        [3, 0],
        [3, -2.5],
      ],
      2,
      0.5,
      100,
    );
    expect(ticks).toEqual([
      [
        [0, 0],
        [0, -0.5],
      ],
      [
        [2, 0],
        [2, -0.5],
      ],
      // 1 m past the corner, heading south: the right-hand side is west.
      [
        [3, -1],
        [2.5, -1],
      ],
    ]);
  });

  it("stops at the most ticks asked for and skips zero-length parts", () => {
    expect(
      ticksAlong(
        [
          [0, 0],
          [0, 0],
          [100, 0],
        ],
        1,
        1,
        10,
      ),
    ).toHaveLength(10);
  });
});

describe("trimEnd and endDirection", () => {
  it("shortens the last parts of a line by a distance", () => {
    expect(
      trimEnd(
        [
          [0, 0],
          [10, 0],
          [10, 4],
        ],
        2,
      ),
    ).toEqual([
      [0, 0],
      [10, 0],
      [10, 2],
    ]);
    expect(
      trimEnd(
        [
          [0, 0],
          [10, 0],
          [10, 4],
        ],
        6,
      ),
    ).toEqual([
      [0, 0],
      [8, 0],
    ]);
    // Never to nothing: a tenth of the last part is kept.
    expect(
      trimEnd(
        [
          [0, 0],
          [10, 0],
        ],
        50,
      ),
    ).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });

  it("finds the tip and the direction the line arrives in, past a repeated last point", () => {
    expect(
      endDirection([
        [0, 0],
        [0, 5],
        [0, 5],
      ]),
    ).toEqual({ tip: [0, 5], unit: [0, 1] });
    expect(
      endDirection([
        [1, 1],
        [1, 1],
      ]),
    ).toBeNull();
  });
});

describe("derivedFromLine", () => {
  it("derives once per geometry revision and parameter", () => {
    const derive = vi.fn((coordinates: number[][], p: number) => coordinates.length * p);
    const cached = derivedFromLine(derive);
    const line = new LineString([
      [0, 0],
      [1, 1],
    ]);
    expect(cached(line, 2)).toBe(4);
    expect(cached(line, 2)).toBe(4);
    expect(derive).toHaveBeenCalledTimes(1);
    line.translate(1, 1);
    cached(line, 2);
    cached(line, 3);
    expect(derive).toHaveBeenCalledTimes(3);
  });
});

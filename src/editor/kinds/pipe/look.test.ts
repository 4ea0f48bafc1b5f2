import { describe, expect, it } from "vitest";
import { readableLabel } from "../along-line";
import { dashPixels, longestSegment, textOffsetPx } from "./look";

describe("dashPixels", () => {
  it("draws a solid pipe without dashes", () => {
    expect(dashPixels("solid", 0.05, 2)).toBeNull();
  });

  it("keeps the ground length when zoomed in: 1 m dash, 0.5 m gap at 5 cm a pixel", () => {
    expect(dashPixels("standard", 0.05, 2)).toEqual([20, 10]);
  });

  it("scales the pattern up as a whole when its shortest part would vanish", () => {
    const [dash, gap] = dashPixels("standard", 2, 1)!;
    expect(gap).toBe(3);
    expect(dash).toBe(6);
  });

  it("keeps a wide pipe's dashes longer than twice its width", () => {
    const parts = dashPixels("short", 0.05, 12)!;
    expect(Math.min(...parts)).toBeGreaterThanOrEqual(24);
    expect(parts[0]! / parts[1]!).toBeCloseTo(0.4 / 0.3, 1);
  });
});

describe("longestSegment", () => {
  it("finds the longest stretch", () => {
    expect(
      longestSegment([
        [0, 0],
        [1, 0],
        [1, 5],
        [2, 5],
      ]),
    ).toBe(1);
  });
});

describe("readableLabel", () => {
  it("puts the text above a pipe drawn left to right above it on the page", () => {
    const { at, rotation } = readableLabel([0, 0], [10, 0], -1, 2);
    expect(rotation).toBeCloseTo(0);
    expect(at[0]).toBeCloseTo(5);
    expect(at[1]).toBeCloseTo(-2);
  });

  it("reads a pipe drawn right to left the same way round", () => {
    const forward = readableLabel([0, 0], [10, 0], -1, 2);
    const backward = readableLabel([10, 0], [0, 0], -1, 2);
    expect(backward.rotation).toBeCloseTo(forward.rotation);
    expect(backward.at[0]).toBeCloseTo(forward.at[0]!);
    expect(backward.at[1]).toBeCloseTo(forward.at[1]!);
  });

  it("turns with a slanted pipe and never upside down", () => {
    for (const [a, b] of [
      [
        [0, 0],
        [10, 10],
      ],
      [
        [10, 10],
        [0, 0],
      ],
      [
        [0, 10],
        [10, 0],
      ],
      [
        [0, 0],
        [0, 10],
      ],
    ] as const) {
      const { rotation } = readableLabel(a as unknown as number[], b as unknown as number[], 1, 1);
      expect(Math.abs(rotation)).toBeLessThanOrEqual(Math.PI / 2 + 1e-9);
    }
  });

  it("places the texts beside the pipe's edge", () => {
    expect(textOffsetPx(4)).toBeCloseTo(2 + 3 + 5.5);
  });
});

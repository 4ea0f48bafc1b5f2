import { describe, expect, it } from "vitest";
import { strokePixels } from "./style-cache";

describe("strokePixels", () => {
  // Ground metres per CSS pixel at 1:500 (96 CSS pixels an inch).
  const at500 = (500 * 0.0254) / 96;

  it("rounds to quarter pixels on the screen, never under its minimum, so the style caches hit", () => {
    expect(strokePixels(0.3, at500)).toBe(2.25);
    expect(strokePixels(0.1, at500)).toBe(1);
    expect(strokePixels(0.1, at500, { minPx: 3 })).toBe(3);
  });

  it("is exact on paper, with no minimum", () => {
    expect(strokePixels(0.3, at500, { print: true })).toBeCloseTo(0.3 / at500, 12);
    expect(strokePixels(0.1, at500, { print: true, minPx: 3 })).toBeCloseTo(0.1 / at500, 12);
  });
});

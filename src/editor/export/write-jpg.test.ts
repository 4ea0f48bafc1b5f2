import { describe, expect, it } from "vitest";
import { MAX_PAGE_PIXELS, jpgDpi } from "./write-jpg";

const pixels = (width: number, height: number, dpi: number) => (width / 25.4) * dpi * ((height / 25.4) * dpi);

describe("the JPG's resolution", () => {
  it("is the dpi chosen while the page fits one canvas (A3 and A1 at 300 dpi)", () => {
    expect(jpgDpi(420, 297, 300)).toBe(300);
    expect(jpgDpi(841, 594, 300)).toBe(300);
  });

  it("is lowered for a page past the canvas limit, to just inside it", () => {
    // A0 at 300 dpi is 139 megapixels: inside. A page twice A0's area is not.
    expect(jpgDpi(1189, 841, 300)).toBe(300);
    const dpi = jpgDpi(1682, 1189, 300);
    expect(dpi).toBeLessThan(300);
    expect(pixels(1682, 1189, dpi)).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
    expect(pixels(1682, 1189, dpi + 1)).toBeGreaterThan(MAX_PAGE_PIXELS);
  });
});

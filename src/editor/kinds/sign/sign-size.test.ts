import { describe, expect, it } from "vitest";
import { aspectOf, drawnSignSize, MIN_SIGN_PX, paperSign, SCREEN_SIGN, ZOOM_FOLLOWING_HEIGHT_PX, type SignSizeInput } from "./sign-size";

const signPixelSize = (size: SignSizeInput, metresPerPixel: number, aspect: number) =>
  drawnSignSize(size, metresPerPixel, aspect, SCREEN_SIGN);

describe("drawnSignSize on the screen", () => {
  it("draws a sized sign true to scale: metres on the ground / metres per pixel", () => {
    // 0.7 m at 0.02 m/px (about zoom 22 in Denmark) is 35 px.
    expect(signPixelSize({ heightInMeters: 0.7 }, 0.02, 1)).toEqual({ height: 35, width: 35, fit: "height", followsZoom: false });
    // Both stored: each is honoured.
    expect(signPixelSize({ heightInMeters: 0.6, widthInMeters: 0.9 }, 0.01, 1)).toEqual({
      height: 60,
      width: 90,
      fit: "both",
      followsZoom: false,
    });
    // Only a width: the height follows the picture's proportions.
    expect(signPixelSize({ widthInMeters: 1 }, 0.01, 2)).toEqual({ height: 50, width: 100, fit: "width", followsZoom: false });
  });

  it("doubles on screen when the map zooms in one level", () => {
    const near = signPixelSize({ heightInMeters: 0.64 }, 0.01, 1);
    const nearer = signPixelSize({ heightInMeters: 0.64 }, 0.005, 1);
    expect(nearer.height).toBe(near.height * 2);
  });

  it("keeps a fixed screen height without a size, whatever the zoom", () => {
    for (const mpp of [0.01, 1, 100]) {
      expect(signPixelSize({}, mpp, 1.5)).toEqual({
        height: ZOOM_FOLLOWING_HEIGHT_PX,
        width: ZOOM_FOLLOWING_HEIGHT_PX * 1.5,
        fit: "height",
        followsZoom: true,
      });
    }
  });

  it("never shrinks a sign below the minimum, keeping its proportions", () => {
    const far = signPixelSize({ heightInMeters: 0.7, widthInMeters: 0.35 }, 0.7, 1);
    expect(far.height).toBe(MIN_SIGN_PX);
    expect(far.width).toBe(MIN_SIGN_PX / 2);
  });

  it("rounds to half pixels so the style cache hits while zooming", () => {
    const size = signPixelSize({ heightInMeters: 0.7 }, 0.0213, 1);
    expect(size.height * 2).toBe(Math.round(size.height * 2));
  });

  it("treats a broken aspect ratio as square", () => {
    expect(signPixelSize({}, 1, Number.NaN).width).toBe(ZOOM_FOLLOWING_HEIGHT_PX);
    expect(signPixelSize({}, 1, 0).width).toBe(ZOOM_FOLLOWING_HEIGHT_PX);
  });
});

describe("drawnSignSize on paper", () => {
  // Ground metres per paper millimetre at 1:500 and 1:2000.
  const at500 = 0.5;
  const at2000 = 2;

  it("prints a sign smaller than the legible size at that size, in its own proportions, unrounded", () => {
    // A 39 (0.7 m) is 1.4 mm at 1:500: printed 8 mm.
    expect(drawnSignSize({ heightInMeters: 0.7 }, at500, 1, paperSign(8))).toEqual({
      height: 8,
      width: 8,
      fit: "height",
      followsZoom: false,
    });
    // A plate twice as wide as high: its largest side is the legible size.
    const plate = drawnSignSize({ heightInMeters: 0.3, widthInMeters: 0.6 }, at2000, 1, paperSign(7));
    expect(plate.width).toBeCloseTo(7, 9);
    expect(plate.height).toBeCloseTo(3.5, 9);
    // No rounding on paper.
    expect(drawnSignSize({ heightInMeters: 0.7 }, at500, 1, paperSign(6.3)).height).toBe(6.3);
  });

  it("prints a sign larger than the legible size at its true size", () => {
    // A 2.5 m well at 1:200 is 12.5 mm: larger than 8 mm, kept.
    expect(drawnSignSize({ heightInMeters: 2.5, widthInMeters: 2.5 }, 0.2, 1, paperSign(8))).toEqual({
      height: 12.5,
      width: 12.5,
      fit: "both",
      followsZoom: false,
    });
  });

  it("prints a sign without a size at the legible size, whatever the scale", () => {
    for (const metresPerMm of [at500, at2000]) {
      const wide = drawnSignSize({}, metresPerMm, 2, paperSign(10));
      expect(wide.width).toBeCloseTo(10, 9);
      expect(wide.height).toBeCloseTo(5, 9);
      const tall = drawnSignSize({}, metresPerMm, 0.5, paperSign(10));
      expect(tall.height).toBeCloseTo(10, 9);
      expect(tall.width).toBeCloseTo(5, 9);
    }
  });
});

describe("aspectOf", () => {
  it("is width / height when both are given", () => {
    expect(aspectOf({ heightInMeters: 0.2, widthInMeters: 0.64 })).toBeCloseTo(3.2);
    expect(aspectOf({ heightInMeters: 0.2 })).toBeNull();
    expect(aspectOf(null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { aspectOf, MIN_SIGN_PX, signPixelSize, ZOOM_FOLLOWING_HEIGHT_PX } from "./sign-size";

describe("signPixelSize", () => {
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

describe("aspectOf", () => {
  it("is width / height when both are given", () => {
    expect(aspectOf({ heightInMeters: 0.2, widthInMeters: 0.64 })).toBeCloseTo(3.2);
    expect(aspectOf({ heightInMeters: 0.2 })).toBeNull();
    expect(aspectOf(null)).toBeNull();
  });
});

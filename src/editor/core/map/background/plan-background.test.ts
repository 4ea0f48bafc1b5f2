import { getCenter, getHeight, getWidth } from "ol/extent";
import { fromLonLat, toLonLat } from "ol/proj";
import { getDistance } from "ol/sphere";
import { describe, expect, it } from "vitest";
import {
  BACKGROUND_ANCHOR,
  BACKGROUND_Z_INDEX,
  backgroundGeometry,
  backgroundViewConstraint,
  createBackgroundLayer,
  fitPixelSize,
  MAX_IMAGE_AREA_PX,
  mercatorScaleFactor,
  NOMINAL_LONGEST_SIDE_M,
  PDF_LONGEST_SIDE_PX,
  type BackgroundImage,
} from "./plan-background";
import { DEFAULT_MAP_CENTER } from "@/lib/elements/plan-content";

const cosDeg = (degrees: number) => Math.cos((degrees * Math.PI) / 180);
const A3_LANDSCAPE = { widthPx: 4096, heightPx: 2896 }; // 420 × 297 mm at ≈ 248 dpi

/** Ground metres between two projected points, on the app's geodesic sphere (ol/sphere, R ≈ 6371 km). */
const groundDistance = (a: number[], b: number[]) => getDistance(toLonLat(a), toLonLat(b));

describe("backgroundGeometry", () => {
  it("A3 at 1:500: 210 m on the ground, 210 / cos(lat) projected units, centred on the anchor", () => {
    const { extent, ground, trueScale } = backgroundGeometry(A3_LANDSCAPE, { center: BACKGROUND_ANCHOR, paperSize: "A3", scale: "1:500" });
    expect(trueScale).toBe(true);
    expect(ground.widthM).toBeCloseTo(210, 9);
    expect(ground.heightM).toBeCloseTo(210 * (2896 / 4096), 9);
    const lat = BACKGROUND_ANCHOR[1];
    expect(getWidth(extent)).toBeCloseTo(210 / cosDeg(lat), 6);
    expect(getWidth(extent)).toBeCloseTo(369.84, 1); // at Odense, 55.4° N: 1.761 units per metre
    expect(getHeight(extent) / getWidth(extent)).toBeCloseTo(2896 / 4096, 9);
    const center = getCenter(extent);
    const anchor = fromLonLat([...BACKGROUND_ANCHOR]);
    expect(center[0]).toBeCloseTo(anchor[0]!, 6);
    expect(center[1]).toBeCloseTo(anchor[1]!, 6);
  });

  it("measures true on the ground: a geodesic ruler across the image reads the sheet's length times the scale", () => {
    const { extent } = backgroundGeometry({ widthPx: 2970, heightPx: 4200 }, { center: [12.57, 55.68], paperSize: "A3", scale: "1:500" });
    const [minX, minY, maxX, maxY] = extent as [number, number, number, number];
    // Height: 420 mm × 500 = 210 m; width: 297 mm × 500 = 148.5 m. Within 0.15 %: the app's geodesic
    // sphere (6371 km) and Web Mercator's (6378 km) differ by 0.11 %, far below drawing precision.
    expect(groundDistance([minX, minY], [minX, maxY])).toBeGreaterThan(210 * 0.9985);
    expect(groundDistance([minX, minY], [minX, maxY])).toBeLessThan(210 * 1.0015);
    const midY = (minY + maxY) / 2;
    expect(groundDistance([minX, midY], [maxX, midY])).toBeGreaterThan(148.5 * 0.9985);
    expect(groundDistance([minX, midY], [maxX, midY])).toBeLessThan(148.5 * 1.0015);
  });

  it("scales with latitude as Web Mercator does, and not with the image's resolution", () => {
    const atEquator = backgroundGeometry({ widthPx: 1000, heightPx: 500 }, { center: [0, 0], paperSize: "A1", scale: "1:200" });
    expect(getWidth(atEquator.extent)).toBeCloseTo(841 * 0.2, 9);
    const north = backgroundGeometry({ widthPx: 10_000, heightPx: 5_000 }, { center: [18, 65], paperSize: "A1", scale: "1:200" });
    expect(getWidth(north.extent)).toBeCloseTo((841 * 0.2) / cosDeg(65), 6);
    expect(mercatorScaleFactor(60)).toBeCloseTo(2, 12);
  });

  it("without paper size and scale: a nominal 200 m along the longest side, not to scale", () => {
    for (const [paperSize, scale] of [
      [null, null],
      ["A3", null],
      [null, "1:500"],
      ["A3", "500"],
    ] as const) {
      const { extent, ground, trueScale } = backgroundGeometry(
        { widthPx: 800, heightPx: 1600 },
        { center: BACKGROUND_ANCHOR, paperSize, scale },
      );
      expect(trueScale).toBe(false);
      expect(ground).toEqual({ widthM: 100, heightM: NOMINAL_LONGEST_SIDE_M });
      expect(getHeight(extent)).toBeCloseTo(200 / cosDeg(BACKGROUND_ANCHOR[1]), 6);
    }
  });
});

describe("BACKGROUND_ANCHOR", () => {
  it("is where a new plan's default view is centred, so a new background plan opens on its image", () => {
    expect(BACKGROUND_ANCHOR).toEqual(DEFAULT_MAP_CENTER);
  });
});

describe("backgroundViewConstraint", () => {
  it("is a square of three image-lengths around the anchor, whatever the image's proportions", () => {
    const { extent, showFullExtent } = backgroundViewConstraint({ paperSize: "A3", scale: "1:500" });
    expect(showFullExtent).toBe(true);
    const k = 1 / cosDeg(BACKGROUND_ANCHOR[1]);
    expect(getWidth(extent)).toBeCloseTo(3 * 210 * k, 6);
    expect(getHeight(extent)).toBeCloseTo(3 * 210 * k, 6);
    // Holds the image in portrait and in landscape.
    for (const image of [
      { widthPx: 2970, heightPx: 4200 },
      { widthPx: 4200, heightPx: 2970 },
    ]) {
      const imageExtent = backgroundGeometry(image, { center: BACKGROUND_ANCHOR, paperSize: "A3", scale: "1:500" }).extent;
      expect(
        imageExtent[0]! > extent[0]! && imageExtent[1]! > extent[1]! && imageExtent[2]! < extent[2]! && imageExtent[3]! < extent[3]!,
      ).toBe(true);
    }
  });

  it("uses the nominal size without paper size and scale", () => {
    const { extent } = backgroundViewConstraint({ paperSize: null, scale: null });
    expect(getWidth(extent)).toBeCloseTo((3 * NOMINAL_LONGEST_SIDE_M) / cosDeg(BACKGROUND_ANCHOR[1]), 6);
  });
});

describe("createBackgroundLayer", () => {
  const image: BackgroundImage = { canvas: {} as HTMLCanvasElement, ...A3_LANDSCAPE };

  it("places the image layer at the computed extent, between the base maps and the elements", () => {
    const { layer, extent, trueScale } = createBackgroundLayer({ image, center: BACKGROUND_ANCHOR, paperSize: "A3", scale: "1:500" });
    expect(trueScale).toBe(true);
    expect(extent).toEqual(backgroundGeometry(image, { center: BACKGROUND_ANCHOR, paperSize: "A3", scale: "1:500" }).extent);
    expect(layer.getExtent()).toEqual(extent);
    expect(layer.getZIndex()).toBe(BACKGROUND_Z_INDEX);
    expect(BACKGROUND_Z_INDEX).toBeLessThan(0);
    expect(BACKGROUND_Z_INDEX).toBeGreaterThan(-100);
    expect(layer.getSource()?.getProjection()?.getCode()).toBe("EPSG:3857");
  });

  it("reports a nominal placement", () => {
    expect(createBackgroundLayer({ image, center: BACKGROUND_ANCHOR }).trueScale).toBe(false);
  });
});

describe("fitPixelSize", () => {
  it("renders a PDF page's longest side at 4096 px", () => {
    // A3 landscape in PDF points.
    const fit = fitPixelSize({ width: 1190.55, height: 841.89 }, { longestPx: PDF_LONGEST_SIDE_PX, maxAreaPx: MAX_IMAGE_AREA_PX });
    expect(fit.widthPx).toBe(4096);
    expect(fit.heightPx).toBe(2896);
    expect(fit.scale).toBeCloseTo(4096 / 1190.55, 9);
  });

  it("keeps within the canvas area limit, however the page is shaped", () => {
    const square = fitPixelSize({ width: 1000, height: 1000 }, { longestPx: 8000, maxAreaPx: MAX_IMAGE_AREA_PX });
    expect(square.widthPx * square.heightPx).toBeLessThanOrEqual(MAX_IMAGE_AREA_PX);
    expect(square.widthPx).toBe(4096);
    const scan = fitPixelSize({ width: 14043, height: 9933 }, { maxAreaPx: MAX_IMAGE_AREA_PX, allowUpscale: false });
    expect(scan.widthPx * scan.heightPx).toBeLessThanOrEqual(MAX_IMAGE_AREA_PX);
    expect(scan.widthPx / scan.heightPx).toBeCloseTo(14043 / 9933, 2);
  });

  it("leaves an image that fits as it is, and never enlarges it", () => {
    expect(fitPixelSize({ width: 4000, height: 3000 }, { maxAreaPx: MAX_IMAGE_AREA_PX, allowUpscale: false })).toEqual({
      scale: 1,
      widthPx: 4000,
      heightPx: 3000,
    });
    expect(fitPixelSize({ width: 400, height: 300 }, { maxAreaPx: MAX_IMAGE_AREA_PX, allowUpscale: false }).widthPx).toBe(400);
  });

  it("refuses an empty page", () => {
    expect(() => fitPixelSize({ width: 0, height: 10 }, { longestPx: 100 })).toThrow(RangeError);
  });
});

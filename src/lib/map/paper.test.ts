import { describe, expect, it } from "vitest";
import { groundLongestSideM, groundSizeOfImage, isPaperSize, paperSizeMm, parseScale, sizeWithLongestSide } from "./paper";
import { PAPER_SIZES } from "@/lib/schemas/signplan";

describe("parseScale", () => {
  it("reads the denominator of 1:xxx", () => {
    expect(parseScale("1:500")).toBe(500);
    expect(parseScale("1:1")).toBe(1);
    expect(parseScale(" 1:2000 ")).toBe(2000);
    expect(parseScale("1:9999999")).toBe(9_999_999);
  });

  it("refuses anything the API would refuse", () => {
    for (const text of ["", "500", "1:0", "1:0500", "2:500", "1:50.5", "1:-5", "1 : 500", "1:10000000", "1:abc"]) {
      expect(parseScale(text), text).toBeNull();
    }
    expect(parseScale(null)).toBeNull();
    expect(parseScale(undefined)).toBeNull();
  });
});

describe("paperSizeMm", () => {
  it("knows every paper size the API accepts, with ISO 216 sides", () => {
    expect(paperSizeMm("A4")).toEqual({ longMm: 297, shortMm: 210 });
    expect(paperSizeMm("A3")).toEqual({ longMm: 420, shortMm: 297 });
    expect(paperSizeMm("A2")).toEqual({ longMm: 594, shortMm: 420 });
    expect(paperSizeMm("A1")).toEqual({ longMm: 841, shortMm: 594 });
    expect(paperSizeMm("A0")).toEqual({ longMm: 1189, shortMm: 841 });
    for (const size of PAPER_SIZES) expect(isPaperSize(size)).toBe(true);
  });

  it("halving a sheet gives the next size (ISO 216, to the millimetre)", () => {
    for (let i = 0; i + 1 < PAPER_SIZES.length; i++) {
      const smaller = paperSizeMm(PAPER_SIZES[i])!;
      const larger = paperSizeMm(PAPER_SIZES[i + 1])!;
      expect(smaller.longMm).toBe(larger.shortMm);
      expect(Math.abs(smaller.shortMm - Math.floor(larger.longMm / 2))).toBeLessThanOrEqual(1);
    }
  });

  it("has nothing for other sizes", () => {
    expect(paperSizeMm("A5")).toBeNull();
    expect(paperSizeMm("a3")).toBeNull();
    expect(paperSizeMm(null)).toBeNull();
  });
});

describe("groundSizeOfImage", () => {
  it("A3 at 1:500: the longest side is 210 m, the other follows the image", () => {
    const landscape = groundSizeOfImage({ widthPx: 4200, heightPx: 2970 }, "A3", "1:500")!;
    expect(landscape.widthM).toBeCloseTo(210, 9);
    expect(landscape.heightM).toBeCloseTo(148.5, 9);
    const portrait = groundSizeOfImage({ widthPx: 2970, heightPx: 4200 }, "A3", "1:500")!;
    expect(portrait.widthM).toBeCloseTo(148.5, 9);
    expect(portrait.heightM).toBeCloseTo(210, 9);
  });

  it("does not depend on the image's resolution", () => {
    const small = groundSizeOfImage({ widthPx: 1189, heightPx: 841 }, "A0", "1:200")!;
    const large = groundSizeOfImage({ widthPx: 11890, heightPx: 8410 }, "A0", "1:200")!;
    expect(small.widthM).toBeCloseTo(237.8, 9);
    expect(large.widthM).toBeCloseTo(small.widthM, 9);
    expect(large.heightM).toBeCloseTo(small.heightM, 9);
  });

  it("keeps a scan's own proportions when they are not those of the sheet", () => {
    const square = groundSizeOfImage({ widthPx: 1000, heightPx: 1000 }, "A4", "1:1000")!;
    expect(square).toEqual({ widthM: 297, heightM: 297 });
  });

  it("is null without a paper size, without a scale, or for an empty image", () => {
    const image = { widthPx: 100, heightPx: 50 };
    expect(groundSizeOfImage(image, null, "1:500")).toBeNull();
    expect(groundSizeOfImage(image, "A3", null)).toBeNull();
    expect(groundSizeOfImage(image, "A3", "500")).toBeNull();
    expect(groundSizeOfImage({ widthPx: 0, heightPx: 50 }, "A3", "1:500")).toBeNull();
    expect(groundSizeOfImage({ widthPx: Number.NaN, heightPx: 50 }, "A3", "1:500")).toBeNull();
  });
});

describe("groundLongestSideM and sizeWithLongestSide", () => {
  it("agree with groundSizeOfImage", () => {
    expect(groundLongestSideM("A1", "1:250")).toBeCloseTo(210.25, 9);
    expect(groundLongestSideM("A1", null)).toBeNull();
    expect(sizeWithLongestSide({ widthPx: 300, heightPx: 600 }, 200)).toEqual({ widthM: 100, heightM: 200 });
  });
});

import { fromLonLat } from "ol/proj";
import Icon from "ol/style/Icon";
import { describe, expect, it } from "vitest";
import { signEditor, signPaper, signStyle, turnSign } from ".";
import { PLACEHOLDER_SIGN_URL } from "./placeholder";
import { signImageOf } from "./sign-image";
import type { PaperContext } from "../types";
import { pageLayout } from "../../export/page-layout";
import { MM_PER_CSS_PX, mapToPage, printMetresPerPixel, type PrintFrame } from "../../export/print-frame";
import type { SignElement } from "@/lib/elements/sign";

const unknown: SignElement = {
  id: "s1",
  imageUrl: "/signs/dk/A/ZZ999.webp",
  position: [10.38551, 55.40178],
  rotation: 30,
  heightInMeters: 0.7,
};

describe("the sign's style", () => {
  it("draws an unknown sign as the placeholder, turned with the map", () => {
    const styles = signStyle(unknown, { metresPerPixel: 0.01, selected: false });
    const icon = styles.map((s) => s.getImage()).find((i): i is Icon => i instanceof Icon)!;
    expect(icon.getSrc()).toBe(PLACEHOLDER_SIGN_URL);
    expect(icon.getRotation()).toBeCloseTo((30 * Math.PI) / 180);
    expect(icon.getRotateWithView()).toBe(true);
  });

  it("adds a halo when selected, and caches the styles", () => {
    const selected = signStyle(unknown, { metresPerPixel: 0.01, selected: true });
    expect(selected.some((s) => s.getRenderer() !== null)).toBe(true);
    expect(signStyle(unknown, { metresPerPixel: 0.01, selected: true })).toBe(selected);
    expect(signStyle({ ...unknown }, { metresPerPixel: 0.01, selected: true })).toBe(selected);
    expect(signStyle(unknown, { metresPerPixel: 0.01, selected: false })).not.toBe(selected);
  });
});

describe("the sign's name", () => {
  const named: SignElement = { ...unknown, id: "named", imageUrl: "/signs/dk/A/A39.webp", name: "Vejarbejde ved skolen" };
  const nameOf = (metresPerPixel: number) =>
    signStyle(named, { metresPerPixel, selected: false })
      .map((s) => s.getText()?.getText())
      .find(Boolean);

  it("is written under the sign from 1 m a pixel in, and left out further out", () => {
    expect(nameOf(0.05)).toBe("Vejarbejde ved skolen");
    expect(nameOf(1)).toBe("Vejarbejde ved skolen");
    expect(nameOf(1.2)).toBeUndefined();
  });
});

describe("a well's levels", () => {
  const well: SignElement = {
    id: "well",
    imageUrl: "/signs/sewer/bronde_og_udskillere/rensebrond-425.webp",
    position: [10.38551, 55.40178],
    rotation: 0,
    heightInMeters: 0.425,
    widthInMeters: 0.425,
    coverLevel: 12.45,
    invertLevel: 10.8,
  };
  const levelsOf = (element: SignElement, metresPerPixel: number) =>
    signStyle(element, { metresPerPixel, selected: false })
      .map((s) => s.getText())
      .find((text) => text?.getText());

  it("are written beside the well, DK over BK with a decimal comma, clear of the symbol and its halo", () => {
    // 0.425 m at 1 cm a pixel: 42.5 px across, so its rim is about 21 px right of its centre.
    const text = levelsOf(well, 0.01)!;
    expect(text.getText()).toBe("DK 12,45\nBK 10,80");
    expect(text.getTextAlign()).toBe("left");
    expect(text.getTextBaseline()).toBe("middle");
    expect(text.getOffsetY()).toBe(0);
    expect(text.getOffsetX()).toBeGreaterThanOrEqual(42 / 2 + 5);
    expect(text.getOffsetX()).toBeLessThan(42 / 2 + 12);
    expect(text.getFill()?.getColor()).toBe("#1a1a1a");
    expect(text.getStroke()?.getColor()).toBe("#ffffff");
    expect(text.getRotateWithView()).toBeFalsy();
  });

  it("clear a turned symbol that is not round by its half diagonal", () => {
    const slab = { ...well, heightInMeters: 0.3, widthInMeters: 0.4 };
    expect(levelsOf(slab, 0.01)!.getOffsetX()).toBeGreaterThanOrEqual(25 + 5);
  });

  it("change with the levels, and are left out without them or beyond 1 m a pixel", () => {
    expect(levelsOf({ ...well, coverLevel: 12.5 }, 0.01)!.getText()).toBe("DK 12,50\nBK 10,80");
    const { coverLevel: _c, invertLevel: _i, ...bare } = well;
    expect(levelsOf(bare, 0.01)).toBeUndefined();
    expect(levelsOf(well, 1.2)).toBeUndefined();
  });

  it("are written on the exported page too, left-aligned right of the well", () => {
    const frame: PrintFrame = { center: fromLonLat(well.position), scale: 200, rotation: 0, map: pageLayout("A3", true).map };
    const { image, text } = signPaper(
      { ...well, connectionLevel: 10.95 },
      {
        toPage: mapToPage(frame),
        mmPerPx: MM_PER_CSS_PX,
        metresPerPixel: printMetresPerPixel(frame.scale),
        rotation: 0,
        center: frame.center,
        images: new Map([[PLACEHOLDER_SIGN_URL, "data:image/svg+xml;base64,PHN2Zy8+"]]),
      },
    );
    const [, x, width] =
      /<g transform="translate\(([-\d.]+) [-\d.]+\)[^>]*><image href="[^"]+" x="[-\d.]+" y="[-\d.]+" width="([\d.]+)"/.exec(image!)!;
    // 0.425 m at 1:200 is 2.125 mm on paper: printed at the legible 8 mm.
    expect(Number(width)).toBeCloseTo(8, 3);
    const lines = [...text!.matchAll(/<text x="([-\d.]+)" y="[-\d.]+"[^>]*text-anchor="start"[^>]*fill="#1a1a1a">([^<]+)<\/text>/g)];
    expect(lines.map((line) => line[2])).toEqual(["DK 12,45", "BK 10,80", "Tilsl. 10,95"]);
    for (const line of lines) expect(Number(line[1])).toBeGreaterThan(Number(x) + Number(width) / 2 + 1);
    expect(text).toContain('stroke="#ffffff"');
  });
});

describe("the sign on paper", () => {
  const plateUrl = "/signs/dk/U/UA1.webp";
  const paperAt = (scale: number, signSizeMm?: number): PaperContext => {
    const frame: PrintFrame = { center: fromLonLat(unknown.position), scale, rotation: 0, map: pageLayout("A3", true).map };
    const plateSrc = signImageOf({ imageUrl: plateUrl }).src;
    return {
      toPage: mapToPage(frame),
      mmPerPx: MM_PER_CSS_PX,
      metresPerPixel: printMetresPerPixel(scale),
      rotation: 0,
      center: frame.center,
      images: new Map([
        [PLACEHOLDER_SIGN_URL, "data:image/svg+xml;base64,PHN2Zy8+"],
        [plateSrc, "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="],
      ]),
      ...(signSizeMm ? { signSizeMm } : {}),
    };
  };
  /** The pictures of a printed sign: x, y, width and height in mm, around the sign's centre. */
  const picturesOf = (svg: string) =>
    [...svg.matchAll(/<image href="[^"]+" x="([-\d.e]+)" y="([-\d.e]+)" width="([\d.e]+)" height="([\d.e]+)"/g)].map((m) =>
      m.slice(1).map(Number),
    );

  it("prints a small sign at the legible size, at 1:500 and 1:2000, with or without a stored size", () => {
    const { heightInMeters: _h, ...unsized } = unknown;
    for (const scale of [500, 2000]) {
      for (const element of [unknown, unsized]) {
        const [[x, y, width, height]] = picturesOf(signPaper(element, paperAt(scale)).image!) as [number[]];
        // 0.7 m is 1.4 mm at 1:500 and 0.35 mm at 1:2000; the default legible size is 8 mm.
        expect(width).toBeCloseTo(8, 6);
        expect(height).toBeCloseTo(8, 6);
        expect(x).toBeCloseTo(-4, 6);
        expect(y).toBeCloseTo(-4, 6);
      }
    }
    const [[width]] = picturesOf(signPaper(unknown, paperAt(500, 12)).image!).map((p) => p.slice(2)) as [number[]];
    expect(width).toBeCloseTo(12, 6);
  });

  it("prints a sign whose true size is larger at its true size, turned as on the map", () => {
    const large = { ...unknown, heightInMeters: 3, widthInMeters: 6 };
    const svg = signPaper(large, paperAt(500)).image!;
    const [[, , width, height]] = picturesOf(svg) as [number[]];
    // 6 m × 3 m at 1:500 is 12 mm × 6 mm: larger than 8 mm.
    expect(width).toBeCloseTo(12, 6);
    expect(height).toBeCloseTo(6, 6);
    expect(svg).toContain("rotate(30)");
  });

  it("hangs the plate under the enlarged sign, as wide as it, and writes the name under both", () => {
    const withPlate: SignElement = { ...unknown, name: "Skolevej", subSign: { imageUrl: plateUrl } };
    const { image, text } = signPaper(withPlate, paperAt(500));
    const [sign, plate] = picturesOf(image!) as [number[], number[]];
    expect(sign[2]).toBeCloseTo(8, 6);
    // As wide as the sign, its height from its proportions (the placeholder's, 1:1 in a test without the
    // catalogue), 2 px of a 40 px sign (0.4 mm) below it.
    expect(plate).toEqual([sign[0], expect.closeTo(4 + 0.4, 6), sign[2], expect.closeTo(8, 6)]);
    const [, textY] = /<g transform="translate\([-\d.]+ ([-\d.]+)\)/.exec(image!)!;
    const nameY = Number(/<text[^>]* y="([-\d.]+)"[^>]*>Skolevej</.exec(text!)![1]);
    expect(nameY).toBeGreaterThan(Number(textY) + 4 + 0.4 + 8);
  });
});

describe("signEditor", () => {
  it("turns a sign by its rotation field, not its position", () => {
    const turned = signEditor.rotate!(unknown, 5);
    expect(turned).toEqual({ ...unknown, rotation: 35 });
    expect(turnSign(0, -5)).toBe(-5);
    expect(turnSign(180, 5)).toBe(-175);
  });

  it("stores its point as [lon, lat] and back", () => {
    const geometry = signEditor.toGeometry(unknown);
    expect(signEditor.withGeometry(unknown, geometry).position).toEqual(unknown.position);
  });
});

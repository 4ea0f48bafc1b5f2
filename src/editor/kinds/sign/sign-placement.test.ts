import { describe, expect, it } from "vitest";
import { initialSignSize, newSignElement, uprightRotation, type PickedSign } from "./sign-placement";
import { SEWER_SYMBOLS } from "@/lib/signs/sewer";
import type { CatalogueSign } from "@/lib/signs/types";

const a11: CatalogueSign = {
  id: "A11",
  code: "A 11",
  name: "Farligt vejsving til højre",
  category: "A",
  imageUrl: "/signs/dk/A/A11.webp",
  svgUrl: "/signs/dk/A/A11.svg",
  initialHeightInMeters: 0.606,
  initialWidthInMeters: 0.7,
};
const picked = (sign: CatalogueSign | null, imageUrl = sign?.imageUrl ?? "/api/sign-images/k/personal_1.webp"): PickedSign => ({
  imageUrl,
  sign,
  code: sign?.code ?? "",
  name: sign?.name ?? "Eget",
  previewUrl: imageUrl,
});

describe("initialSignSize", () => {
  it("uses the catalogue's default size", () => {
    expect(initialSignSize(a11, null)).toEqual({ heightInMeters: 0.606, widthInMeters: 0.7 });
  });

  it("prefers the user's standard sign size as height, keeping the catalogue's proportions", () => {
    expect(initialSignSize(a11, 1.212)).toEqual({ heightInMeters: 1.212, widthInMeters: 1.4 });
    expect(initialSignSize(null, 2)).toEqual({ heightInMeters: 2 });
  });

  it("keeps a sewer symbol's real size whatever the standard sign size; a symbol without one takes the standard size", () => {
    const well = SEWER_SYMBOLS.find((s) => s.id === "rensebrond-425")!;
    expect(initialSignSize(well, 2)).toEqual({ heightInMeters: 0.425, widthInMeters: 0.425 });
    const wc = SEWER_SYMBOLS.find((s) => s.id === "wc")!;
    expect(initialSignSize(wc, 0.8)).toEqual({ heightInMeters: 0.8 });
  });

  it("has no size (follows the zoom) without either", () => {
    expect(initialSignSize(null, null)).toEqual({});
    expect(initialSignSize({ ...a11, initialHeightInMeters: undefined, initialWidthInMeters: undefined }, undefined)).toEqual({});
  });
});

describe("uprightRotation", () => {
  it("turns a new sign against the map's rotation, so it stands upright on screen", () => {
    expect(uprightRotation(0)).toBe(0);
    expect(uprightRotation(30)).toBe(-30);
    expect(uprightRotation(-90)).toBe(90);
    expect(uprightRotation(180)).toBe(180);
  });
});

describe("newSignElement", () => {
  it("makes a sign with the picked image, the position, rotation and size", () => {
    const element = newSignElement({ id: "s1", picked: picked(a11), position: [10.1, 55.2], mapRotation: 0, standardSignSize: null });
    expect(element).toEqual({
      id: "s1",
      imageUrl: "/signs/dk/A/A11.webp",
      position: [10.1, 55.2],
      rotation: 0,
      heightInMeters: 0.606,
      widthInMeters: 0.7,
    });
  });

  it("keeps a typed name or value, and leaves empty ones out", () => {
    expect(
      newSignElement({ id: "s", picked: picked(a11), position: [0, 0], mapRotation: 0, standardSignSize: null, name: "Odense" }).name,
    ).toBe("Odense");
    expect(
      newSignElement({ id: "s", picked: picked(a11), position: [0, 0], mapRotation: 0, standardSignSize: null, text: "80" }).text,
    ).toBe("80");
    const empty = newSignElement({ id: "s", picked: picked(a11), position: [0, 0], mapRotation: 0, standardSignSize: null, name: "" });
    expect("name" in empty).toBe(false);
  });
});

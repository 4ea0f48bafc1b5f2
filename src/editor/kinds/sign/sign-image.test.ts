import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogueSign } from "@/lib/signs/types";

const SIGNS: CatalogueSign[] = [
  {
    id: "A11",
    code: "A 11",
    name: "Farligt vejsving",
    category: "A",
    imageUrl: "/signs/dk/A/A11.webp",
    svgUrl: "/signs/dk/A/A11.svg",
    initialHeightInMeters: 0.6,
    initialWidthInMeters: 0.7,
  },
  {
    id: "C55",
    code: "C 55",
    name: "Hastighedsbegrænsning",
    category: "C",
    imageUrl: "/signs/dk/C/C55.webp",
    svgUrl: "/signs/dk/C/C55.svg",
    initialHeightInMeters: 0.64,
    initialWidthInMeters: 0.64,
    parameter: { kind: "speed", defaultValue: "50" },
  },
  {
    id: "E55",
    code: "E 55",
    name: "Byzone",
    category: "E",
    imageUrl: "/signs/dk/E/E55.webp",
    svgUrl: "/signs/dk/E/E55.svg",
    shouldPromptForName: true,
  },
];

const render = vi.fn((sign: CatalogueSign, value: string) => `<svg id="${sign.id}">${value}</svg>`);

vi.mock("@/lib/signs/catalogue", async () => {
  const { signIdFromImageUrl } = await import("@/lib/signs/image-url");
  return { findSign: (url: string) => SIGNS.find((s) => s.id === signIdFromImageUrl(url)) ?? null, catalogueOf: () => SIGNS };
});
vi.mock("./render-parametric", () => ({ renderParametricSign: (sign: CatalogueSign, value: string) => render(sign, value) }));

const { PLACEHOLDER_IMAGE, isLoadableUpload, parametricCacheSize, parametricKey, resolveSignImage, setArtworkOverrides, signImageOf } =
  await import("./sign-image");
const { loadSignLibrary } = await import("./sign-library");

describe("before the sign catalogue has loaded", () => {
  it("draws a catalogue sign as the placeholder, an upload as itself, and resolves again once the catalogue is there", async () => {
    const placed = { imageUrl: "/signs/dk/A/A11.webp" };
    expect(signImageOf(placed)).toBe(PLACEHOLDER_IMAGE);
    expect(resolveSignImage("/api/sign-images/u1/sign.png").src).toBe("/api/sign-images/u1/sign.png");
    await loadSignLibrary();
    expect(signImageOf(placed).src).toBe("/signs/dk/A/A11.svg");
  });
});

describe("resolveSignImage", () => {
  beforeEach(() => {
    setArtworkOverrides(new Map());
    render.mockClear();
  });

  it("draws a catalogue sign from its crisp SVG, proportioned by its default size", () => {
    expect(resolveSignImage("/signs/dk/A/A11.webp")).toMatchObject({ src: "/signs/dk/A/A11.svg", placeholder: false, showsValue: false });
    expect(resolveSignImage("/signs/dk/A/A11.webp").aspect).toBeCloseTo(0.7 / 0.6);
    // The id is the last path segment: an old host or another extension names the same sign.
    expect(resolveSignImage("https://old.example/billeder/A11.png").src).toBe("/signs/dk/A/A11.svg");
  });

  it("shows the placeholder for an id nobody knows and for an invalid URL, never an error", () => {
    expect(resolveSignImage("/signs/dk/A/ZZ999.webp")).toBe(PLACEHOLDER_IMAGE);
    expect(resolveSignImage("/signs/dk/A/")).toBe(PLACEHOLDER_IMAGE);
    expect(resolveSignImage("")).toBe(PLACEHOLDER_IMAGE);
    expect(resolveSignImage("https://tracker.example/pixel.gif")).toBe(PLACEHOLDER_IMAGE);
    expect(PLACEHOLDER_IMAGE.src.startsWith("data:image/svg+xml")).toBe(true);
  });

  it("loads an upload of this site as it is", () => {
    expect(resolveSignImage("/api/sign-images/0123/personal_12.webp")).toMatchObject({
      src: "/api/sign-images/0123/personal_12.webp",
      placeholder: false,
      aspect: null,
    });
    expect(isLoadableUpload("//evil.example/x.webp")).toBe(false);
    expect(isLoadableUpload("/signs/dk/A/ZZ.webp")).toBe(false);
  });

  it("prefers an administrator's artwork to our drawing", () => {
    setArtworkOverrides(new Map([["A11", "/api/sign-artwork/A11/file.svg"]]));
    expect(resolveSignImage("/signs/dk/A/A11.webp")).toMatchObject({ src: "/api/sign-artwork/A11/file.svg", aspect: null });
  });

  it("renders a parametric sign from its value (or the default), once per sign and value", () => {
    const eighty = resolveSignImage("/signs/dk/C/C55.webp", { text: "80" });
    expect(eighty.showsValue).toBe(true);
    expect(decodeURIComponent(eighty.src)).toContain('<svg id="C55">80</svg>');
    const again = resolveSignImage("/signs/dk/C/C55.webp", { text: "80" });
    expect(again.src).toBe(eighty.src);
    expect(render).toHaveBeenCalledTimes(1);
    expect(decodeURIComponent(resolveSignImage("/signs/dk/C/C55.webp").src)).toContain(">50<");
    expect(parametricCacheSize()).toBeGreaterThanOrEqual(2);
  });

  it("keys the parametric cache by sign and value, which cannot collide", () => {
    expect(parametricKey("C55", "80")).not.toBe(parametricKey("C5", "580"));
    expect(parametricKey("C55", "80")).toBe(parametricKey("C55", "80"));
  });

  it("renders the typed name of a sign flagged shouldPromptForName, and its plain picture without one", () => {
    expect(decodeURIComponent(resolveSignImage("/signs/dk/E/E55.webp", { name: "Odense" }).src)).toContain(">Odense<");
    expect(resolveSignImage("/signs/dk/E/E55.webp", { name: "  " })).toMatchObject({ src: "/signs/dk/E/E55.svg", showsValue: false });
  });

  it("resolves each element object once", () => {
    const element = { imageUrl: "/signs/dk/C/C55.webp", text: "30" };
    expect(signImageOf(element)).toBe(signImageOf(element));
  });
});

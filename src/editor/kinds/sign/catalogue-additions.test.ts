import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CatalogueSign } from "@/lib/signs/types";

const get = vi.fn();
vi.mock("@/client/api", () => ({
  api: { get: (...args: unknown[]) => get(...args) },
  ApiRequestError: class extends Error {
    constructor(readonly status: number) {
      super("refused");
    }
  },
}));

const ADDED: CatalogueSign = {
  id: "added_7",
  code: "Z 917",
  name: "Omkørsel for cyklister",
  category: "A",
  imageUrl: `/api/sign-images/${"a".repeat(32)}/added_7.png`,
  svgUrl: `/api/sign-images/${"a".repeat(32)}/added_7.png`,
  initialHeightInMeters: 0.8,
  initialWidthInMeters: 0.4,
};

beforeEach(() => {
  vi.resetModules();
  get.mockReset();
});

describe("the site's added signs", () => {
  it("are read once per site, keep only entries with an uploaded picture, and resolve a placed sign", async () => {
    get.mockResolvedValue([ADDED, { id: "evil", imageUrl: "https://example.com/x.png" }, null]);
    const { loadCatalogueAdditions, additionOf } = await import("./catalogue-additions");
    const { resolveSignImage } = await import("./sign-image");
    expect(additionOf(ADDED.imageUrl)).toBeNull();
    expect(await loadCatalogueAdditions("skilteplanen")).toEqual([ADDED]);
    expect(await loadCatalogueAdditions("skilteplanen")).toEqual([ADDED]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![0]).toBe("/signs/catalogue-additions?site=skilteplanen");
    expect(additionOf(ADDED.imageUrl)).toEqual(ADDED);
    // Drawn from its picture at the catalogue's proportions (width / height).
    expect(resolveSignImage(ADDED.imageUrl)).toMatchObject({ src: ADDED.imageUrl, sign: ADDED, aspect: 0.5, placeholder: false });
  });

  it("an undone addition is not offered, yet a plan that placed it still draws its picture", async () => {
    get.mockResolvedValue([]);
    const { loadCatalogueAdditions, additionOf } = await import("./catalogue-additions");
    const { resolveSignImage } = await import("./sign-image");
    expect(await loadCatalogueAdditions("skilteplanen")).toEqual([]);
    expect(additionOf(ADDED.imageUrl)).toBeNull();
    expect(resolveSignImage(ADDED.imageUrl)).toMatchObject({ src: ADDED.imageUrl, sign: null, placeholder: false });
  });

  it("a failed load gives none and is tried again at the next", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    get.mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce([ADDED]);
    const { loadCatalogueAdditions } = await import("./catalogue-additions");
    expect(await loadCatalogueAdditions("ta-planen")).toEqual([]);
    expect(error).toHaveBeenCalled();
    expect(await loadCatalogueAdditions("ta-planen")).toEqual([ADDED]);
    expect(get).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

import { describe, expect, it } from "vitest";
import { catalogueOf, findSign } from "./catalogue";
import { DK_SIGNS } from "./dk";
import { SEWER_SYMBOLS } from "./sewer";
import { catalogueIdOf, categoriesOf } from "./site-catalogue";
import { DK_SIGN_CATEGORIES, SEWER_SYMBOL_CATEGORIES } from "./types";

describe("catalogueOf", () => {
  it("gives the sewer site its symbols and the sign-plan sites the Danish traffic signs", () => {
    expect(catalogueOf("kloakplanen")).toBe(SEWER_SYMBOLS);
    expect(catalogueOf("skilteplanen")).toBe(DK_SIGNS);
    expect(catalogueOf("ta-planen")).toBe(DK_SIGNS);
    expect(catalogueIdOf("kloakplanen")).toBe("sewer");
    expect(catalogueIdOf("skilteplanen")).toBe("dk");
  });

  it("offers no traffic sign on the sewer site and no sewer symbol on the sign-plan sites", () => {
    expect(catalogueOf("kloakplanen").some((s) => s.id === "A11" || !s.isKloakElement)).toBe(false);
    expect(catalogueOf("skilteplanen").some((s) => s.isKloakElement || s.id === "rensebrond-425")).toBe(false);
  });
});

describe("categoriesOf", () => {
  it("lists each site's categories in the specification's order", () => {
    expect(categoriesOf("kloakplanen")).toEqual([
      "bronde_og_udskillere",
      "spildevandsrensning",
      "toilet_og_sanitet",
      "installationsgenstande",
      "lar",
    ]);
    expect(categoriesOf("skilteplanen")).toEqual(DK_SIGN_CATEGORIES);
    expect(categoriesOf("ta-planen")).toEqual(DK_SIGN_CATEGORIES);
  });

  it("covers every entry of the site's catalogue", () => {
    for (const site of ["kloakplanen", "skilteplanen"] as const) {
      const categories: readonly string[] = categoriesOf(site);
      expect(
        catalogueOf(site)
          .filter((s) => !categories.includes(s.category))
          .map((s) => s.id),
      ).toEqual([]);
    }
    expect(SEWER_SYMBOL_CATEGORIES.every((c) => SEWER_SYMBOLS.some((s) => s.category === c))).toBe(true);
  });
});

describe("findSign", () => {
  it("finds entries of both catalogues by their image URL, whichever folder the URL names", () => {
    const well = SEWER_SYMBOLS.find((s) => s.id === "rensebrond-425")!;
    expect(findSign(well.imageUrl)).toBe(well);
    expect(findSign("/signs/sewer/LAR/faskine.webp")?.name).toBe("Faskine");
    expect(findSign("/signs/dk/A/A11.webp")?.code).toBe("A 11");
    expect(findSign("/old/billeder/sandfang-600.png")?.code).toBe("SF Ø600");
    expect(findSign("/signs/sewer/LAR/ukendt.webp")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { catalogueOf, findSign, renderCatalogueSignSvg } from "./catalogue";
import { DK_SIGNS } from "./dk";
import { SE_SIGNS } from "./se";
import { SEWER_SYMBOLS } from "./sewer";
import { catalogueIdOf, categoriesOf } from "./site-catalogue";
import { DK_SIGN_CATEGORIES, SE_SIGN_CATEGORIES, SEWER_SYMBOL_CATEGORIES } from "./types";

describe("catalogueOf", () => {
  it("gives the sewer site its symbols, skilteplanen the Danish and TA-planen the Swedish traffic signs", () => {
    expect(catalogueOf("kloakplanen")).toBe(SEWER_SYMBOLS);
    expect(catalogueOf("skilteplanen")).toBe(DK_SIGNS);
    expect(catalogueOf("ta-planen")).toBe(SE_SIGNS);
    expect(catalogueIdOf("kloakplanen")).toBe("sewer");
    expect(catalogueIdOf("skilteplanen")).toBe("dk");
    expect(catalogueIdOf("ta-planen")).toBe("se");
  });

  it("offers no Danish sign on TA-planen and no Swedish sign on skilteplanen", () => {
    expect(catalogueOf("ta-planen").some((s) => !s.id.startsWith("se-") || s.isKloakElement)).toBe(false);
    expect(catalogueOf("skilteplanen").some((s) => s.id.startsWith("se-"))).toBe(false);
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
    expect(categoriesOf("ta-planen")).toEqual(SE_SIGN_CATEGORIES);
  });

  it("covers every entry of the site's catalogue", () => {
    for (const site of ["kloakplanen", "skilteplanen", "ta-planen"] as const) {
      const categories: readonly string[] = categoriesOf(site);
      expect(
        catalogueOf(site)
          .filter((s) => !categories.includes(s.category))
          .map((s) => s.id),
      ).toEqual([]);
    }
    expect(SEWER_SYMBOL_CATEGORIES.every((c) => SEWER_SYMBOLS.some((s) => s.category === c))).toBe(true);
    expect(SE_SIGN_CATEGORIES.every((c) => SE_SIGNS.some((s) => s.category === c))).toBe(true);
  });
});

describe("findSign", () => {
  it("finds entries of every catalogue by their image URL, whichever folder the URL names", () => {
    const well = SEWER_SYMBOLS.find((s) => s.id === "rensebrond-425")!;
    expect(findSign(well.imageUrl)).toBe(well);
    expect(findSign("/signs/sewer/LAR/faskine.webp")?.name).toBe("Faskine");
    expect(findSign("/signs/dk/A/A11.webp")?.code).toBe("A 11");
    expect(findSign("/old/billeder/sandfang-600.png")?.code).toBe("SF Ø600");
    expect(findSign("/signs/sewer/LAR/ukendt.webp")).toBeNull();
    expect(findSign("/signs/se/A/se-A20.webp")?.name).toBe("Vägarbete");
    expect(findSign("/signs/se/X/se-X3-rod.svg")?.code).toBe("X3");
    expect(findSign("/signs/dk/A/se-A20.webp")?.code).toBe("A20");
  });
});

describe("renderCatalogueSignSvg", () => {
  it("draws a parametric sign of either sign-plan catalogue with the user's value", () => {
    expect(renderCatalogueSignSvg("se-C31", "30")).not.toBe(renderCatalogueSignSvg("se-C31"));
    expect(renderCatalogueSignSvg("se-C31", "30")).toContain("<title>C31 Hastighetsbegränsning</title>");
    expect(renderCatalogueSignSvg("C55", "30")).toContain("<title>C 55 Lokal hastighedsbegrænsning</title>");
    expect(renderCatalogueSignSvg("se-A99")).toBeNull();
  });
});

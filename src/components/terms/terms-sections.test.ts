import { describe, expect, it } from "vitest";
import { TERMS_SECTIONS } from "./terms-sections";
import da from "@messages/da.json";
import sv from "@messages/sv.json";

// The page builds each paragraph's key from this table; the catalogues must hold exactly those texts.
describe("TERMS_SECTIONS", () => {
  for (const [language, catalogue] of [
    ["Danish", da],
    ["Swedish", sv],
  ] as const) {
    it(`names every section and paragraph of the ${language} terms, and no more`, () => {
      const sections = catalogue.terms.sections as Record<string, Record<string, string>>;
      expect(Object.keys(sections)).toEqual(TERMS_SECTIONS.map(([id]) => id));
      for (const [id, paragraphs] of TERMS_SECTIONS) {
        const expected = ["title", ...Array.from({ length: paragraphs }, (_, i) => `p${i + 1}`)];
        expect(Object.keys(sections[id]!), id).toEqual(expected);
      }
    });
  }
});

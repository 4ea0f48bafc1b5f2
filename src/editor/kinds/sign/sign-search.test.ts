import { describe, expect, it } from "vitest";
import { matchRank, normaliseSearchText, searchSigns } from "./sign-search";

const signs = [
  { code: "A 11", name: "Farligt vejsving til højre" },
  { code: "A 12", name: "Farligt vejsving til venstre" },
  { code: "C 55", name: "Hastighedsbegrænsning" },
  { code: "C 55.1", name: "Ophør af hastighedsbegrænsning" },
  { code: "U 3.1", name: "Afstand til øjne" },
  { code: "E 55", name: "Byzone" },
];

describe("normaliseSearchText", () => {
  it("drops case, spaces, punctuation and accents, and folds æ and ø", () => {
    expect(normaliseSearchText("C 55")).toBe("c55");
    expect(normaliseSearchText(" c-55 ")).toBe("c55");
    expect(normaliseSearchText("U 3.1")).toBe("u31");
    expect(normaliseSearchText("Hastighedsbegrænsning")).toBe("hastighedsbegraensning");
    expect(normaliseSearchText("Øjne på vejen, Å")).toBe("ojnepavejena");
    expect(normaliseSearchText("Väjningsplikt é")).toBe("vajningsplikte");
  });
});

describe("searchSigns", () => {
  const codes = (query: string) => searchSigns(signs, query).map((s) => s.code);

  it('finds C 55 by "c55", "C 55" and "hastighed", the exact code first', () => {
    expect(codes("c55")[0]).toBe("C 55");
    expect(codes("C 55")[0]).toBe("C 55");
    expect(codes("C 55")).toEqual(["C 55", "C 55.1"]);
    expect(codes("hastighed")).toEqual(["C 55", "C 55.1"]);
  });

  it("finds by code prefix in catalogue order, and by the code's number", () => {
    expect(codes("a1")).toEqual(["A 11", "A 12"]);
    expect(codes("A 11")).toEqual(["A 11"]);
    expect(codes("55")).toEqual(["C 55", "C 55.1", "E 55"]);
  });

  it("matches a code from its start only, and does not mix a code's parts into names", () => {
    const more = [...signs, { code: "A 41.1", name: "Højresving" }, { code: "U 1.1", name: "Afstand" }];
    expect(searchSigns(more, "A 11").map((s) => s.code)).toEqual(["A 11"]);
  });

  it("is accent-insensitive and takes words in any order", () => {
    expect(codes("begransning")).toEqual(["C 55", "C 55.1"]);
    expect(codes("ojne")).toEqual(["U 3.1"]);
    expect(codes("højre vejsving")).toEqual(["A 11"]);
  });

  it("finds nothing for an empty or unmatched query", () => {
    expect(codes("")).toEqual([]);
    expect(codes("  ")).toEqual([]);
    expect(codes("zebra")).toEqual([]);
  });

  it("ranks the exact code before a name match", () => {
    expect(matchRank(signs[2]!, "c55")).toBe(0);
    expect(matchRank(signs[3]!, "c55")).toBe(1);
    expect(matchRank(signs[2]!, "hastighed")).toBe(3);
    expect(matchRank(signs[3]!, "hastighed")).toBe(4);
  });
});

describe("searchSigns on sewer symbols", () => {
  const symbols = [
    { code: "RB Ø425", name: "Rensebrønd Ø425", description: "Rensebrønd Ø425 med kryds; til rensning og inspektion af ledningen." },
    { code: "SF Ø600", name: "Sandfangsbrønd Ø600", description: "Sandfangsbrønd Ø600 med bundslam; på regnvand før faskine." },
    { code: "FU", name: "Fedtudskiller", description: "Fedtudskiller på afløbet fra storkøkken eller restaurant." },
    { code: "SU", name: "Stivelsesudskiller", description: "Stivelsesudskiller på afløb fra kartoffelskrællere i storkøkken." },
  ];
  const codes = (query: string) => searchSigns(symbols, query).map((s) => s.code);

  it("finds a well by its code with or without the diameter sign", () => {
    expect(codes("RB Ø425")).toEqual(["RB Ø425"]);
    expect(codes("rb 425")).toEqual(["RB Ø425"]);
    expect(codes("Ø600")).toEqual(["SF Ø600"]);
    expect(matchRank(symbols[0]!, "rb425")).toBe(0);
  });

  it("finds by the description after the code and name matches", () => {
    expect(codes("storkøkken")).toEqual(["FU", "SU"]);
    expect(codes("regnvand faskine")).toEqual(["SF Ø600"]);
    expect(codes("udskiller restaurant")).toEqual(["FU"]);
    expect(matchRank(symbols[2]!, "fedt")).toBe(3);
    expect(matchRank(symbols[2]!, "restaurant")).toBe(6);
    expect(codes("sandfang")).toEqual(["SF Ø600"]);
  });
});

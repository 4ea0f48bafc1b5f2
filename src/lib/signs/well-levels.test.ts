import { describe, expect, it } from "vitest";
import { carriesWellLevels, formatLevel, parseDecimal, parseLevel, wellLevelLines } from "./well-levels";
import { signSchema, type SignElement } from "@/lib/elements/sign";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import type { CatalogueSign } from "./types";

const WELL_URL = "/signs/sewer/bronde_og_udskillere/rensebrond-425.webp";
const well: SignElement = { id: "w", imageUrl: WELL_URL, position: [10.3855, 55.4018], rotation: 0, coverLevel: 12.45, invertLevel: 10.8 };

describe("a sign's levels in the schema", () => {
  it("keeps cover, invert and connection levels, also through JSON", () => {
    const withAll = { ...well, connectionLevel: 10.95 };
    expect(signSchema.parse(withAll)).toEqual(withAll);
    expect(signSchema.parse(JSON.parse(JSON.stringify(withAll)))).toEqual(withAll);
  });

  it("needs no level: a sign stored before levels existed is valid as it is", () => {
    expect(signSchema.parse(EXAMPLE_ELEMENTS.sign)).toEqual(EXAMPLE_ELEMENTS.sign);
    const { coverLevel: _c, invertLevel: _i, ...bare } = well;
    expect(signSchema.parse(bare)).toEqual(bare);
  });

  it("accepts -100 to 3000 m and refuses what lies beyond, or is no number", () => {
    for (const level of [-100, 0, -7.05, 170.86, 3000]) expect(signSchema.safeParse({ ...well, coverLevel: level }).success).toBe(true);
    for (const [field, level] of [
      ["coverLevel", -100.01],
      ["invertLevel", 3000.5],
      ["connectionLevel", "12,45"],
      ["coverLevel", null],
    ] as const) {
      const result = signSchema.safeParse({ ...well, [field]: level });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
    // JSON has no Infinity or NaN; a client that sends one in a number field is refused too.
    expect(signSchema.safeParse({ ...well, invertLevel: Number.NaN }).success).toBe(false);
  });
});

describe("which signs carry levels", () => {
  const entry = (category: CatalogueSign["category"]) => ({ category }) as CatalogueSign;

  it("offers them for wells and separators, by catalogue category or by image folder", () => {
    expect(carriesWellLevels({ imageUrl: "/x/personal_3.png" }, entry("bronde_og_udskillere"))).toBe(true);
    expect(carriesWellLevels({ imageUrl: WELL_URL }, null)).toBe(true);
    expect(carriesWellLevels({ imageUrl: "/signs/sewer/bronde_og_udskillere/fedtudskiller.webp" }, null)).toBe(true);
  });

  it("not for other symbols and traffic signs, unless the sign already carries a level", () => {
    expect(carriesWellLevels({ imageUrl: "/signs/sewer/toilet_og_sanitet/wc.webp" }, entry("toilet_og_sanitet"))).toBe(false);
    expect(carriesWellLevels({ imageUrl: "/signs/dk/A/A11.webp" }, entry("A"))).toBe(false);
    expect(carriesWellLevels({ imageUrl: "/signs/dk/A/A11.webp", invertLevel: 3 }, entry("A"))).toBe(true);
  });
});

describe("typing a level", () => {
  it("reads a decimal comma or point, with or without a sign", () => {
    expect(parseDecimal("12,45")).toBe(12.45);
    expect(parseDecimal(" 12.45 ")).toBe(12.45);
    expect(parseDecimal("-0,5")).toBe(-0.5);
    expect(parseDecimal("+3")).toBe(3);
    for (const bad of ["", "12,4,5", "1.234,56", "12 m", "abc", ",5", "12,"]) expect(parseDecimal(bad)).toBeNull();
  });

  it("keeps a level to the centimetre, rounding half away from zero", () => {
    expect(parseLevel("12,45")).toEqual({ ok: true, value: 12.45 });
    expect(parseLevel("12,345")).toEqual({ ok: true, value: 12.35 });
    expect(parseLevel("-1,005")).toEqual({ ok: true, value: -1.01 });
    expect(parseLevel("-0,001")).toEqual({ ok: true, value: 0 });
    expect(Object.is((parseLevel("-0,001") as { value: number }).value, 0)).toBe(true);
  });

  it("reads an empty field as no level, and refuses what is no number or out of bounds", () => {
    expect(parseLevel("  ")).toEqual({ ok: true, value: undefined });
    expect(parseLevel("3000")).toEqual({ ok: true, value: 3000 });
    for (const bad of ["12,4,5", "DK 12", "3000,01", "-100,5", "1e3"]) expect(parseLevel(bad)).toEqual({ ok: false });
  });
});

describe("the label", () => {
  it("writes two decimals with the language's decimal comma and no thousands separator", () => {
    expect(formatLevel(12.45, "da")).toBe("12,45");
    expect(formatLevel(10.8, "da")).toBe("10,80");
    expect(formatLevel(1250, "da")).toBe("1250,00");
    expect(formatLevel(7, "sv")).toBe("7,00");
    expect(formatLevel(7, "en")).toBe("7.00");
  });

  it("writes DK over BK over the connection level, leaving out a missing one", () => {
    expect(wellLevelLines(well, "da")).toEqual(["DK 12,45", "BK 10,80"]);
    expect(wellLevelLines({ invertLevel: 9.5, connectionLevel: 9.62 }, "da")).toEqual(["BK 9,50", "Tilsl. 9,62"]);
    expect(wellLevelLines({ coverLevel: 0 }, "da")).toEqual(["DK 0,00"]);
    expect(wellLevelLines({}, "da")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { addSigns, displayName, parseCount, planSignRows, sameSign, TooManySignsError, type DescribeSign } from "./list-signs";
import { CUSTOM_LIST_COUNT_MAX, CUSTOM_LIST_MAX_SIGNS, type CustomListSign } from "@/lib/schemas/custom-lists";

const a11: CustomListSign = { imageUrl: "/signs/dk/A/A11.webp", name: "A 11 Farligt sving", count: 2, comment: "På fod" };
const c55 = (value: string, count = 1): CustomListSign => ({ imageUrl: "/signs/dk/C/C55.webp", name: "C 55", count, comment: "", value });

describe("sameSign and displayName", () => {
  it("tells signs apart by picture and value", () => {
    expect(sameSign(a11, { imageUrl: a11.imageUrl })).toBe(true);
    expect(sameSign(c55("30"), c55("30"))).toBe(true);
    expect(sameSign(c55("30"), c55("50"))).toBe(false);
    expect(sameSign(a11, c55("30"))).toBe(false);
  });
  it("shows the value after the name", () => {
    expect(displayName(a11)).toBe("A 11 Farligt sving");
    expect(displayName(c55("30"))).toBe("C 55 (30)");
  });
});

describe("addSigns", () => {
  it("counts a sign already on the list up and keeps its place and comment; a new one goes last", () => {
    const list = [a11, c55("30")];
    expect(addSigns(list, [{ ...a11, count: 1, comment: "" }])).toEqual([{ ...a11, count: 3 }, c55("30")]);
    expect(addSigns(list, [c55("50", 4)])).toEqual([a11, c55("30"), c55("50", 4)]);
    expect(list).toEqual([a11, c55("30")]); // not changed in place
  });
  it(`never counts past ${CUSTOM_LIST_COUNT_MAX}`, () => {
    expect(addSigns([{ ...a11, count: 9998 }], [{ ...a11, count: 5 }])[0]!.count).toBe(CUSTOM_LIST_COUNT_MAX);
  });
  it(`refuses a new row past ${CUSTOM_LIST_MAX_SIGNS} signs, but still counts one up`, () => {
    const full = Array.from({ length: CUSTOM_LIST_MAX_SIGNS }, (_, i) => c55(String(i)));
    expect(() => addSigns(full, [a11])).toThrow(TooManySignsError);
    expect(addSigns(full, [c55("7")])[7]!.count).toBe(2);
  });
});

describe("parseCount", () => {
  it("takes whole numbers from 1 to 9999", () => {
    expect(parseCount("1")).toBe(1);
    expect(parseCount(" 12 ")).toBe(12);
    expect(parseCount("9999")).toBe(9999);
    for (const bad of ["0", "", "-1", "1.5", "1,5", "10000", "abc", "1e3", "00000"]) expect(parseCount(bad)).toBeNull();
  });
});

describe("planSignRows", () => {
  const describeSign: DescribeSign = (imageUrl, values) => {
    if (imageUrl.includes("C55")) return { name: "C 55", value: values.text || "50" };
    if (imageUrl.includes("U3")) return { name: "U 3", ...(values.text && { value: values.text }) };
    if (imageUrl.startsWith("/signs/")) return { name: imageUrl.split("/").pop()!.replace(".webp", "") };
    return null;
  };

  it("counts each distinct sign and value, and each supplementary plate as a sign of its own", () => {
    const placed = [
      { imageUrl: "/signs/dk/A/A11.webp" },
      { imageUrl: "/signs/dk/C/C55.webp", text: "30" },
      { imageUrl: "/signs/dk/A/A11.webp", subSign: { imageUrl: "/signs/dk/U/U3.webp", text: "200 m" } },
      { imageUrl: "/signs/dk/C/C55.webp", text: "30" },
      { imageUrl: "/signs/dk/C/C55.webp" },
      { imageUrl: "https://elsewhere.example/x.png" },
    ];
    expect(planSignRows(placed, describeSign)).toEqual({
      rows: [
        { imageUrl: "/signs/dk/A/A11.webp", name: "A11", count: 2, comment: "" },
        { imageUrl: "/signs/dk/C/C55.webp", name: "C 55", value: "30", count: 2, comment: "" },
        { imageUrl: "/signs/dk/U/U3.webp", name: "U 3", value: "200 m", count: 1, comment: "" },
        { imageUrl: "/signs/dk/C/C55.webp", name: "C 55", value: "50", count: 1, comment: "" },
      ],
      skipped: 1,
    });
  });

  it("lists a sign under the URL the description gives (the catalogue's own), counting it with the same sign by that URL", () => {
    const canonical: DescribeSign = (imageUrl) =>
      imageUrl.endsWith("/A11.webp") ? { name: "A 11", imageUrl: "/signs/dk/A/A11.webp" } : describeSign(imageUrl, {});
    expect(planSignRows([{ imageUrl: "/signs/dk/C/A11.webp" }, { imageUrl: "/signs/dk/A/A11.webp" }], canonical)).toEqual({
      rows: [{ imageUrl: "/signs/dk/A/A11.webp", name: "A 11", count: 2, comment: "" }],
      skipped: 0,
    });
  });

  it("answers no rows for a plan without signs", () => {
    expect(planSignRows([], describeSign)).toEqual({ rows: [], skipped: 0 });
  });
});

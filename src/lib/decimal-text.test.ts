import { describe, expect, it } from "vitest";
import { decimalText, parseDecimal } from "./decimal-text";

describe("decimalText", () => {
  it("writes a decimal comma in Danish and Swedish, and no thousands separator", () => {
    expect(decimalText(0.1, "da")).toBe("0,1");
    expect(decimalText(0.1, "sv")).toBe("0,1");
    expect(decimalText(2.25, "da")).toBe("2,25");
    expect(decimalText(1250, "sv")).toBe("1250");
    expect(decimalText(10, "da")).toBe("10");
  });

  it("reads back what it writes", () => {
    for (const value of [0.1, 2.25, 1250, 0.0000001, -3.5]) {
      expect(parseDecimal(decimalText(value, "da"))).toBe(value);
      expect(parseDecimal(decimalText(value, "sv"))).toBe(value);
    }
    expect(parseDecimal("0.5")).toBe(0.5);
    expect(parseDecimal("abc")).toBeNaN();
  });
});

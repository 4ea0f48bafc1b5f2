import { describe, expect, it } from "vitest";
import { amountText, parseAmount } from "./amount";

describe("the payment dialog's amount", () => {
  it("shows minor units with a decimal comma and no thousands separator", () => {
    expect(amountText(311_875)).toBe("3118,75");
    expect(amountText(100)).toBe("1,00");
    expect(amountText(5)).toBe("0,05");
  });

  it("reads what staff type: a comma or a point, thousands points and spaces", () => {
    expect(parseAmount("3118,75")).toBe(311_875);
    expect(parseAmount("3.118,75")).toBe(311_875);
    expect(parseAmount("3 118,75")).toBe(311_875);
    expect(parseAmount("3\u00a0118,75")).toBe(311_875);
    expect(parseAmount("3118.75")).toBe(311_875);
    expect(parseAmount("1000")).toBe(100_000);
    expect(parseAmount("0,1")).toBe(10);
    expect(parseAmount(amountText(123_456))).toBe(123_456);
  });

  it("refuses nothing, zero, negatives, a third decimal and words", () => {
    for (const text of ["", "0", "0,00", "-5", "1,234", "12,3,4", "abc", "1e3", "kr. 100"])
      expect([text, parseAmount(text)]).toEqual([text, null]);
  });
});

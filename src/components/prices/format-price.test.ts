import { describe, expect, it } from "vitest";
import { formatDate, formatPrice } from "./format-price";
import { yearlyPrices } from "@/lib/billing/pricing";

// Intl puts a no-break space before "kr" (and Swedish one between thousands); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatPrice", () => {
  it("prints the Danish sites' registry prices in Danish kroner", () => {
    const { firstUser, extraUser, currency } = yearlyPrices("skilteplanen");
    expect(plain(formatPrice(firstUser, currency, "da"))).toBe("2.495 kr.");
    expect(plain(formatPrice(extraUser, currency, "da"))).toBe("1.195 kr.");
  });

  it("prints TA-planen's registry prices in Swedish kronor", () => {
    const { firstUser, extraUser, currency } = yearlyPrices("ta-planen");
    expect(plain(formatPrice(firstUser, currency, "sv"))).toBe("2 995 kr");
    expect(plain(formatPrice(extraUser, currency, "sv"))).toBe("1 495 kr");
  });

  it("keeps øre when an amount has them", () => {
    expect(plain(formatPrice(123_456, "DKK", "da"))).toBe("1.234,56 kr.");
    expect(plain(formatPrice(123_450, "SEK", "sv"))).toBe("1 234,50 kr");
  });
});

describe("formatDate", () => {
  it("prints the terms' version date in words", () => {
    expect(formatDate("2026-11-28", "da")).toBe("28. november 2026");
    expect(formatDate("2026-11-28", "sv")).toBe("28 november 2026");
  });
});

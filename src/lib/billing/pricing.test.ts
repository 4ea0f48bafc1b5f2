import { describe, expect, it } from "vitest";
import { addYear, cancellationTakesEffect, invoiceTotals, seatLines, subscriptionLines, trialDaysLeft } from "./pricing";

const totalFor = (site: Parameters<typeof subscriptionLines>[0], users: number) => invoiceTotals(subscriptionLines(site, users));

describe("invoice amounts", () => {
  it("prices 1, 2 and 7 users on the Danish sites with 25 % VAT", () => {
    for (const site of ["skilteplanen", "kloakplanen"] as const) {
      expect(totalFor(site, 1)).toEqual({ subtotal: 249_500, vatAmount: 62_375, total: 311_875 });
      expect(totalFor(site, 2)).toEqual({ subtotal: 369_000, vatAmount: 92_250, total: 461_250 });
      expect(totalFor(site, 7)).toEqual({ subtotal: 966_500, vatAmount: 241_625, total: 1_208_125 });
    }
  });

  it("prices 1, 2 and 7 users on TA-planen in SEK", () => {
    expect(totalFor("ta-planen", 1)).toEqual({ subtotal: 299_500, vatAmount: 74_875, total: 374_375 });
    expect(totalFor("ta-planen", 2)).toEqual({ subtotal: 449_000, vatAmount: 112_250, total: 561_250 });
    expect(totalFor("ta-planen", 7)).toEqual({ subtotal: 1_196_500, vatAmount: 299_125, total: 1_495_625 });
  });

  it("prorates added seats by the days left of the period", () => {
    // Half a 366-day period left: half of 1,195 kr per added seat.
    expect(seatLines("skilteplanen", 2, 183, 366)).toEqual([
      { item: "extraUserProrated", quantity: 2, unitPrice: 119_500, amount: 119_500, days: 183, periodDays: 366 },
    ]);
    const line = seatLines("ta-planen", 1, 100, 365)[0]!;
    expect(line.amount).toBe(Math.round((149_500 * 100) / 365));
    expect(invoiceTotals([line]).total).toBe(line.amount + Math.round(line.amount / 4));
  });

  it("refuses an impossible count", () => {
    expect(() => subscriptionLines("skilteplanen", 0)).toThrow(RangeError);
    expect(() => seatLines("skilteplanen", 1, 400, 365)).toThrow(RangeError);
  });
});

describe("trial and periods", () => {
  const start = new Date("2026-11-01T10:00:00Z");
  it("counts 14 days at the first login, 1 in the last day and false after", () => {
    expect(trialDaysLeft(start, start)).toBe(14);
    expect(trialDaysLeft(start, new Date("2026-11-14T10:00:01Z"))).toBe(1);
    expect(trialDaysLeft(start, new Date("2026-11-15T10:00:00Z"))).toBe(false);
    expect(trialDaysLeft(null, start)).toBe(14);
  });

  it("runs a period a calendar year", () => {
    expect(addYear(new Date("2026-03-15T00:00:00Z")).toISOString()).toBe("2027-03-15T00:00:00.000Z");
  });

  it("lets a cancellation take effect at the period's end only with a month's notice", () => {
    const end = new Date("2027-06-30T00:00:00Z");
    expect(cancellationTakesEffect(new Date("2027-05-30T00:00:00Z"), end)).toEqual(end);
    expect(cancellationTakesEffect(new Date("2027-06-01T00:00:00Z"), end)).toEqual(addYear(end));
  });
});

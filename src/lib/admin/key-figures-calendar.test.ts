import { describe, expect, it } from "vitest";
import { dayStart, isoWeek, periodsOf, daysBetween, zoneDay } from "./key-figures-calendar";

describe("the key figures' calendar", () => {
  it("begins a Copenhagen day at its midnight, in winter and in summer", () => {
    expect(dayStart("2026-12-06")).toBe("2026-12-05T23:00:00.000Z");
    expect(dayStart("2026-07-01")).toBe("2026-06-30T22:00:00.000Z");
    // The day the clocks go forward is 23 hours long.
    expect(Date.parse(dayStart("2026-03-30")) - Date.parse(dayStart("2026-03-29"))).toBe(23 * 3_600_000);
    expect(zoneDay(new Date("2026-12-05T23:30:00Z"))).toBe("2026-12-06");
  });

  it("names ISO weeks, the year's edges included", () => {
    expect(isoWeek("2026-12-07")).toBe("2026-W50");
    expect(isoWeek("2026-12-06")).toBe("2026-W49");
    expect(isoWeek("2021-01-03")).toBe("2020-W53");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
  });

  it("cuts a range into days, weeks and months that add up to it", () => {
    expect(periodsOf("2026-11-29", "2026-12-08", "day")).toHaveLength(10);
    const weeks = periodsOf("2026-11-29", "2026-12-08", "week");
    expect(weeks.map((w) => [w.key, w.firstDay, w.lastDay])).toEqual([
      ["2026-W48", "2026-11-29", "2026-11-29"],
      ["2026-W49", "2026-11-30", "2026-12-06"],
      ["2026-W50", "2026-12-07", "2026-12-08"],
    ]);
    expect(weeks[0]!.end).toBe(weeks[1]!.start);
    expect(periodsOf("2026-11-29", "2026-12-08", "month").map((m) => m.key)).toEqual(["2026-11", "2026-12"]);
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(365);
  });
});

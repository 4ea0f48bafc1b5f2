import { describe, expect, it } from "vitest";
import { HISTORY_DAILY_DAYS, HISTORY_KEPT, keptHistoryVersions, type VersionMoment } from "./signplan-versions";

const day = (offset: number, hour = 12) => new Date(Date.UTC(2026, 11, 31 + offset, hour)).toISOString();

describe("keptHistoryVersions", () => {
  const now = new Date(day(0, 18));

  it("keeps the newest HISTORY_KEPT versions whatever their age", () => {
    const versions: VersionMoment[] = Array.from({ length: HISTORY_KEPT + 20 }, (_, i) => ({ version: i + 1, at: day(-400) }));
    const kept = keptHistoryVersions(versions, now);
    expect(kept.size).toBe(HISTORY_KEPT);
    expect(kept.has(HISTORY_KEPT + 20)).toBe(true);
    expect(kept.has(21)).toBe(true);
    expect(kept.has(20)).toBe(false);
  });

  it("beyond them keeps the last version of each day of the last HISTORY_DAILY_DAYS days, and nothing older", () => {
    // 5 versions a day for 40 days, then HISTORY_KEPT versions today.
    const versions: VersionMoment[] = [];
    let version = 0;
    for (let d = -40; d < 0; d++) for (let h = 8; h < 13; h++) versions.push({ version: ++version, at: day(d, h) });
    const older = version;
    for (let i = 0; i < HISTORY_KEPT; i++) versions.push({ version: ++version, at: day(0, 9) });
    const kept = keptHistoryVersions(versions, now);
    const beyond = [...kept].filter((v) => v <= older).sort((a, b) => a - b);
    // Today is one of the days; the other HISTORY_DAILY_DAYS - 1 days before it have their last version kept.
    expect(beyond).toHaveLength(HISTORY_DAILY_DAYS - 1);
    expect(beyond.every((v) => v % 5 === 0)).toBe(true);
    expect(beyond.at(-1)).toBe(older);
    expect(beyond[0]).toBe(older - 5 * (HISTORY_DAILY_DAYS - 2));
    expect(kept.size).toBe(HISTORY_KEPT + HISTORY_DAILY_DAYS - 1);
  });

  it("the current version ends its day: the history's versions of that day beyond the newest go", () => {
    const versions: VersionMoment[] = [{ version: 1, at: day(0, 8) }];
    for (let i = 2; i < 2 + HISTORY_KEPT; i++) versions.push({ version: i, at: day(-400) });
    const kept = keptHistoryVersions(versions, now, { version: 2 + HISTORY_KEPT, at: day(0, 9) });
    expect(kept.has(1)).toBe(false);
    expect(kept.has(2 + HISTORY_KEPT)).toBe(false);
    expect(kept.size).toBe(HISTORY_KEPT);
    expect(keptHistoryVersions(versions, now).has(1)).toBe(true);
  });

  it("a day's earlier versions go once a newer one of that day is kept", () => {
    const versions: VersionMoment[] = [
      { version: 1, at: day(-3, 8) },
      { version: 2, at: day(-3, 9) },
    ];
    for (let i = 3; i < 3 + HISTORY_KEPT; i++) versions.push({ version: i, at: day(-3, 10) });
    const kept = keptHistoryVersions(versions, now);
    expect(kept.has(1)).toBe(false);
    expect(kept.has(2)).toBe(false);
    expect(kept.size).toBe(HISTORY_KEPT);
  });
});

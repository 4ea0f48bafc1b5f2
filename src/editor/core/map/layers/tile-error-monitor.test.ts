import { describe, expect, it } from "vitest";
import { TileErrorMonitor } from "./tile-error-monitor";

function monitorAt(start = 1_000) {
  let now = start;
  const monitor = new TileErrorMonitor({ threshold: 3, windowMs: 10_000 }, () => now);
  return { monitor, advance: (ms: number) => (now += ms) };
}

describe("TileErrorMonitor", () => {
  it("fails after three errors within the window", () => {
    const { monitor, advance } = monitorAt();
    expect(monitor.error()).toBe(false);
    advance(1_000);
    expect(monitor.error()).toBe(false);
    advance(1_000);
    expect(monitor.error()).toBe(true);
    expect(monitor.isFailed()).toBe(true);
  });

  it("ignores errors spread out over more than the window", () => {
    const { monitor, advance } = monitorAt();
    monitor.error();
    advance(6_000);
    monitor.error();
    advance(6_000); // the first error is now 12 s old
    expect(monitor.error()).toBe(false);
    advance(1_000);
    expect(monitor.error()).toBe(true);
  });

  it("a loaded tile clears the failure and the count", () => {
    const { monitor } = monitorAt();
    monitor.error();
    monitor.error();
    monitor.error();
    expect(monitor.success()).toBe(false);
    expect(monitor.isFailed()).toBe(false);
    monitor.error();
    expect(monitor.error()).toBe(false);
  });

  it("errors interleaved with loaded tiles (the edge of coverage) never fail", () => {
    const { monitor } = monitorAt();
    for (let i = 0; i < 20; i++) {
      monitor.error();
      monitor.error();
      monitor.success();
    }
    expect(monitor.isFailed()).toBe(false);
  });
});

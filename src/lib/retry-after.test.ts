import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./retry-after";

describe("retryAfterMs", () => {
  const now = Date.parse("2026-11-28T06:00:00Z");

  it("reads a number of seconds", () => {
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date as the time until it, and a past date as 0", () => {
    expect(retryAfterMs("Sat, 28 Nov 2026 06:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 05:59:00 GMT", now)).toBe(0);
  });

  it("is null without a header or for one it cannot read", () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs("", now)).toBeNull();
    expect(retryAfterMs("-5", now)).toBeNull();
    expect(retryAfterMs("1.5", now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});

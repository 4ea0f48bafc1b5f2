import { describe, expect, it } from "vitest";
import { failedLoginDelayMs } from "./rate-limit";

describe("failedLoginDelayMs", () => {
  it("holds nothing back within the limit, then doubles from 250 ms up to the configured most", () => {
    expect(failedLoginDelayMs(0, 4000)).toBe(0);
    expect([1, 2, 3, 4, 5, 6, 100].map((beyond) => failedLoginDelayMs(beyond, 4000))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(failedLoginDelayMs(3, 5)).toBe(5);
  });
});

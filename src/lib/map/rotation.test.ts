import { describe, expect, it } from "vitest";
import { normalizeRotation, ROTATION_STEP_DEG, rotateByStep, snapRotation } from "./rotation";

describe("ROTATION_STEP_DEG", () => {
  it("is the specification's 5 degrees", () => {
    expect(ROTATION_STEP_DEG).toBe(5);
  });
});

describe("normalizeRotation", () => {
  it("maps every angle into (-180, 180]", () => {
    const cases: [number, number][] = [
      [0, 0],
      [90, 90],
      [180, 180],
      [-180, 180],
      [181, -179],
      [270, -90],
      [355, -5],
      [360, 0],
      [-360, 0],
      [725, 5],
      [-725, -5],
      [-190, 170],
    ];
    for (const [input, expected] of cases) expect(normalizeRotation(input), String(input)).toBe(expected);
  });

  it("never returns -0 or NaN", () => {
    expect(Object.is(normalizeRotation(-0), 0)).toBe(true);
    expect(Object.is(normalizeRotation(-360), 0)).toBe(true);
    expect(normalizeRotation(Number.NaN)).toBe(0);
    expect(normalizeRotation(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("snapRotation", () => {
  it("rounds to the nearest 5° step", () => {
    expect(snapRotation(0)).toBe(0);
    expect(snapRotation(2.4)).toBe(0);
    expect(snapRotation(2.6)).toBe(5);
    expect(snapRotation(7.4)).toBe(5);
    expect(snapRotation(-2.6)).toBe(-5);
    expect(snapRotation(44.999999)).toBe(45);
  });

  it("rounds a half step clockwise", () => {
    expect(snapRotation(2.5)).toBe(5);
    expect(snapRotation(-2.5)).toBe(0);
  });

  it("normalises after snapping", () => {
    expect(snapRotation(358)).toBe(0);
    expect(snapRotation(-178)).toBe(180);
    expect(snapRotation(183)).toBe(-175);
  });

  it("always lands on the grid", () => {
    for (let degrees = -1000; degrees <= 1000; degrees += 0.7) {
      const snapped = snapRotation(degrees);
      expect(Math.abs(snapped % ROTATION_STEP_DEG)).toBe(0);
      expect(snapped > -180 && snapped <= 180).toBe(true);
    }
  });
});

describe("rotateByStep", () => {
  it("turns one step either way", () => {
    expect(rotateByStep(0, 1)).toBe(5);
    expect(rotateByStep(0, -1)).toBe(-5);
    expect(rotateByStep(12, 1)).toBe(15);
    expect(rotateByStep(178, -1)).toBe(175);
  });

  it("wraps around south", () => {
    expect(rotateByStep(180, 1)).toBe(-175);
    expect(rotateByStep(-175, -1)).toBe(180);
  });

  it("72 steps make a full turn", () => {
    let degrees = 0;
    for (let i = 0; i < 360 / ROTATION_STEP_DEG; i++) degrees = rotateByStep(degrees, 1);
    expect(degrees).toBe(0);
  });
});

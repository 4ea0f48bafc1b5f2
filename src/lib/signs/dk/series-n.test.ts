import { describe, expect, it } from "vitest";
import { findDkSignDefinition, renderDkSignSvg } from "./index";
import { SERIES_N } from "./series-n";

const heights = (id: string) => findDkSignDefinition(id)!.meta.sizes!.map((s) => s.heightInMeters);

describe("N and O marking material", () => {
  it("covers the road-works material of the order", () => {
    const codes = new Set(SERIES_N.map((d) => d.meta.code));
    for (const code of ["N 41", "N 42", "N 43", "N 44.1", "N 44.2", "N 44.3", "N 46", "O 41.1", "O 42", "O 43", "O 44", "O 45"]) {
      expect(codes.has(code), code).toBe(true);
    }
    for (const def of SERIES_N) expect(def.meta.category).toBe("N");
  });

  it("sizes N 44 cones and cylinders by their real heights, the smallest cone first", () => {
    expect(heights("N44.2")).toEqual([0.5, 0.75, 1]);
    expect(findDkSignDefinition("N44.2")!.meta.initialHeightInMeters).toBe(0.5);
    expect(heights("N44.1")[0]).toBe(1);
    // A cone keeps its proportions at every height.
    for (const size of findDkSignDefinition("N44.2")!.meta.sizes!) expect(size.widthInMeters / size.heightInMeters).toBeCloseTo(0.76, 2);
  });

  it("sizes barrier booms by length at a height of 0.25 m", () => {
    for (const id of ["O43", "O43-venstre", "O44", "O45"]) {
      const sizes = findDkSignDefinition(id)!.meta.sizes!;
      expect(
        sizes.map((s) => s.widthInMeters).sort((a, b) => a - b),
        id,
      ).toEqual([1, 1.5, 2, 2.5, 3]);
      for (const s of sizes) expect(s.heightInMeters).toBe(0.25);
    }
  });

  it("mirrors the stripes for the side a plate or boom is passed on", () => {
    expect(renderDkSignSvg("N42")).not.toBe(renderDkSignSvg("N42-venstre"));
    expect(renderDkSignSvg("O43")).not.toBe(renderDkSignSvg("O43-venstre"));
    expect(renderDkSignSvg("N42")).toContain("rotate(-45");
    expect(renderDkSignSvg("N42-venstre")).toContain("rotate(45");
  });

  it("draws the material on a transparent ground", () => {
    for (const id of ["N44.1", "N44.2", "N44.3", "N46", "N41"]) expect(findDkSignDefinition(id)!.draw().face, id).toBe("none");
  });
});

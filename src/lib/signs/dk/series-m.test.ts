import { describe, expect, it } from "vitest";
import { PALETTE } from "../render/palette";
import { SIGN_SIZES } from "./sizes";
import { findDkSignDefinition, renderDkSignSvg } from "./index";
import { SERIES_M } from "./series-m";

describe("M: service signs", () => {
  it("draws blue square plates with a white field, in the square sizes", () => {
    expect(SERIES_M.length).toBeGreaterThanOrEqual(20);
    for (const def of SERIES_M) {
      const drawing = def.draw();
      expect(drawing.face, def.meta.id).toBe(PALETTE.blue);
      // M 16 Parker og rejs is the one oblong plate: as high as the squares, nearly twice as wide.
      if (def.meta.id === "M16") {
        expect(drawing.height).toBe(640);
        expect(drawing.width).toBeGreaterThan(drawing.height);
        continue;
      }
      expect(drawing.width).toBe(drawing.height);
      expect(def.meta.sizes).toEqual(SIGN_SIZES.square);
    }
  });

  it("has the terminal, ferry and camping signs a diversion or event plan points to", () => {
    for (const [id, name] of [
      ["M9", "Erhvervs- og containerhavn"],
      ["M11", "Færge"],
      ["M16", "Parker og rejs"],
      ["M31", "Campingplads"],
      ["M32", "Campingplads for autocampere"],
      ["M33", "Campinghytter"],
    ]) {
      expect(findDkSignDefinition(id!)?.meta.name, id).toBe(name);
      expect(findDkSignDefinition(id!)?.meta.category, id).toBe("M");
    }
  });

  it("shows the red cross of M 21 Førstehjælp", () => {
    expect(findDkSignDefinition("M21")!.meta.name).toBe("Førstehjælp");
    expect(renderDkSignSvg("M21")).toContain(PALETTE.red);
  });
});

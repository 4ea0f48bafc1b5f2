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
      expect(drawing.width).toBe(drawing.height);
      expect(def.meta.sizes).toEqual(SIGN_SIZES.square);
    }
  });

  it("shows the red cross of M 21 Førstehjælp", () => {
    expect(findDkSignDefinition("M21")!.meta.name).toBe("Førstehjælp");
    expect(renderDkSignSvg("M21")).toContain(PALETTE.red);
  });
});

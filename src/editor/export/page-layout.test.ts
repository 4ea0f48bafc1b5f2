import { describe, expect, it } from "vitest";
import { PAGE_MARGIN_MM, pageLayout, paperOf } from "./page-layout";
import { PAPER_SIZES } from "@/lib/schemas/export";

describe("page layout", () => {
  it("turns ISO paper for landscape", () => {
    expect(paperOf("A3", false)).toEqual({ width: 297, height: 420 });
    expect(paperOf("A3", true)).toEqual({ width: 420, height: 297 });
    expect(paperOf("A0", true)).toEqual({ width: 1189, height: 841 });
  });

  for (const size of PAPER_SIZES)
    for (const landscape of [true, false])
      it(`fits the map and the panel inside the margins of ${size} ${landscape ? "landscape" : "portrait"}, side by side`, () => {
        const layout = pageLayout(size, landscape);
        const { map, panel } = layout;
        expect(map.x).toBe(PAGE_MARGIN_MM);
        expect(map.y).toBe(PAGE_MARGIN_MM);
        expect(Math.max(map.x + map.width, panel.x + panel.width)).toBeCloseTo(layout.width - PAGE_MARGIN_MM, 6);
        expect(Math.max(map.y + map.height, panel.y + panel.height)).toBeCloseTo(layout.height - PAGE_MARGIN_MM, 6);
        if (landscape) expect(panel.x).toBeCloseTo(map.x + map.width, 6);
        else expect(panel.y).toBeCloseTo(map.y + map.height, 6);
        // The map keeps most of the sheet.
        expect((map.width * map.height) / (layout.width * layout.height)).toBeGreaterThan(0.55);
      });

  it("grows a portrait page's band for a tall title block, up to half the page", () => {
    expect(pageLayout("A4", false, 120).panel.height).toBe(120);
    expect(pageLayout("A4", false, 500).panel.height).toBeCloseTo((297 - 2 * PAGE_MARGIN_MM) / 2, 6);
  });
});

import Feature from "ol/Feature";
import type MultiLineString from "ol/geom/MultiLineString";
import type Polygon from "ol/geom/Polygon";
import type { GeometryFunction } from "ol/style/Style";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { hatchSpacingMetres, MIN_HATCH_SPACING_PX, workAreaEditor } from ".";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent, parsePlanContent } from "@/lib/elements/plan-content";
import type { WorkAreaElement } from "@/lib/elements/work-area";

const area: WorkAreaElement = {
  id: "w1",
  colour: "#ff0000",
  width: 0.5,
  coordinates: [
    [10.385, 55.4015],
    [10.386, 55.4015],
    [10.386, 55.402],
    [10.385, 55.402],
  ],
};

const hatchOf = (styles: Style[], feature: Feature) =>
  (styles.map((s) => s.getGeometry()).find((g) => typeof g === "function") as GeometryFunction | undefined)?.(feature) as
    MultiLineString | undefined;

describe("workAreaEditor", () => {
  it("turns the stored open ring into a closed polygon and back, unchanged", () => {
    const polygon = workAreaEditor.toGeometry(area) as Polygon;
    expect(polygon.getCoordinates()[0]).toHaveLength(5);
    expect(workAreaEditor.withGeometry(area, polygon)).toEqual(area);
    expect(workAreaEditor.create("w2", polygon, {})).toEqual({ ...area, id: "w2" });
    expect(workAreaEditor.create("w3", polygon, { colour: "#0000ff", width: 2 })).toMatchObject({ colour: "#0000ff", width: 2 });
  });

  it("draws the outline in metres and hatches inside at street zoom, with ground spacing", () => {
    const feature = new Feature(workAreaEditor.toGeometry(area));
    const near = workAreaEditor.style(area, { metresPerPixel: 0.1, selected: false }) as Style[];
    const border = near.at(-1)!;
    expect(border.getStroke()!.getWidth()).toBe(5); // 0.5 m at 0.1 m/px
    expect(border.getStroke()!.getColor()).toBe("#ff0000");
    const hatch = hatchOf(near, feature)!;
    expect(hatch.getType()).toBe("MultiLineString");
    // About 65 m × 56 m across the 45° lines (≈ 85 m), lines 2 m apart: some forty lines.
    expect(hatchSpacingMetres(0.5)).toBe(2);
    expect(hatch.getLineStrings().length).toBeGreaterThan(30);
    expect(hatch.getLineStrings().length).toBeLessThan(60);
    // Cached per geometry: the same object on the next frame.
    expect(hatchOf(near, feature)).toBe(hatch);
    expect(workAreaEditor.style({ ...area }, { metresPerPixel: 0.1, selected: false })).toBe(near);

    // Zoomed out, the 2 m hatch would be under 4 px apart: a translucent tint instead, no hatch geometry.
    const far = workAreaEditor.style(area, { metresPerPixel: 2 / (MIN_HATCH_SPACING_PX - 1), selected: false }) as Style[];
    expect(hatchOf(far, feature)).toBeUndefined();
    expect(far[0]!.getFill()!.getColor()).toEqual([255, 0, 0, 0.25]);
    expect(far.at(-1)!.getStroke()!.getWidth()).toBe(1);
  });

  it("follows the feature's geometry while it is dragged, and shows the selection", () => {
    const geometry = workAreaEditor.toGeometry(area) as Polygon;
    const feature = new Feature(geometry);
    const styles = workAreaEditor.style(area, { metresPerPixel: 0.1, selected: true }) as Style[];
    expect(styles).toHaveLength(3);
    const before = hatchOf(styles, feature)!.getFirstCoordinate();
    geometry.translate(100, 0);
    const after = hatchOf(styles, feature)!.getFirstCoordinate();
    expect(after[0]! - before[0]!).toBeCloseTo(100, 6);
  });

  it("round-trips through the stored plan schema, a new area with its keys in the stored order", () => {
    const created = workAreaEditor.create("w2", workAreaEditor.toGeometry(area), {});
    const content = { ...defaultPlanContent(), workAreas: [area, created, EXAMPLE_ELEMENTS.workArea] };
    const parsed = parsePlanContent(JSON.parse(JSON.stringify(content)));
    expect(parsed.success && parsed.data.workAreas).toEqual([area, created, EXAMPLE_ELEMENTS.workArea]);
    expect(parsed.success && JSON.stringify(parsed.data.workAreas[1])).toBe(JSON.stringify(created));
  });
});

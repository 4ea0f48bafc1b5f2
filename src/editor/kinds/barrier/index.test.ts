import type LineString from "ol/geom/LineString";
import type Stroke from "ol/style/Stroke";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { BARRIER_RED, barrierEditor } from ".";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import type { BarrierElement } from "@/lib/elements/barrier";

const barrier: BarrierElement = { id: "b1", coordinates: EXAMPLE_ELEMENTS.barrier.coordinates };
const strokes = (styles: Style | Style[]) => [styles].flat().map((s) => s.getStroke() as Stroke);

describe("barrierEditor", () => {
  it("turns its line into a geometry and back, and creates one in its own colour unless a colour was chosen", () => {
    const geometry = barrierEditor.toGeometry(barrier) as LineString;
    expect(barrierEditor.withGeometry(barrier, geometry)).toEqual(barrier);
    expect(barrierEditor.create("new", geometry, {})).toEqual({ ...barrier, id: "new" });
    expect(barrierEditor.create("new", geometry, { colour: "#0000ff" })).toEqual({ ...barrier, id: "new", colour: "#0000ff" });
  });

  it("draws a 0.25 m band of red and white 0.5 m fields, true to scale zoomed in", () => {
    // 0.02 m a pixel: the band is 12.5 px, a field 25 px.
    // The red band, then the white fields dashed over it with a 1 px red edge, the pattern starting red.
    const [band, white] = strokes(barrierEditor.style(barrier, { metresPerPixel: 0.02, selected: false }));
    expect([band!.getColor(), band!.getWidth(), band!.getLineDash()]).toEqual([BARRIER_RED, 12.5, null]);
    expect([white!.getColor(), white!.getWidth()]).toEqual(["#ffffff", 10.5]);
    expect(white!.getLineDash()).toEqual([25, 25]);
    expect(white!.getLineDashOffset()).toBe(25);
  });

  it("keeps a readable band zoomed out, and draws in the chosen colour with a halo when selected", () => {
    const [halo, band, white] = strokes(barrierEditor.style({ ...barrier, colour: "#00ff00" }, { metresPerPixel: 0.34, selected: true }));
    expect(halo!.getWidth()).toBe(11);
    expect(band!.getWidth()).toBe(5);
    expect(band!.getColor()).toBe("#00ff00");
    expect(white!.getWidth()).toBe(3);
    expect(white!.getLineDash()).toEqual([4, 4]);
  });

  it("zoomed out until a true field is under a pixel, draws the fields as red dashes alone", () => {
    const [halo, fields, ...rest] = strokes(barrierEditor.style(barrier, { metresPerPixel: 0.6, selected: true }));
    expect(rest).toEqual([]);
    expect(halo!.getWidth()).toBe(11);
    expect([fields!.getColor(), fields!.getWidth(), fields!.getLineDash(), fields!.getLineDashOffset() ?? 0]).toEqual([
      BARRIER_RED,
      5,
      [4, 4],
      0,
    ]);
    // At 0.5 m a pixel a field is a pixel: still the red band with white fields.
    expect(strokes(barrierEditor.style(barrier, { metresPerPixel: 0.5, selected: false }))).toHaveLength(2);
  });

  it("caches its styles per look", () => {
    const a = barrierEditor.style(barrier, { metresPerPixel: 0.05, selected: false });
    expect(barrierEditor.style({ ...barrier, id: "other" }, { metresPerPixel: 0.05, selected: false })).toBe(a);
  });
});

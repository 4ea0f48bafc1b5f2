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
    const [edge, white, fields] = strokes(barrierEditor.style(barrier, { metresPerPixel: 0.02, selected: false }));
    expect([edge!.getColor(), edge!.getWidth()]).toEqual([BARRIER_RED, 12.5]);
    expect([white!.getColor(), white!.getWidth()]).toEqual(["#ffffff", 10.5]);
    expect(fields!.getColor()).toBe(BARRIER_RED);
    expect(fields!.getWidth()).toBe(12.5);
    expect(fields!.getLineDash()).toEqual([25, 25]);
  });

  it("keeps a readable band zoomed out, and draws in the chosen colour with a halo when selected", () => {
    const [halo, edge, white, fields] = strokes(
      barrierEditor.style({ ...barrier, colour: "#00ff00" }, { metresPerPixel: 0.34, selected: true }),
    );
    expect(halo!.getWidth()).toBe(11);
    expect(edge!.getWidth()).toBe(5);
    expect(edge!.getColor()).toBe("#00ff00");
    expect(white!.getWidth()).toBe(3);
    expect(fields!.getLineDash()).toEqual([4, 4]);
  });

  it("caches its styles per look", () => {
    const a = barrierEditor.style(barrier, { metresPerPixel: 0.05, selected: false });
    expect(barrierEditor.style({ ...barrier, id: "other" }, { metresPerPixel: 0.05, selected: false })).toBe(a);
  });
});

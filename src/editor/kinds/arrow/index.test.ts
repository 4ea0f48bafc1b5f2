import Feature from "ol/Feature";
import type LineString from "ol/geom/LineString";
import MultiLineString from "ol/geom/MultiLineString";
import MultiPolygon from "ol/geom/MultiPolygon";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { arrowEditor } from ".";
import { mapUnitsPerMetre } from "../along-line";
import { toPosition } from "../geometry";
import type { ArrowElement } from "@/lib/elements/arrow";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";

/** An arrow running east for 20 m on the ground, and its feature as the map holds it. */
function eastward(style: Partial<ArrowElement> = {}) {
  const start = arrowEditor.toGeometry(EXAMPLE_ELEMENTS.arrow) as LineString;
  const [x, y] = start.getFirstCoordinate() as [number, number];
  const k = mapUnitsPerMetre(y);
  const element: ArrowElement = {
    id: "a",
    colour: "#000000",
    width: 0.5,
    ...style,
    coordinates: [toPosition([x, y]), toPosition([x + 20 * k, y])],
  };
  const feature = new Feature(arrowEditor.toGeometry(element));
  const end = (feature.getGeometry() as LineString).getLastCoordinate();
  return { element, feature, k, x: (feature.getGeometry() as LineString).getFirstCoordinate()[0]!, end };
}

/** The shaft and heads the arrow's styles draw for a feature. */
function drawn(styles: Style | Style[], feature: Feature) {
  const [shaft, heads] = [styles].flat().slice(-2);
  return {
    shaft: shaft!.getGeometryFunction()(feature) as LineString,
    heads: heads!.getGeometryFunction()(feature) as MultiPolygon | MultiLineString,
    headStyle: heads!,
  };
}

describe("arrowEditor", () => {
  it("turns its line into a geometry and back, and creates one from the drawing style", () => {
    const arrow = EXAMPLE_ELEMENTS.arrow;
    const geometry = arrowEditor.toGeometry(arrow) as LineString;
    expect(arrowEditor.withGeometry(arrow, geometry)).toEqual(arrow);
    expect(arrowEditor.create("new", geometry, {})).toEqual({ id: "new", colour: "#000000", width: 0.5, coordinates: arrow.coordinates });
    expect(arrowEditor.create("new", geometry, { colour: "#ff0000", width: 2, headStyle: "open", bothEnds: true })).toEqual({
      id: "new",
      colour: "#ff0000",
      width: 2,
      headStyle: "open",
      bothEnds: true,
      coordinates: arrow.coordinates,
    });
  });

  it("draws a filled head at the end, 4 × the width long on the ground, over a shortened shaft", () => {
    const { element, feature, k, x, end } = eastward();
    const { shaft, heads, headStyle } = drawn(arrowEditor.style(element, { metresPerPixel: 0.02, selected: false }), feature);
    expect(heads).toBeInstanceOf(MultiPolygon);
    const triangle = (heads as MultiPolygon).getPolygons();
    expect(triangle).toHaveLength(1);
    const [left, tip, right] = triangle[0]!.getCoordinates()[0]! as [number, number][];
    expect(tip).toEqual(end);
    expect((tip![0] - left![0]) / k).toBeCloseTo(2, 3); // 4 × 0.5 m
    expect(Math.abs(left![1] - right![1]) / k).toBeCloseTo(1.6, 3);
    expect(headStyle.getFill()!.getColor()).toBe("#000000");
    expect(shaft.getFirstCoordinate()[0]).toBeCloseTo(x, 6);
    expect((end[0]! - shaft.getLastCoordinate()[0]!) / k).toBeCloseTo(1, 3);
  });

  it("grows its head with the width, and keeps 12 px of head zoomed out", () => {
    const wide = eastward({ width: 1 });
    const [left] = (drawn(arrowEditor.style(wide.element, { metresPerPixel: 0.02, selected: false }), wide.feature).heads as MultiPolygon)
      .getPolygons()[0]!
      .getCoordinates()[0]! as [number, number][];
    expect((wide.end[0]! - left![0]) / wide.k).toBeCloseTo(4, 3);
    const far = eastward();
    const [farLeft] = (drawn(arrowEditor.style(far.element, { metresPerPixel: 0.34, selected: false }), far.feature).heads as MultiPolygon)
      .getPolygons()[0]!
      .getCoordinates()[0]! as [number, number][];
    expect((far.end[0]! - farLeft![0]) / far.k).toBeCloseTo(12 * 0.34, 2);
  });

  it("draws open heads as strokes at both ends when asked, with the shaft to the tips", () => {
    const { element, feature, x, end } = eastward({ headStyle: "open", bothEnds: true, colour: "#00ff00" });
    const styles = arrowEditor.style(element, { metresPerPixel: 0.02, selected: true });
    expect([styles].flat()).toHaveLength(4); // two halos, shaft, heads
    const { shaft, heads, headStyle } = drawn(styles, feature);
    expect(heads).toBeInstanceOf(MultiLineString);
    const strokes = (heads as MultiLineString).getLineStrings();
    expect(strokes.map((s) => s.getCoordinates()[1])).toEqual([end, [x, end[1]]]);
    expect(headStyle.getStroke()!.getColor()).toBe("#00ff00");
    expect(headStyle.getStroke()!.getWidth()).toBe(25);
    expect(shaft.getCoordinates()).toEqual((feature.getGeometry() as LineString).getCoordinates());
  });

  it("trims a filled shaft at both ends when both ends have heads", () => {
    const { element, feature, k, x, end } = eastward({ bothEnds: true });
    const { shaft, heads } = drawn(arrowEditor.style(element, { metresPerPixel: 0.02, selected: false }), feature);
    expect((heads as MultiPolygon).getPolygons()).toHaveLength(2);
    expect((shaft.getFirstCoordinate()[0]! - x) / k).toBeCloseTo(1, 3);
    expect((end[0]! - shaft.getLastCoordinate()[0]!) / k).toBeCloseTo(1, 3);
  });

  it("offers width, head style with drawn samples and both ends in its dialog", () => {
    expect(arrowEditor.styleFields.map((f) => f.key)).toEqual(["colour", "width", "headStyle", "bothEnds", "legendText"]);
    const headStyle = arrowEditor.styleFields[2]!;
    expect(headStyle.type === "choice" && headStyle.sample?.("open", { colour: "#ff0000" })).toContain('stroke="#ff0000"');
  });
});

import Feature from "ol/Feature";
import type LineString from "ol/geom/LineString";
import type MultiPolygon from "ol/geom/MultiPolygon";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { roadMarkingEditor } from ".";
import type { RoadMarkingElement } from "@/lib/elements/road-marking";

// Odense, where 1 ground metre is cosh(y / R) ≈ 1.76 Web Mercator units.
const element: RoadMarkingElement = {
  id: "rm",
  coordinates: [
    [10.385, 55.4017],
    [10.386, 55.4017],
    [10.386, 55.4021],
  ],
  style: "dashed-short",
  colour: "white",
  width: 0.1,
  flip: false,
};

const styles = (e: RoadMarkingElement, metresPerPixel: number, selected = false) =>
  roadMarkingEditor.style(e, { metresPerPixel, selected }) as Style[];
const featureOf = (e: RoadMarkingElement) => new Feature(roadMarkingEditor.toGeometry(e));
const geometryOf = (style: Style, feature: Feature) => style.getGeometryFunction()(feature);

describe("roadMarking editor", () => {
  it("turns the stored line into a geometry and back, and creates an element from a drawing and the drawing style", () => {
    const geometry = roadMarkingEditor.toGeometry(element) as LineString;
    expect(roadMarkingEditor.withGeometry(element, geometry)).toEqual(element);
    geometry.translate(10, 0);
    expect(roadMarkingEditor.withGeometry(element, geometry).coordinates[0]![0]).toBeGreaterThan(10.385);
    // Without a drawing style: the kind's defaults (black, as marking plans draw them).
    expect(roadMarkingEditor.create("new", roadMarkingEditor.toGeometry(element), {})).toEqual({
      ...element,
      id: "new",
      style: "solid",
      colour: "black",
    });
    expect(
      roadMarkingEditor.create("new", roadMarkingEditor.toGeometry(element), {
        style: "give-way-triangles",
        colour: "yellow",
        subtype: "small",
        flip: true,
      }),
    ).toMatchObject({ style: "give-way-triangles", colour: "yellow", subtype: "small", flip: true, width: 0.1 });
  });

  it("draws a vognbanelinje's 3 m + 9 m as pixels at each scale: a shadow and the paint, cached per scale step", () => {
    const far = styles(element, 0.5);
    expect(far).toHaveLength(2);
    const [shadow, paint] = far.map((s) => s.getStroke()!);
    expect(paint!.getColor()).toBe("#ffffff");
    expect(paint!.getLineDash()![0]).toBeCloseTo(6, 1);
    expect(paint!.getLineDash()![1]).toBeCloseTo(18, 1);
    expect(paint!.getWidth()).toBe(1); // 0.1 m is 0.2 px: never thinner than a pixel
    expect(shadow!.getLineDash()).toEqual(paint!.getLineDash());
    expect(shadow!.getWidth()).toBe(2);
    // Yellow needs no shadow to show on a light map.
    expect(styles({ ...element, colour: "yellow" }, 0.5).map((s) => s.getStroke()!.getColor())).toEqual(["#f5c400"]);

    const near = styles(element, 0.02);
    const nearPaint = near[1]!.getStroke()!;
    expect(nearPaint.getLineDash()![0]).toBeCloseTo(150, -0.5);
    expect(nearPaint.getLineDash()![1]).toBeCloseTo(450, -0.5);
    expect(nearPaint.getWidth()).toBe(5);
    // The same scale step answers the same Style objects: nothing is built per feature per frame.
    expect(styles({ ...element, id: "other" }, 0.0200001)).toBe(near);
  });

  it("paints a dobbeltlinje as two offset lines 0.1 m apart on the ground, at every zoom", () => {
    const double = { ...element, style: "solid-dashed-long" as const };
    const feature = featureOf(double);
    const drawn = styles(double, 0.05);
    expect(drawn).toHaveLength(4); // two shadows, then two paints
    const [left, right] = [drawn[2]!, drawn[3]!];
    expect(left.getStroke()!.getLineDash()).toBeNull();
    expect(right.getStroke()!.getLineDash()![0]).toBeCloseTo(180, -1);
    const leftLine = geometryOf(left, feature) as LineString;
    const rightLine = geometryOf(right, feature) as LineString;
    const unitsPerMetre = Math.cosh(leftLine.getFirstCoordinate()[1]! / 6378137);
    // Drawn eastwards first: left is north. Centre to centre 0.2 m (two 0.1 m lines with 0.1 m between).
    expect((leftLine.getFirstCoordinate()[1]! - rightLine.getFirstCoordinate()[1]!) / unitsPerMetre).toBeCloseTo(0.2, 3);
    // The offset lines do not depend on the scale, and are computed once per geometry revision.
    expect(geometryOf(styles(double, 0.5)[2]!, feature)).toBe(leftLine);
    (feature.getGeometry() as LineString).translate(1, 0);
    expect(geometryOf(left, feature)).not.toBe(leftLine);
  });

  it("draws hajtænder as true-size triangles with their tips to the right of the drawing direction, flip to the left", () => {
    const triangles = { ...element, style: "give-way-triangles" as const, coordinates: [element.coordinates[0]!, element.coordinates[1]!] };
    const feature = featureOf(triangles);
    const [style] = styles(triangles, 0.05);
    const row = geometryOf(style!, feature) as MultiPolygon;
    // The line is about 63 m long: 0.75 m a triangle.
    expect(row.getPolygons().length).toBe(84);
    const [a, tip] = row.getPolygons()[0]!.getCoordinates()[0]!;
    expect(tip![1]!).toBeLessThan(a![1]!); // eastwards: right is south
    const [flipped] = styles({ ...triangles, flip: true }, 0.05);
    const [fa, ftip] = (geometryOf(flipped!, feature) as MultiPolygon).getPolygons()[0]!.getCoordinates()[0]!;
    expect(ftip![1]!).toBeGreaterThan(fa![1]!);
  });

  it("zoomed out past the pattern, draws hajtænder as their band and a fine dash as a paler even line", () => {
    const triangles = { ...element, style: "give-way-triangles" as const, colour: "yellow" as const };
    const feature = featureOf(triangles);
    const [band] = styles(triangles, 1);
    // One stroke on the line moved 0.3 m right (south of the first, eastward part), no triangles computed.
    expect(band!.getFill()).toBeNull();
    expect(band!.getStroke()!.getColor()).toBe("rgba(245, 196, 0, 0.35)");
    const bandLine = geometryOf(band!, feature) as LineString;
    expect(bandLine.getType()).toBe("LineString");
    const unitsPerMetre = Math.cosh(bandLine.getFirstCoordinate()[1]! / 6378137);
    const line = feature.getGeometry() as LineString;
    expect((line.getFirstCoordinate()[1]! - bandLine.getFirstCoordinate()[1]!) / unitsPerMetre).toBeCloseTo(0.3, 3);

    const edge = { ...element, style: "narrow-punctured-border-line" as const };
    const [shadow, paint] = styles(edge, 1).map((s) => s.getStroke()!);
    expect([paint!.getColor(), paint!.getLineDash()]).toEqual(["rgba(255, 255, 255, 0.5)", null]);
    expect(shadow!.getColor()).toBe("rgba(0, 0, 0, 0.2)");
    // Close enough to see them, the dashes are back.
    const [dash, gap] = styles(edge, 0.2)[1]!.getStroke()!.getLineDash()!;
    expect([dash, gap]).toEqual([expect.closeTo(5, 1), expect.closeTo(5, 1)]);
  });

  it("puts the selection halo under the whole band", () => {
    const double = { ...element, style: "double-solid" as const };
    const plain = styles(double, 0.01);
    const selected = styles(double, 0.01, true);
    expect(selected).toHaveLength(plain.length + 1);
    // 0.3 m band at 0.01 m/px ≈ 30 px, plus the halo's 6 px.
    expect(selected[0]!.getStroke()!.getWidth()).toBeCloseTo(36, -0.5);
  });

  it("has the style picker's fields: style drawn as samples, paint colours, width, size and flip", () => {
    expect(roadMarkingEditor.styleFields.map((f) => f.key)).toEqual(["style", "colour", "width", "subtype", "flip", "legendText"]);
    const style = roadMarkingEditor.styleFields[0]!;
    expect(style.type === "choice" && style.options.length).toBe(14);
    expect(style.type === "choice" && typeof style.sample).toBe("function");
  });
});

import type LineString from "ol/geom/LineString";
import type Stroke from "ol/style/Stroke";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { BOUNDARY_MAGENTA, entrepriseBoundaryEditor } from ".";
import type { EntrepriseBoundaryElement } from "@/lib/elements/entreprise-boundary";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";

const boundary: EntrepriseBoundaryElement = EXAMPLE_ELEMENTS.entrepriseBoundary;
const strokes = (styles: Style | Style[]) => [styles].flat().map((s) => s.getStroke() as Stroke);

describe("entrepriseBoundaryEditor", () => {
  it("turns its line into a geometry and back, and creates one in its own colour unless a colour was chosen", () => {
    const geometry = entrepriseBoundaryEditor.toGeometry(boundary) as LineString;
    expect(entrepriseBoundaryEditor.withGeometry(boundary, geometry)).toEqual(boundary);
    expect(entrepriseBoundaryEditor.create("new", geometry, {})).toEqual({ ...boundary, id: "new" });
    expect(entrepriseBoundaryEditor.create("new", geometry, { colour: "#000000" })).toEqual({ ...boundary, id: "new", colour: "#000000" });
  });

  it("draws a long-dash–dot line of 0.35 m (ISO 128 type 04), at least 2 px wide zoomed out", () => {
    const [near] = strokes(entrepriseBoundaryEditor.style(boundary, { metresPerPixel: 0.05, selected: false }));
    expect([near!.getColor(), near!.getWidth()]).toEqual([BOUNDARY_MAGENTA, 7]);
    expect(near!.getLineDash()).toEqual([168, 21, 7, 21]);
    const [halo, far] = strokes(
      entrepriseBoundaryEditor.style({ ...boundary, colour: "#123456" }, { metresPerPixel: 0.34, selected: true }),
    );
    expect(halo!.getWidth()).toBe(8);
    expect([far!.getColor(), far!.getWidth()]).toEqual(["#123456", 2]);
    expect(far!.getLineDash()).toEqual([48, 6, 2, 6]);
  });
});

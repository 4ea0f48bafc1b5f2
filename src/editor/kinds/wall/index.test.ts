import type LineString from "ol/geom/LineString";
import type Stroke from "ol/style/Stroke";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { darker, WALL_GREY, wallEditor } from ".";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import type { WallElement } from "@/lib/elements/wall";

const wall: WallElement = { id: "w1", coordinates: EXAMPLE_ELEMENTS.wall.coordinates };
const strokes = (styles: Style | Style[]) => [styles].flat().map((s) => s.getStroke() as Stroke);

describe("wallEditor", () => {
  it("turns its line into a geometry and back, and creates one in its own colour unless a colour was chosen", () => {
    const geometry = wallEditor.toGeometry(wall) as LineString;
    expect(wallEditor.withGeometry(wall, geometry)).toEqual(wall);
    expect(wallEditor.create("new", geometry, {})).toEqual({ ...wall, id: "new" });
    expect(wallEditor.create("new", geometry, { colour: "#808080" })).toEqual({ ...wall, id: "new", colour: "#808080" });
  });

  it("draws a 0.35 m band with a darker edge, true to scale zoomed in, and at least 3 px zoomed out", () => {
    const [edge, fill] = strokes(wallEditor.style(wall, { metresPerPixel: 0.025, selected: false }));
    expect([edge!.getColor(), edge!.getWidth()]).toEqual([darker(WALL_GREY, 0.55), 14]);
    expect([fill!.getColor(), fill!.getWidth()]).toEqual([WALL_GREY, 12]);
    const [halo, far, farFill] = strokes(wallEditor.style({ ...wall, colour: "#808080" }, { metresPerPixel: 0.34, selected: true }));
    expect(halo!.getWidth()).toBe(9);
    expect(far!.getWidth()).toBe(3);
    expect([farFill!.getColor(), farFill!.getWidth()]).toEqual(["#808080", 1]);
  });

  it("darkens #rgb and #rrggbb colours", () => {
    expect(darker("#ffffff", 0.5)).toBe("#808080");
    expect(darker("#f00", 0.5)).toBe("#800000");
    expect(darker("#4a4a4a", 0)).toBe("#4a4a4a");
  });
});

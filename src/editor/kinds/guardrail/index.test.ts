import Feature from "ol/Feature";
import type LineString from "ol/geom/LineString";
import type MultiLineString from "ol/geom/MultiLineString";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { GUARDRAIL_GREY, guardrailEditor, postsPerTick } from ".";
import { mapUnitsPerMetre } from "../along-line";
import { toPosition } from "../geometry";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import type { GuardrailElement } from "@/lib/elements/guardrail";

const guardrail: GuardrailElement = EXAMPLE_ELEMENTS.guardrail;

/** A guardrail running east for `metres` on the ground, and its feature as the map holds it. */
function eastward(metres: number) {
  const start = guardrailEditor.toGeometry(guardrail) as LineString;
  const [x, y] = start.getFirstCoordinate() as [number, number];
  const k = mapUnitsPerMetre(y);
  const element: GuardrailElement = { id: "g", coordinates: [toPosition([x, y]), toPosition([x + metres * k, y])] };
  return { element, feature: new Feature(guardrailEditor.toGeometry(element)), k };
}

const postsOf = (styles: Style | Style[], feature: Feature) => {
  const posts = [styles].flat().find((s) => s.getGeometry())!;
  return posts.getGeometryFunction()(feature) as MultiLineString;
};

describe("guardrailEditor", () => {
  it("turns its line into a geometry and back, and creates one in its own colour unless a colour was chosen", () => {
    const geometry = guardrailEditor.toGeometry(guardrail) as LineString;
    expect(guardrailEditor.withGeometry(guardrail, geometry)).toEqual(guardrail);
    expect(guardrailEditor.create("new", geometry, {})).toEqual({ ...guardrail, id: "new" });
    expect(guardrailEditor.create("new", geometry, { colour: "#000000" })).toEqual({ ...guardrail, id: "new", colour: "#000000" });
  });

  it("draws a post every 2 m on the ground, 0.5 m ticks on the right zoomed in", () => {
    const { element, feature, k } = eastward(9);
    const styles = guardrailEditor.style(element, { metresPerPixel: 0.02, selected: false });
    const rail = [styles].flat()[0]!.getStroke()!;
    expect([rail.getColor(), rail.getWidth()]).toEqual([GUARDRAIL_GREY, 5]);
    const ticks = postsOf(styles, feature).getLineStrings();
    expect(ticks).toHaveLength(5); // at 0, 2, 4, 6 and 8 m
    const [[x0, y0], [, yEnd]] = ticks[0]!.getCoordinates() as [[number, number], [number, number]];
    const [[x1]] = ticks[1]!.getCoordinates() as [[number, number]];
    expect((x1 - x0) / k).toBeCloseTo(2, 2);
    // Running east, the right-hand side is south: 0.5 m down.
    expect((y0 - yEnd) / k).toBeCloseTo(0.5, 3);
  });

  it("keeps 5 px ticks and a 2 px rail zoomed out, in the chosen colour, with a halo when selected", () => {
    const { element, feature, k } = eastward(9);
    const styles = [guardrailEditor.style({ ...element, colour: "#ff0000" }, { metresPerPixel: 0.34, selected: true })].flat();
    expect(styles).toHaveLength(3);
    expect(styles[1]!.getStroke()!.getWidth()).toBe(2);
    expect(styles[2]!.getStroke()!.getColor()).toBe("#ff0000");
    const [[, y0], [, yEnd]] = postsOf(styles, feature).getLineStrings()[0]!.getCoordinates() as [[number, number], [number, number]];
    expect((y0 - yEnd) / k).toBeCloseTo(1.7, 3); // 5 px of 0.34 m
  });

  it("zoomed out until posts are under 4 px apart, ticks every 2nd, 4th, … post so they stay 4 px apart", () => {
    expect([0.02, 0.5, 0.51, 1, 1.01, 2.7, 10].map(postsPerTick)).toEqual([1, 1, 2, 2, 4, 8, 32]);
    const { element, feature, k } = eastward(100);
    const far = postsOf(guardrailEditor.style(element, { metresPerPixel: 2.7, selected: false }), feature).getLineStrings();
    expect(far).toHaveLength(7); // at 0, 16, …, 96 m
    const [x0, x1] = far.map((tick) => tick.getFirstCoordinate()[0]!);
    expect((x1! - x0!) / k).toBeCloseTo(16, 2);
    expect(postsOf(guardrailEditor.style(element, { metresPerPixel: 0.5, selected: false }), feature).getLineStrings()).toHaveLength(51);
  });

  it("follows the feature's geometry while it is dragged", () => {
    const { element, feature } = eastward(9);
    const styles = guardrailEditor.style(element, { metresPerPixel: 0.02, selected: false });
    const before = postsOf(styles, feature).getLineStrings()[0]!.getFirstCoordinate();
    feature.getGeometry()!.translate(10, 0);
    expect(postsOf(styles, feature).getLineStrings()[0]!.getFirstCoordinate()[0]).toBeCloseTo(before[0]! + 10, 6);
  });
});

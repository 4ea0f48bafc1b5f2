import Feature from "ol/Feature";
import type LineString from "ol/geom/LineString";
import { create as createTransform } from "ol/transform";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { flowBearing, pipeEditor, pipeSample } from ".";
import { mapUnitsPerMetre } from "../along-line";
import { toPosition } from "../geometry";
import type { PaperContext } from "../types";
import { drawableKindsOn } from "../registry";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { pipeSchema, type PipeElement } from "@/lib/elements/pipe";

const example: PipeElement = EXAMPLE_ELEMENTS.pipe;

/** A page whose millimetres are map units (the identity), at a CSS pixel's 0.2646 mm and 5 cm a pixel. */
const onPaper = (): PaperContext => ({
  toPage: createTransform(),
  mmPerPx: 0.2646,
  metresPerPixel: 0.05,
  rotation: 0,
  center: [0, 0],
  images: new Map(),
});

/** A pipe running `dx`, `dy` metres from the example's start. */
function pipe(dx: number, dy: number, extra: Partial<PipeElement> = {}): PipeElement {
  const [x, y] = (pipeEditor.toGeometry(example) as LineString).getFirstCoordinate() as [number, number];
  const k = mapUnitsPerMetre(y);
  return { ...example, ...extra, coordinates: [toPosition([x, y]), toPosition([x + dx * k, y + dy * k])] };
}

const texts = (styles: Style | Style[]) =>
  [styles]
    .flat()
    .map((s) => s.getText())
    .filter((t) => !!t)
    .map((t) => ({ text: t.getText(), offsetY: t.getOffsetY(), placement: t.getPlacement() }));

describe("pipeEditor", () => {
  it("is drawn on the sewer site only, whose toolbar leaves the road-works devices out", () => {
    expect(drawableKindsOn("kloakplanen")).toEqual([
      "text",
      "line",
      "arrow",
      "ruler",
      "dimension",
      "pipe",
      "gpx",
      "entrepriseBoundary",
      "rectangle",
      "point",
    ]);
    expect(drawableKindsOn("skilteplanen")).not.toContain("pipe");
    expect(drawableKindsOn("ta-planen")).not.toContain("pipe");
    expect(drawableKindsOn("skilteplanen")).toContain("line");
  });

  it("creates a valid pipe from the drawing style, a preset's data with it, labelled from its data when it has no text above", () => {
    const geometry = pipeEditor.toGeometry(example);
    const created = pipeEditor.create("new", geometry, {
      presetId: "p1",
      presetName: "Spildevand 110",
      colour: "#c62828",
      widthMm: 110,
      dashPattern: "standard",
      dimension: 110,
      material: "PP",
      fallPerMille: 20,
      waterKind: "spildevand",
    });
    expect(pipeSchema.parse(created)).toEqual(created);
    expect(created).toMatchObject({
      presetId: "p1",
      presetName: "Spildevand 110",
      waterKind: "spildevand",
      textAbove: "110 PP 20 ‰",
      textBelow: "",
    });
    expect(pipeEditor.create("b", geometry, { textAbove: "Stik 3" }).textAbove).toBe("Stik 3");
    expect(pipeEditor.create("c", geometry, {})).toMatchObject({ colour: "#000000", widthMm: 110, dashPattern: "solid", textAbove: "" });
  });

  it("draws its width in millimetres on the ground, dashed as its pattern, at least a pixel", () => {
    const element = pipe(20, 0, { widthMm: 110, dashPattern: "standard" });
    const stroke = [pipeEditor.style(element, { metresPerPixel: 0.05, selected: false })].flat()[0]!.getStroke()!;
    expect(stroke.getWidth()).toBe(2.25);
    expect(stroke.getLineDash()).toEqual([20, 10]);
    const far = [pipeEditor.style(element, { metresPerPixel: 5, selected: false })].flat()[0]!.getStroke()!;
    expect(far.getWidth()).toBe(1);
  });

  it("writes its texts along the pipe, above and below it, and leaves them out zoomed far out", () => {
    const element = pipe(20, 0, { textAbove: "110 PP", textBelow: "20 ‰" });
    const near = texts(pipeEditor.style(element, { metresPerPixel: 0.05, selected: false }));
    expect(near.map((t) => [t.text, Math.sign(t.offsetY), t.placement])).toEqual([
      ["110 PP", -1, "line"],
      ["20 ‰", 1, "line"],
    ]);
    // Each text stands along the longest stretch of the pipe.
    const bent = pipe(20, 0, { textAbove: "A" });
    const withCorner = {
      ...bent,
      coordinates: [...bent.coordinates, [bent.coordinates[1]![0], bent.coordinates[1]![1] + 0.0001]] as PipeElement["coordinates"],
    };
    const style = [pipeEditor.style(withCorner, { metresPerPixel: 0.05, selected: false })].flat().find((s) => s.getText())!;
    const stretch = style.getGeometryFunction()(new Feature(pipeEditor.toGeometry(withCorner))) as LineString;
    expect(stretch.getCoordinates()).toHaveLength(2);
    expect(texts(pipeEditor.style(element, { metresPerPixel: 5, selected: false }))).toEqual([]);
  });

  it("prints its line and both texts, turned to read left to right", () => {
    const element = pipe(-20, 0, { textAbove: "110 PP", textBelow: "20 ‰", dashPattern: "long" });
    const paper = pipeEditor.paper!(element, onPaper());
    expect(paper.line).toMatch(/<path d="M[^"]+L[^"]+" fill="none" stroke="#8b4513" stroke-width="[\d.]+"[^>]*stroke-dasharray="[\d. ]+"/);
    expect(paper.text).toContain(">110 PP</text>");
    expect(paper.text).toContain(">20 ‰</text>");
    expect(paper.text).not.toMatch(/rotate\(-?180/);
  });

  it("shows which way a pipe with a fall runs: an arrow from its first point towards its last, on the map and on paper", () => {
    const arrowOf = (element: PipeElement) =>
      [pipeEditor.style(element, { metresPerPixel: 0.05, selected: false })]
        .flat()
        .map((s) => s.getImage())
        .find((image) => !!image);
    expect(arrowOf(pipe(20, 0))).toBeUndefined();
    expect(flowBearing(pipe(20, 0))).toBe(90);
    expect(flowBearing(pipe(-20, 0))).toBe(-90);
    expect(flowBearing(pipe(0, -20))).toBe(180);
    const east = arrowOf(pipe(20, 0, { fallPerMille: 20 }))!;
    expect(east.getRotation()).toBeCloseTo(Math.PI / 2);
    expect(east.getRotateWithView()).toBe(true);
    const paper = pipeEditor.paper!(pipe(20, 0, { fallPerMille: 20 }), onPaper());
    // With the identity as map → page, the tip lies furthest east (the pipe runs east).
    const fill = /<path d="M([^"]+)Z" fill="#8b4513"\/>/.exec(paper.image ?? "")![1]!;
    const xs = fill.split("L").map((pair) => Number(pair.trim().split(" ")[0]));
    expect(xs.indexOf(Math.max(...xs))).toBe(0);
  });

  it("prints a legend's sample, which comes without its texts", () => {
    const { textAbove, textBelow, ...sample } = pipe(10, 0);
    void textAbove;
    void textBelow;
    const paper = pipeEditor.paper!(sample as PipeElement, onPaper());
    expect(paper.line).toContain("<path");
    expect(paper.text).toBe("");
  });

  it("draws each dash pattern as a sample in the chosen colour", () => {
    expect(pipeSample("solid", { colour: "#1565c0" })).not.toContain("dasharray");
    expect(pipeSample("long-short", { colour: "#1565c0" })).toMatch(/stroke="#1565c0".*stroke-dasharray="[\d.]+ [\d.]+ [\d.]+ [\d.]+"/);
  });
});

import Feature from "ol/Feature";
import type { Coordinate } from "ol/coordinate";
import LineString from "ol/geom/LineString";
import type MultiLineString from "ol/geom/MultiLineString";
import { fromLonLat } from "ol/proj";
import type { GeometryFunction } from "ol/style/Style";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import {
  DIMENSION_NAMES,
  dimensionEditor,
  dimensionLabel,
  dimensionMarks,
  dimensionPaper,
  EXTENSION_PX,
  LABEL_OFFSET_PX,
  measuredWidth,
  TICK_PX,
} from ".";
import { mapUnitsPerMetre } from "../along-line";
import { pageLayout } from "@/editor/export/page-layout";
import { MM_PER_CSS_PX, mapToPage, printMetresPerPixel, type PrintFrame } from "@/editor/export/print-frame";
import da from "@messages/da.json";
import sv from "@messages/sv.json";
import type { Position } from "@/lib/elements/common";
import { dimensionSchema, type DimensionElement } from "@/lib/elements/dimension";
import { defaultPlanContent, parsePlanContent } from "@/lib/elements/plan-content";

/** One degree of a great circle on the specification's sphere of 6371 km. */
const DEGREE = (2 * Math.PI * 6_371_000) / 360;
const ODENSE: Position = [10.38601, 55.40208];
const COS = Math.cos((ODENSE[1] * Math.PI) / 180);

/** A dimension from Odense `dx` metres east and `dy` metres north to the other end. */
function across(dx: number, dy: number, extra: Partial<DimensionElement> = {}): DimensionElement {
  // At the stored precision (1e-7°, about 1 cm), as the editor stores what is drawn.
  const round = (degrees: number) => Math.round(degrees * 1e7) / 1e7;
  const b: Position = [round(ODENSE[0] + dx / (DEGREE * COS)), round(ODENSE[1] + dy / DEGREE)];
  return { id: "d1", coordinates: [ODENSE, b], colour: "#222222", rounded: true, ...extra };
}

describe("the measured width", () => {
  it("is the geodesic distance between the two ends on the specification's sphere", () => {
    // Within the centimetre the stored precision keeps.
    expect(measuredWidth(across(0, 1.5))).toBeCloseTo(1.5, 2);
    expect(measuredWidth(across(3.25, 0))).toBeCloseTo(3.25, 2);
    expect(measuredWidth(across(3, 4))).toBeCloseTo(5, 2);
    expect(measuredWidth(across(0, 0))).toBe(0);
  });
});

describe("the label", () => {
  it("writes the name and the width in the site's language, to 0.1 m or to the centimetre", () => {
    expect(dimensionLabel(across(0, 1.5, { name: "Gångbana" }), "sv")).toBe("Gångbana 1,5 m");
    expect(dimensionLabel(across(1.53, 0, { name: "Gangsti" }), "da")).toBe("Gangsti 1,5 m");
    expect(dimensionLabel(across(1.53, 0, { name: "Gangsti", rounded: false }), "da")).toBe("Gangsti 1,53 m");
    expect(dimensionLabel(across(3.46, 0, { name: "Körfält" }), "sv")).toBe("Körfält 3,5 m");
    expect(dimensionLabel(across(3, 0), "da")).toBe("3,0 m");
    // A blank name is no name; spaces around one are not written.
    expect(dimensionLabel(across(3, 0, { name: "  " }), "da")).toBe("3,0 m");
    expect(dimensionLabel(across(3, 0, { name: " GC-bana " }), "sv")).toBe("GC-bana 3,0 m");
    expect(dimensionLabel(across(1234.5, 0, { rounded: false }), "sv")).toBe("1\u00a0234,50 m");
  });

  it("offers the names a plan dimensions, in both languages", () => {
    const names = (messages: typeof da) => DIMENSION_NAMES.map((key) => messages.editor.styleDialog.options.name[key]);
    expect(names(da)).toEqual(expect.arrayContaining(["Gangsti", "Cykelsti", "Kørebane"]));
    expect(names(sv)).toEqual(expect.arrayContaining(["Gångbana", "GC-bana", "Körfält"]));
    expect(da.editor.kinds.dimension).toBe("Breddemål");
    expect(sv.editor.kinds.dimension).toBe("Breddmått");
  });
});

describe("the end marks", () => {
  it("cross each end at right angles and at 45°, centred on it, in pen sizes", () => {
    const a = [0, 0];
    const b = [30, 40];
    const marks = dimensionMarks(a, b, 2);
    expect(marks).toHaveLength(4);
    const unit = [0.6, 0.8];
    const middle = (s: Coordinate[]) => [(s[0]![0]! + s[1]![0]!) / 2, (s[0]![1]! + s[1]![1]!) / 2];
    const length = (s: Coordinate[]) => Math.hypot(s[1]![0]! - s[0]![0]!, s[1]![1]! - s[0]![1]!);
    const cosine = (s: Coordinate[]) => ((s[1]![0]! - s[0]![0]!) * unit[0]! + (s[1]![1]! - s[0]![1]!) * unit[1]!) / length(s);
    for (const [i, end] of [a, a, b, b].entries()) {
      expect(middle(marks[i]!)[0]).toBeCloseTo(end[0]!, 9);
      expect(middle(marks[i]!)[1]).toBeCloseTo(end[1]!, 9);
    }
    // Across: perpendicular, 2 × 7 px; the tick: 45°, 2 × 5 px.
    expect(cosine(marks[0]!)).toBeCloseTo(0, 9);
    expect(length(marks[0]!)).toBeCloseTo(2 * EXTENSION_PX * 2, 9);
    expect(Math.abs(cosine(marks[1]!))).toBeCloseTo(Math.SQRT1_2, 9);
    expect(length(marks[1]!)).toBeCloseTo(2 * TICK_PX * 2, 9);
    // Both ticks lean the same way, as a CAD dimension's do.
    expect(marks[3]![1]![0]! - marks[3]![0]![0]!).toBeCloseTo(marks[1]![1]![0]! - marks[1]![0]![0]!, 9);
    expect(dimensionMarks(a, a, 2)).toEqual([]);
  });
});

const texts = (styles: Style[]) => styles.flatMap((s) => (s.getText() ? [s.getText()!] : []));

describe("on the screen", () => {
  it("writes its label along the line, above it as read and kept upright (OpenLayers' line placement), in full however short", () => {
    const element = across(0, 1.5, { name: "Gangsti" });
    const styles = dimensionEditor.style(element, { metresPerPixel: 0.3, selected: false }) as Style[];
    const [label] = texts(styles);
    expect(texts(styles)).toHaveLength(1);
    expect(label!.getText()).toBe("Gangsti 1,5 m");
    expect(label!.getPlacement()).toBe("line");
    expect(label!.getKeepUpright()).not.toBe(false);
    expect(label!.getOverflow()).toBe(true);
    expect(label!.getOffsetY()).toBe(-LABEL_OFFSET_PX);
    expect(label!.getFill()?.getColor()).toBe("#222222");
  });

  it("draws its marks on the feature's line as it is now, at the scale; a halo when selected; no label zoomed far out", () => {
    const element = across(4, 0);
    const feature = new Feature(dimensionEditor.toGeometry(element));
    const styles = dimensionEditor.style(element, { metresPerPixel: 0.5, selected: false }) as Style[];
    const marks = styles.find((s) => s.getGeometry())!;
    const geometry = (marks.getGeometry() as GeometryFunction)(feature) as MultiLineString;
    const [a, b] = (feature.getGeometry() as LineString).getCoordinates();
    const unitsPerPx = 0.5 * mapUnitsPerMetre((a![1]! + b![1]!) / 2);
    expect(geometry.getLineStrings().map((l) => l.getCoordinates())).toEqual(
      dimensionMarks(a!, b!, unitsPerPx).map((segment) => segment.map((p) => [expect.closeTo(p[0]!, 6), expect.closeTo(p[1]!, 6)])),
    );
    // A drag moves the feature's geometry before the element changes: the marks follow it.
    (feature.getGeometry() as LineString).translate(10, 0);
    const moved = (marks.getGeometry() as GeometryFunction)(feature) as MultiLineString;
    expect(moved.getLineStrings()[0]!.getCoordinates()[0]![0]).toBeCloseTo(geometry.getLineStrings()[0]!.getCoordinates()[0]![0]! + 10, 6);

    const selected = dimensionEditor.style(element, { metresPerPixel: 0.5, selected: true }) as Style[];
    expect(selected).toHaveLength(styles.length + 1);
    expect(texts(dimensionEditor.style(element, { metresPerPixel: 3, selected: false }) as Style[])).toEqual([]);
    expect(dimensionEditor.style(element, { metresPerPixel: 0.5, selected: false })).toBe(styles);
  });

  it("is drawn with exactly two clicks, with the width measured so far beside the sketch", () => {
    expect(dimensionEditor.drawType).toBe("LineString");
    expect(dimensionEditor.drawOptions!({})).toEqual({ minPoints: 2, maxPoints: 2 });
    const sketch = dimensionEditor.sketchStyle as (feature: Feature) => Style[];
    const line = dimensionEditor.toGeometry(across(2.5, 0));
    expect(texts(sketch(new Feature(line))).map((t) => t.getText())).toEqual(["2,50 m"]);
    expect(sketch(new Feature(new LineString([fromLonLat(ODENSE)]))).length).toBeGreaterThan(0);
  });
});

/** The label's rotation (degrees), its anchor and the middle of the line on the page. */
function onPaper(element: DimensionElement, rotation = 0) {
  const frame: PrintFrame = { center: fromLonLat(ODENSE), scale: 200, rotation, map: pageLayout("A3", true).map };
  const toPage = mapToPage(frame);
  const { line, text } = dimensionPaper(element, {
    toPage,
    mmPerPx: MM_PER_CSS_PX,
    metresPerPixel: printMetresPerPixel(frame.scale),
    rotation,
    center: frame.center,
    images: new Map(),
  });
  const turn = /rotate\(([-\d.]+) /.exec(text!);
  // The label's middle: textSvg puts a line's baseline 0.35 of the size below it.
  const [, x, y, size] = /<text x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"/.exec(text!)!.map(Number);
  const path = [...line!.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  return { line: line!, text: text!, degrees: turn ? Number(turn[1]) : 0, at: [x!, y! - 0.35 * size!], path };
}

describe("on paper", () => {
  it("prints true to scale: 3 m is 15 mm at 1:200, with its marks and its label", () => {
    const { path, text, line } = onPaper(across(3, 0, { name: "Cykelsti" }));
    const [a, b] = path;
    expect(Math.hypot(b![0]! - a![0]!, b![1]! - a![1]!)).toBeCloseTo(15, 1);
    expect(path).toHaveLength(2 + 4 * 2);
    expect(line).toContain('stroke="#222222"');
    expect(text).toContain(">Cykelsti 3,0 m</text>");
  });

  it.each([
    ["east", 3, 0],
    ["west", -3, 0],
    ["north-east", 2, 2.2],
    ["south-west", -2, -2.2],
    ["north-west", -2, 2.2],
    ["south-east", 2, -2.2],
    ["almost north", 0.01, 3],
    ["almost south", -0.01, -3],
  ])("writes its label readably beside its middle, parallel to it, drawn %s", (_, dx, dy) => {
    for (const rotation of [0, Math.PI / 2, Math.PI, -Math.PI / 3]) {
      const { degrees, at, path } = onPaper(across(dx, dy, { name: "Fortov" }), rotation);
      const [a, b] = path as [number[], number[]];
      // Upright: never turned past a quarter either way.
      expect(Math.abs(degrees), `${rotation}`).toBeLessThanOrEqual(90);
      // Parallel: the text's direction is the line's, one way or the other.
      const lineAngle = (Math.atan2(b[1]! - a[1]!, b[0]! - a[0]!) * 180) / Math.PI;
      const difference = (((degrees - lineAngle) % 180) + 180) % 180;
      expect(Math.min(difference, 180 - difference)).toBeLessThan(0.01);
      // At the middle, the offset across the line, on the text's upper side ("above" as read).
      const middle = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
      const offset = [at[0]! - middle[0]!, at[1]! - middle[1]!];
      expect(Math.hypot(offset[0]!, offset[1]!)).toBeCloseTo(LABEL_OFFSET_PX * MM_PER_CSS_PX, 2);
      const down = [-Math.sin((degrees * Math.PI) / 180), Math.cos((degrees * Math.PI) / 180)];
      expect(offset[0]! * down[0]! + offset[1]! * down[1]!).toBeLessThan(0);
    }
  });
});

describe("a label beside an exactly vertical line", () => {
  it("reads as the line is drawn, as OpenLayers' line placement writes it on the screen", () => {
    const up = onPaper(across(0, 3));
    const down = onPaper(across(0, -3));
    expect(up.degrees).toBe(-90);
    expect(down.degrees).toBe(90);
  });
});

describe("dimensionEditor", () => {
  it("keeps its two ends through the map geometry, also when an edit adds a vertex", () => {
    const element = across(2, 1, { name: "Gangsti" });
    const geometry = dimensionEditor.toGeometry(element) as LineString;
    expect(dimensionEditor.withGeometry(element, geometry)).toEqual(element);
    const [a, b] = geometry.getCoordinates();
    const bent = new LineString([a!, [(a![0]! + b![0]!) / 2 + 5, (a![1]! + b![1]!) / 2], b!]);
    expect(dimensionEditor.withGeometry(element, bent).coordinates).toEqual(element.coordinates);
    expect(dimensionSchema.safeParse(dimensionEditor.withGeometry(element, bent)).success).toBe(true);
  });

  it("is created from the drawing style, the name trimmed and left out when blank, and round-trips through the stored plan", () => {
    const geometry = dimensionEditor.toGeometry(across(1.5, 0));
    const named = dimensionEditor.create("d2", geometry, { colour: "#ff0000", name: " Gångbana ", rounded: false });
    expect(named).toEqual({ ...across(1.5, 0), id: "d2", colour: "#ff0000", name: "Gångbana", rounded: false });
    const plain = dimensionEditor.create("d3", geometry, { name: "" });
    expect(plain).toEqual({ ...across(1.5, 0), id: "d3", colour: "#000000", rounded: true });
    expect("name" in plain).toBe(false);
    const parsed = parsePlanContent(JSON.parse(JSON.stringify({ ...defaultPlanContent(), dimensions: [named, plain] })));
    expect(parsed.success && parsed.data.dimensions).toEqual([named, plain]);
  });

  it("edits its colour, its name (from suggestions or typed) and its rounding; never its width", () => {
    expect(dimensionEditor.styleFields.map((f) => f.key)).toEqual(["colour", "name", "rounded"]);
    const name = dimensionEditor.styleFields.find((f) => f.key === "name");
    expect(name?.type === "text" && name.suggestions).toEqual(DIMENSION_NAMES);
  });

  it("is unavailable on a background image without both paper size and scale, available elsewhere", () => {
    const unavailable = dimensionEditor.unavailable!;
    expect(unavailable({ background: null })).toBeNull();
    expect(unavailable({ background: { paperSize: "A3", scale: "1:500" } })).toBeNull();
    expect(unavailable({ background: { paperSize: null, scale: null } })).toBe("dimensionNeedsScale");
    expect(unavailable({ background: { paperSize: "A3", scale: null } })).toBe("dimensionNeedsScale");
    expect(da.editor.unavailable.dimensionNeedsScale).toMatch(/Breddemålet/);
    expect(sv.editor.unavailable.dimensionNeedsScale).toMatch(/Breddmåttet/);
  });
});

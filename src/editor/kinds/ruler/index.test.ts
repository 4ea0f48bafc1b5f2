import Feature from "ol/Feature";
import type LineString from "ol/geom/LineString";
import type Point from "ol/geom/Point";
import type { GeometryFunction } from "ol/style/Style";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_METRES, formatMetres } from "../measure";
import { rulerEditor, segmentLengths } from ".";
import { defaultPlanContent, parsePlanContent } from "@/lib/elements/plan-content";
import type { RulerElement } from "@/lib/elements/ruler";

/** One degree of a great circle on the specification's sphere of 6371 km: 2π · 6 371 000 / 360 m. */
const DEGREE = (2 * Math.PI * 6_371_000) / 360;

describe("ruler lengths", () => {
  it("measures on a sphere of 6371 km: one degree of latitude is 111 194.9 m", () => {
    expect(EARTH_RADIUS_METRES).toBe(6_371_000);
    expect(DEGREE).toBeCloseTo(111_194.93, 2);
    expect(
      segmentLengths([
        [10, 55],
        [10, 56],
      ])[0],
    ).toBeCloseTo(DEGREE, 3);
    // A degree of longitude on the equator is the same; at 60° north it is half as long.
    expect(
      segmentLengths([
        [0, 0],
        [1, 0],
      ])[0],
    ).toBeCloseTo(DEGREE, 3);
    expect(
      segmentLengths([
        [10, 60],
        [10.001, 60],
      ])[0],
    ).toBeCloseTo(DEGREE * 0.001 * 0.5, 3);
  });

  it("gives each segment its own length", () => {
    const lengths = segmentLengths([
      [10, 55],
      [10, 55.001],
      [10, 55.003],
    ]);
    expect(lengths).toHaveLength(2);
    expect(lengths[0]).toBeCloseTo(DEGREE * 0.001, 3);
    expect(lengths[1]).toBeCloseTo(DEGREE * 0.002, 3);
  });

  it("writes metres as Danish and Swedish write them", () => {
    expect(formatMetres(12.44, "da")).toBe("12,4 m");
    expect(formatMetres(1234.56, "da")).toBe("1.234,6 m");
    expect(formatMetres(1234.56, "sv")).toBe("1\u00a0234,6 m");
    expect(formatMetres(3, "sv")).toBe("3,0 m");
  });
});

const ruler: RulerElement = {
  id: "m1",
  coordinates: [
    [10.385, 55.4015],
    [10.385, 55.4016],
    [10.3855, 55.4016],
  ],
};

const labels = (styles: Style[]) => styles.flatMap((s) => (s.getText() ? [s.getText()!] : []));

describe("rulerEditor", () => {
  it("labels each segment at its middle and the total at the end, upright when the map turns", () => {
    const styles = rulerEditor.style(ruler, { metresPerPixel: 0.1, selected: false }) as Style[];
    const [first, second] = segmentLengths(ruler.coordinates);
    // Labels use the page's language: Danish when there is no page.
    expect(labels(styles).map((t) => t.getText())).toEqual([
      formatMetres(first!),
      formatMetres(second!),
      `Σ ${formatMetres(first! + second!)}`,
    ]);
    expect(labels(styles).every((t) => t.getRotateWithView() === false)).toBe(true);
    expect(formatMetres(first!)).toBe("11,1 m");
    // The first segment runs north: its label is beside it; the second runs east: its label is above it.
    expect(labels(styles)[0]!.getOffsetX()).toBeGreaterThan(0);
    expect(labels(styles)[0]!.getTextAlign()).toBe("left");
    expect(labels(styles)[1]!.getOffsetY()).toBeLessThan(0);
    expect(labels(styles)[1]!.getOffsetX()).toBe(0);

    const geometry = rulerEditor.toGeometry(ruler) as LineString;
    const feature = new Feature(geometry);
    const at = (style: Style) => ((style.getGeometry() as GeometryFunction)(feature) as Point).getCoordinates();
    const [a, b, c] = geometry.getCoordinates();
    const labelled = styles.filter((s) => s.getText());
    expect(at(labelled[0]!)).toEqual([(a![0]! + b![0]!) / 2, (a![1]! + b![1]!) / 2]);
    expect(at(labelled[2]!)).toEqual(c);
  });

  it("has no total for a single segment, a halo when selected, and caches its styles per element", () => {
    const single = { ...ruler, coordinates: ruler.coordinates.slice(0, 2) };
    expect(labels(rulerEditor.style(single, { metresPerPixel: 0.1, selected: false }) as Style[])).toHaveLength(1);
    const plain = rulerEditor.style(ruler, { metresPerPixel: 0.1, selected: false }) as Style[];
    const selected = rulerEditor.style(ruler, { metresPerPixel: 0.05, selected: true }) as Style[];
    expect(selected.length).toBe(plain.length + 1);
    expect(rulerEditor.style(ruler, { metresPerPixel: 0.2, selected: false })).toBe(plain);
  });

  it("writes its lengths and marks its vertices from 1 m a pixel in; further out it is its line alone", () => {
    const texts = (metresPerPixel: number) => labels(rulerEditor.style(ruler, { metresPerPixel, selected: false }) as Style[]);
    expect(texts(1)).toHaveLength(3);
    expect(texts(1.01)).toEqual([]);
    const far = rulerEditor.style(ruler, { metresPerPixel: 3, selected: true }) as Style[];
    expect(far).toHaveLength(2); // the halo and the line
    expect(far.some((s) => s.getImage())).toBe(false);
  });

  it("turns its positions into a line and back unchanged, and round-trips through the stored plan schema", () => {
    const geometry = rulerEditor.toGeometry(ruler);
    expect(rulerEditor.withGeometry(ruler, geometry)).toEqual(ruler);
    expect(rulerEditor.create("m2", geometry, {})).toEqual({ ...ruler, id: "m2" });
    const parsed = parsePlanContent(JSON.parse(JSON.stringify({ ...defaultPlanContent(), rulers: [ruler] })));
    expect(parsed.success && parsed.data.rulers).toEqual([ruler]);
  });

  it("is unavailable on a background image without both paper size and scale, available elsewhere", () => {
    const unavailable = rulerEditor.unavailable!;
    expect(unavailable({ background: null })).toBeNull();
    expect(unavailable({ background: { paperSize: "A3", scale: "1:500" } })).toBeNull();
    expect(unavailable({ background: { paperSize: null, scale: null } })).toBe("rulerNeedsScale");
    expect(unavailable({ background: { paperSize: "A3", scale: null } })).toBe("rulerNeedsScale");
    expect(unavailable({ background: { paperSize: null, scale: "1:500" } })).toBe("rulerNeedsScale");
    expect(unavailable({ background: { paperSize: "A3", scale: "1:0" } })).toBe("rulerNeedsScale");
  });
});

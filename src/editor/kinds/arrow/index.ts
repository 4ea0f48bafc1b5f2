/**
 * The editor side of an arrow (spec 2-content §3, "Line, arrow, work area"): a line of a width in metres
 * with a head at its end (or both ends), filled or open. The head is a shape on the ground that grows with
 * the width, so the arrow prints true to scale; zoomed far out it keeps a readable size on screen.
 */
import type { Coordinate } from "ol/coordinate";
import type { FeatureLike } from "ol/Feature";
import LineString from "ol/geom/LineString";
import MultiLineString from "ol/geom/MultiLineString";
import MultiPolygon from "ol/geom/MultiPolygon";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { derivedFromLine, endDirection, groundSize, mapUnitsPerMetre, trimEnd } from "../along-line";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement, StyleValues } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { ARROW_HEAD_STYLES, arrowDefaults, type ArrowElement } from "@/lib/elements/arrow";

/** The head's length as a multiple of the line's width; its base is 0.8 of its length across. */
export const HEAD_LENGTH_PER_WIDTH = 4;
const HEAD_HALF_WIDTH_PER_LENGTH = 0.4;
/** Zoomed out (or on a thin arrow) the head keeps 12 px, so the direction stays readable. */
const MIN_HEAD_PX = 12;

type HeadStyle = (typeof ARROW_HEAD_STYLES)[number];

interface ArrowParts {
  shaft: LineString;
  /** Filled heads as triangles, or open heads as two strokes meeting at the tip. */
  heads: MultiPolygon | MultiLineString;
}

/** The head's three corners at the end of `coordinates`: one side, the tip, the other side. */
function headAt(coordinates: readonly Coordinate[], length: number): Coordinate[] | null {
  const end = endDirection(coordinates);
  if (!end) return null;
  const { tip, unit } = end;
  const half = length * HEAD_HALF_WIDTH_PER_LENGTH;
  const bx = tip[0]! - unit[0] * length;
  const by = tip[1]! - unit[1] * length;
  return [
    [bx + unit[1] * half, by - unit[0] * half],
    [tip[0]!, tip[1]!],
    [bx - unit[1] * half, by + unit[0] * half],
  ];
}

/**
 * The shaft and heads of an arrow line in map coordinates; `key` is "<head length in ground
 * metres>|<head style>|<both ends: 1 or 0>". A filled head covers the shaft's last half-head, where the
 * shaft's square end would otherwise show beside the narrowing tip.
 */
export const arrowParts = derivedFromLine((coordinates, key: string): ArrowParts => {
  const [metres, headStyle, both] = key.split("|");
  const y = (coordinates[0]![1]! + coordinates[coordinates.length - 1]![1]!) / 2;
  const length = Number(metres) * mapUnitsPerMetre(y);
  const filled = headStyle !== "open";
  const reversed = coordinates.slice().reverse();
  const heads = [headAt(coordinates, length), both === "1" ? headAt(reversed, length) : null].filter((h): h is Coordinate[] => !!h);
  let shaft = coordinates;
  if (filled) {
    shaft = trimEnd(shaft, length / 2);
    if (both === "1") shaft = trimEnd(shaft.slice().reverse(), length / 2).reverse();
  }
  return {
    shaft: new LineString(shaft),
    heads: filled ? new MultiPolygon(heads.map((h) => [[...h, h[0]!]])) : new MultiLineString(heads),
  };
});

const cache = new Map<string, Style[]>();

/** The dialog's drawn sample of a head style: a short arrow as the map draws it. */
function headSample(option: string, values: Readonly<StyleValues>): string {
  const colour = typeof values.colour === "string" && values.colour ? values.colour : arrowDefaults.colour;
  const head =
    option === "open"
      ? `<polyline points="98,5 112,12 98,19" fill="none" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/><line x1="8" y1="12" x2="111" y2="12" stroke="${colour}" stroke-width="3"/>`
      : `<polygon points="96,4 114,12 96,20" fill="${colour}"/><line x1="8" y1="12" x2="100" y2="12" stroke="${colour}" stroke-width="3"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="24" viewBox="0 0 120 24">${head}</svg>`;
}

export const arrowEditor: EditorElement<"arrow"> = {
  kind: "arrow",
  // A shaft with a filled head.
  icon: "M3 11h13V7l6 5-6 5v-4H3z",
  shortcut: "P",
  drawType: "LineString",
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "width", type: "number", unit: "m", min: 0.1, max: 100, step: 0.1 },
    { key: "headStyle", type: "choice", options: ARROW_HEAD_STYLES, sample: headSample, default: "filled" },
    { key: "bothEnds", type: "boolean" },
    LEGEND_TEXT_FIELD,
  ],
  legend: (element) => ({
    look: lookOf(element.colour, element.width, element.headStyle ?? "filled", element.bothEnds ?? false),
    detail: null,
  }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  // In the schema's key order, the order the server stores the parsed plan in (tests compare plans as JSON).
  create: (id, geometry, style): ArrowElement => ({
    id,
    coordinates: positionsOfLineString(geometry as LineString),
    colour: style.colour ?? arrowDefaults.colour,
    width: style.width ?? arrowDefaults.width,
    ...(style.headStyle ? { headStyle: style.headStyle } : {}),
    ...(style.bothEnds ? { bothEnds: true } : {}),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const width = strokePixels(element.width, metresPerPixel, { print });
    const headStyle: HeadStyle = element.headStyle ?? "filled";
    const head = groundSize(HEAD_LENGTH_PER_WIDTH * element.width, MIN_HEAD_PX, metresPerPixel);
    const parts = `${head}|${headStyle}|${element.bothEnds ? 1 : 0}`;
    const key = `${element.colour}|${width}|${parts}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      const shaft = (feature: FeatureLike) => arrowParts(feature.getGeometry() as LineString, parts).shaft;
      const heads = (feature: FeatureLike) => arrowParts(feature.getGeometry() as LineString, parts).heads;
      const headLook =
        headStyle === "open"
          ? { stroke: new Stroke({ color: element.colour, width, lineCap: "round", lineJoin: "round" }) }
          : { fill: new Fill({ color: element.colour }) };
      styles = [
        new Style({ geometry: shaft, stroke: new Stroke({ color: element.colour, width, lineCap: "butt", lineJoin: "round" }) }),
        new Style({ geometry: heads, ...headLook }),
      ];
      if (selected) {
        const halo = selectionHalo(width).getStroke()!;
        styles.unshift(new Style({ geometry: shaft, stroke: halo }), new Style({ geometry: heads, stroke: halo }));
      }
      if (cache.size > 2000) cache.clear(); // a bounded cache: sizes vary with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

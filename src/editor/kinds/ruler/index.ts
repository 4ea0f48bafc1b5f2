/**
 * The editor side of a ruler (målebånd; spec 1-core §9: "Earth radius for distances: about 6371 km"):
 * a measuring line labelled with the geodesic length of each segment at its middle and, for more than
 * one segment, the total at its end, in metres. Labels stay upright when the map rotates. On a
 * background image without paper size and scale the map has no true distances, so the tool is
 * unavailable there (spec 2-content §5).
 */
import type { Coordinate } from "ol/coordinate";
import type { FeatureLike } from "ol/Feature";
import type LineString from "ol/geom/LineString";
import MultiPoint from "ol/geom/MultiPoint";
import Point from "ol/geom/Point";
import { getDistance } from "ol/sphere";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo } from "../style-cache";
import type { EditorElement } from "../types";
import type { Position } from "@/lib/elements/common";
import type { RulerElement } from "@/lib/elements/ruler";
import { groundLongestSideM } from "@/lib/map/paper";

/** The Earth's radius for distances, as the specification gives it (1-core §9), in metres. */
export const EARTH_RADIUS_METRES = 6_371_000;

/** The great-circle length of each segment in metres (haversine on a sphere of EARTH_RADIUS_METRES). */
export function segmentLengths(positions: readonly Position[]): number[] {
  const lengths: number[] = [];
  for (let i = 1; i < positions.length; i++) lengths.push(getDistance(positions[i - 1]!, positions[i]!, EARTH_RADIUS_METRES));
  return lengths;
}

/**
 * A length as the site's language writes it, one decimal: "12,4 m" in Danish and Swedish. The language
 * is the page's (`<html lang>`, set from the site), as the kind's module has no React context.
 */
export function formatMetres(metres: number, locale = pageLocale()): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres)} m`;
}

function pageLocale(): string {
  return (typeof document !== "undefined" && document.documentElement.lang) || "da";
}

const LINE_COLOUR = "#1a1a1a";
const line = new Style({ stroke: new Stroke({ color: LINE_COLOUR, width: 2 }) });
/** A white casing under the line, so it reads on an orthophoto as well as on the screen map. */
const casing = new Style({ stroke: new Stroke({ color: "#ffffff", width: 4 }) });
const vertexMark = new CircleStyle({
  radius: 3.5,
  fill: new Fill({ color: "#ffffff" }),
  stroke: new Stroke({ color: LINE_COLOUR, width: 1.5 }),
});
const labelFill = new Fill({ color: LINE_COLOUR });
const labelHalo = new Stroke({ color: "#ffffff", width: 4 });

/** The vertices of the feature's line as it is now (they follow a drag before it is committed). */
function vertices(feature: FeatureLike): Coordinate[] {
  const geometry = feature.getGeometry() as LineString | undefined;
  return geometry?.getType() === "LineString" ? geometry.getCoordinates() : [];
}

function segmentLabel(index: number, text: string): Style {
  return new Style({
    geometry: (feature) => {
      const [a, b] = [vertices(feature)[index], vertices(feature)[index + 1]];
      return a && b ? new Point([(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2]) : undefined;
    },
    text: new Text({
      text,
      font: "600 12px system-ui, sans-serif",
      fill: labelFill,
      stroke: labelHalo,
      offsetY: -12,
      rotateWithView: false,
    }),
  });
}

function totalLabel(text: string): Style {
  return new Style({
    geometry: (feature) => {
      const last = vertices(feature).at(-1);
      return last ? new Point(last) : undefined;
    },
    text: new Text({
      text,
      font: "700 13px system-ui, sans-serif",
      textAlign: "left",
      offsetX: 10,
      fill: labelFill,
      stroke: labelHalo,
      rotateWithView: false,
    }),
  });
}

/** A mark on every vertex, where the tape is read. */
const vertexMarks = new Style({
  geometry: (feature) => new MultiPoint(vertices(feature)),
  image: vertexMark,
});

/**
 * A ruler's styles: its labels depend only on its positions, so they are made once per stored element
 * (a change makes a new element) and not per frame.
 */
const cache = new WeakMap<RulerElement, { plain: Style[]; selected: Style[] }>();

function stylesOf(element: RulerElement, selected: boolean): Style[] {
  let styles = cache.get(element);
  if (!styles) {
    const lengths = segmentLengths(element.coordinates);
    const labels = lengths.map((length, i) => segmentLabel(i, formatMetres(length)));
    if (lengths.length > 1) labels.push(totalLabel(`Σ ${formatMetres(lengths.reduce((sum, l) => sum + l, 0))}`));
    styles = { plain: [casing, line, vertexMarks, ...labels], selected: [selectionHalo(4), casing, line, vertexMarks, ...labels] };
    cache.set(element, styles);
  }
  return selected ? styles.selected : styles.plain;
}

export const rulerEditor: EditorElement<"ruler"> = {
  kind: "ruler",
  // A measuring tape: a bar with tick marks.
  icon: "M2 8h20v8H2zm2 2v4h16v-4h-1v2h-1.5v-2h-1.5v3h-1.5v-3H13v2h-1.5v-2H10v3H8.5v-3H7v2H5.5v-2z",
  drawType: "LineString",
  styleFields: [],
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry): RulerElement => ({ id, coordinates: positionsOfLineString(geometry as LineString) }),
  style: (element, { selected }) => stylesOf(element, selected),
  // The same test that places the background at its true size: without it the map's metres are nominal.
  unavailable: ({ background }) =>
    background && groundLongestSideM(background.paperSize, background.scale) === null ? "rulerNeedsScale" : null,
};

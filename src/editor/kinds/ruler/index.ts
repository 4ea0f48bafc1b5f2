/**
 * The editor side of a ruler (målebånd; spec 1-core §9: "Earth radius for distances: about 6371 km"):
 * a measuring line labelled with the geodesic length of each segment at its middle and, for more than
 * one segment, the total at its end, in metres. Labels stay upright when the map rotates. On a
 * background image without paper size and scale the map has no true distances, so the tool is
 * unavailable there (spec 2-content §5).
 */
import type { FeatureLike } from "ol/Feature";
import type LineString from "ol/geom/LineString";
import MultiPoint from "ol/geom/MultiPoint";
import Point from "ol/geom/Point";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { formatMetres, groundDistance } from "../measure";
import { labelsShownAt, selectionHalo } from "../style-cache";
import type { EditorElement } from "../types";
import type { Position } from "@/lib/elements/common";
import type { RulerElement } from "@/lib/elements/ruler";
import { groundLongestSideM } from "@/lib/map/paper";

/** The great-circle length of each segment in metres. */
export function segmentLengths(positions: readonly Position[]): number[] {
  const lengths: number[] = [];
  for (let i = 1; i < positions.length; i++) lengths.push(groundDistance(positions[i - 1]!, positions[i]!));
  return lengths;
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

/**
 * Where a ruler's marks and labels go on the feature's line as it is now (they follow a drag before it
 * is committed), made once per geometry revision rather than on every frame.
 */
interface Anchors {
  revision: number;
  vertices: MultiPoint;
  middles: Point[];
  end: Point | undefined;
}
const anchorCache = new WeakMap<object, Anchors>();

function anchorsOf(feature: FeatureLike): Anchors | undefined {
  const geometry = feature.getGeometry() as LineString | undefined;
  if (geometry?.getType() !== "LineString") return undefined;
  const cached = anchorCache.get(geometry);
  if (cached?.revision === geometry.getRevision()) return cached;
  const points = geometry.getCoordinates();
  const anchors: Anchors = {
    revision: geometry.getRevision(),
    vertices: new MultiPoint(points),
    middles: points.slice(1).map((b, i) => new Point([(points[i]![0]! + b[0]!) / 2, (points[i]![1]! + b[1]!) / 2])),
    end: points.length ? new Point(points.at(-1)!) : undefined,
  };
  anchorCache.set(geometry, anchors);
  return anchors;
}

/**
 * Where a segment's label sits beside its middle so that it does not cover the line: above a segment
 * that runs more across than up (on a north-up map), to the right of a steeper one.
 */
export function segmentLabelPlacement(a: Position, b: Position): { offsetX: number; offsetY: number; textAlign: "center" | "left" } {
  const across = Math.abs(b[0] - a[0]) * Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  return across >= Math.abs(b[1] - a[1])
    ? { offsetX: 0, offsetY: -12, textAlign: "center" }
    : { offsetX: 9, offsetY: 0, textAlign: "left" };
}

function segmentLabel(index: number, text: string, placement: ReturnType<typeof segmentLabelPlacement>): Style {
  return new Style({
    geometry: (feature) => anchorsOf(feature)?.middles[index],
    text: new Text({
      text,
      font: "600 12px system-ui, sans-serif",
      fill: labelFill,
      stroke: labelHalo,
      ...placement,
      rotateWithView: false,
    }),
  });
}

function totalLabel(text: string): Style {
  return new Style({
    geometry: (feature) => anchorsOf(feature)?.end,
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
  geometry: (feature) => anchorsOf(feature)?.vertices,
  image: vertexMark,
});

/**
 * A ruler's styles: its labels depend only on its positions, so they are made once per stored element
 * (a change makes a new element) and not per frame. Zoomed out past labelsShownAt it is its line alone:
 * no lengths, no marks where they are read, and no casing (a white band under every ruler of a plan cost
 * more than the rulers themselves).
 */
interface RulerStyles {
  labels: Style[];
  /** By selection and whether labels show: the arrays handed out, so a frame builds none. */
  shown: Map<string, Style[]>;
}
const cache = new WeakMap<RulerElement, RulerStyles>();

function stylesOf(element: RulerElement, selected: boolean, metresPerPixel: number): Style[] {
  let entry = cache.get(element);
  if (!entry) {
    const lengths = segmentLengths(element.coordinates);
    const labels = lengths.map((length, i) =>
      segmentLabel(i, formatMetres(length), segmentLabelPlacement(element.coordinates[i]!, element.coordinates[i + 1]!)),
    );
    if (lengths.length > 1) labels.push(totalLabel(`Σ ${formatMetres(lengths.reduce((sum, l) => sum + l, 0))}`));
    entry = { labels, shown: new Map() };
    cache.set(element, entry);
  }
  const labelled = labelsShownAt(metresPerPixel);
  const key = `${selected ? 1 : 0}${labelled ? 1 : 0}`;
  let styles = entry.shown.get(key);
  if (!styles) {
    styles = [...(selected ? [selectionHalo(4)] : []), ...(labelled ? [casing, line, vertexMarks, ...entry.labels] : [line])];
    entry.shown.set(key, styles);
  }
  return styles;
}

export const rulerEditor: EditorElement<"ruler"> = {
  kind: "ruler",
  // A measuring tape: a bar with tick marks.
  icon: "M2 8h20v8H2zm2 2v4h16v-4h-1v2h-1.5v-2h-1.5v3h-1.5v-3H13v2h-1.5v-2H10v3H8.5v-3H7v2H5.5v-2z",
  shortcut: "M",
  drawType: "LineString",
  styleFields: [],
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry): RulerElement => ({ id, coordinates: positionsOfLineString(geometry as LineString) }),
  style: (element, { selected, metresPerPixel }) => stylesOf(element, selected, metresPerPixel),
  // The same test that places the background at its true size: without it the map's metres are nominal.
  unavailable: ({ background }) =>
    background && groundLongestSideM(background.paperSize, background.scale) === null ? "rulerNeedsScale" : null,
};

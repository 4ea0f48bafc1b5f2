/**
 * The editor side of a GPX route (spec 2-content §3, "gpx"): a route drawn by clicks or imported from a
 * .gpx file (./gpx-file.ts), and exported to one.
 *
 * Drawn as a magenta line of a fixed 4 CSS px, the colour GPS devices and route planners show a route
 * in, with its name along it. Unlike the plan's physical objects it is not metres on the ground: a route
 * is a path to follow, read at every zoom from the street to the whole town, and a line true to scale
 * would vanish when zoomed out to see it whole.
 */
import type { FeatureLike } from "ol/Feature";
import type LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { labelsShownAt, selectionHalo } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { GPX_COLOUR, readGpx, writeGpx } from "./gpx-file";
import type { Position } from "@/lib/elements/common";
import { gpxDefaults, type GpxElement } from "@/lib/elements/gpx";

export { GPX_COLOUR };
export const GPX_WIDTH_PX = 4;

const line = new Style({ stroke: new Stroke({ color: GPX_COLOUR, width: GPX_WIDTH_PX, lineCap: "round", lineJoin: "round" }) });
const labels = new Map<string, Style>();
const looks = new Map<string, Style[]>();

const labelPoints = new WeakMap<object, { revision: number; point: Point }>();

/**
 * Where the name goes: the middle of the route's longest segment, where it reads best. Kept per geometry
 * and its revision, so a long imported track is not walked every frame.
 */
export function labelPoint(feature: FeatureLike): Point | undefined {
  const geometry = feature.getGeometry() as LineString | undefined;
  if (!geometry || geometry.getType() !== "LineString") return undefined;
  const cached = labelPoints.get(geometry);
  if (cached?.revision === geometry.getRevision()) return cached.point;
  const flat = geometry.getFlatCoordinates();
  const stride = geometry.getStride();
  let best = 0;
  let longest = -1;
  for (let i = 0; i + stride < flat.length; i += stride) {
    const length = Math.hypot(flat[i + stride]! - flat[i]!, flat[i + stride + 1]! - flat[i + 1]!);
    if (length > longest) {
      longest = length;
      best = i;
    }
  }
  const point = new Point([(flat[best]! + flat[best + stride]!) / 2, (flat[best + 1]! + flat[best + stride + 1]!) / 2]);
  labelPoints.set(geometry, { revision: geometry.getRevision(), point });
  return point;
}

/**
 * The name beside the line, level on the screen (a name bent along a winding track is hard to read), in
 * the route's colour on a white outline so it reads over any map.
 */
function label(name: string): Style {
  let style = labels.get(name);
  if (!style) {
    style = new Style({
      geometry: labelPoint,
      text: new Text({
        text: name,
        font: '600 13px "Roboto", "Helvetica", "Arial", sans-serif',
        fill: new Fill({ color: GPX_COLOUR }),
        stroke: new Stroke({ color: "#ffffff", width: 3 }),
        offsetY: -12,
      }),
    });
    if (labels.size > 2000) labels.clear();
    labels.set(name, style);
  }
  return style;
}

/**
 * The element on new `coordinates`, its points' elevations and times carried along: by index when the
 * line kept its number of points (moved, rotated, a point dragged), else by position (a point inserted or
 * removed: the others keep theirs, a new one has none).
 */
export function withCoordinates(element: GpxElement, coordinates: Position[]): GpxElement {
  const { elevations, times, ...rest } = element;
  if (!elevations && !times) return { ...rest, coordinates };
  const sameCount = coordinates.length === element.coordinates.length;
  const oldIndex = new Map(element.coordinates.map((position, i) => [position.join(","), i]));
  const from = (position: Position, i: number) => (sameCount ? i : oldIndex.get(position.join(",")));
  const carry = <T>(values: readonly (T | null)[] | undefined) => {
    if (!values) return undefined;
    const carried = coordinates.map((position, i) => {
      const at = from(position, i);
      return at === undefined ? null : (values[at] ?? null);
    });
    return carried.some((value) => value !== null) ? carried : undefined;
  };
  const newElevations = carry(elevations);
  const newTimes = carry(times);
  return { ...rest, coordinates, ...(newElevations ? { elevations: newElevations } : {}), ...(newTimes ? { times: newTimes } : {}) };
}

export const gpxEditor: EditorElement<"gpx"> = {
  kind: "gpx",
  // A winding route between two pins.
  icon: "M6 2a3 3 0 0 0-3 3c0 2.2 3 5.5 3 5.5S9 7.2 9 5a3 3 0 0 0-3-3m0 4a1 1 0 1 1 0-2 1 1 0 0 1 0 2m12 7a3 3 0 0 0-3 3c0 2.2 3 5.5 3 5.5s3-3.3 3-5.5a3 3 0 0 0-3-3m0 4a1 1 0 1 1 0-2 1 1 0 0 1 0 2M6 12v2h7a1 1 0 0 1 0 2H8a3 3 0 0 0 0 6h7v-2H8a1 1 0 0 1 0-2h5a3 3 0 0 0 0-6z",
  shortcut: "G",
  drawType: "LineString",
  styleFields: [{ key: "name", type: "text", maxLength: 500 }, LEGEND_TEXT_FIELD],
  // One look: a GPX track is always drawn the same way.
  legend: () => ({ look: lookOf(), detail: null }),
  // A GPX file's waypoints are the plan's points.
  fileFormat: { extension: "gpx", mimeType: "application/gpx+xml", companion: "point", read: readGpx, write: writeGpx },
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => withCoordinates(element, positionsOfLineString(geometry as LineString)),
  create: (id, geometry, style): GpxElement => ({
    id,
    name: style.name ?? gpxDefaults.name,
    coordinates: positionsOfLineString(geometry as LineString),
    ...legendTextFrom(style),
  }),
  style(element, { selected, metresPerPixel }) {
    // Its name where labels are written (labelsShownAt), as every label of the plan.
    const name = labelsShownAt(metresPerPixel) ? element.name : "";
    const key = `${selected ? 1 : 0}|${name}`;
    let styles = looks.get(key);
    if (!styles) {
      styles = [...(selected ? [selectionHalo(GPX_WIDTH_PX)] : []), line, ...(name ? [label(name)] : [])];
      if (looks.size > 2000) looks.clear();
      looks.set(key, styles);
    }
    return styles;
  },
};

/**
 * GPX files in and out (spec 2-content §2, "GPX import and export"), with OpenLayers' own GPX format.
 *
 * Import: GPX 1.0 and 1.1. Every track segment and every route becomes one gpx element that remembers
 * which it was (`form`), its description and comment, and each point's elevation and time; every
 * waypoint becomes a point with the waypoint's name as its label and its elevation, time, description and
 * comment. Empty segments and lines of a single point are left out (counted in `skipped`); a byte-order
 * mark, foreign namespaces and extensions (Garmin's gpxtpx) are ignored. A line longer than the bound on
 * positions per element (MAX_POSITIONS) is split into consecutive elements that share their joint
 * position, so the route stays whole on the map.
 *
 * Export: GPX 1.1 with the site's product as its creator and the standard namespaces: points as
 * waypoints (`<wpt>`), tracks as tracks (`<trk>`, one segment each) and routes as routes (`<rte>`), in
 * the order GPX 1.1 prescribes, with what the import kept. OpenLayers reads a missing elevation or time
 * of a point as 0 and writes none for 0, so a time of 0 (1970) reads as none and an elevation of exactly
 * 0 m is not written back; its writer also repeats a line point's elevation or time on a following point
 * that has none, which files from devices and planners never hold (they give them for all points or none).
 */
import Feature from "ol/Feature";
import GPX from "ol/format/GPX";
import type { GeometryLayout } from "ol/geom/Geometry";
import LineString from "ol/geom/LineString";
import MultiLineString from "ol/geom/MultiLineString";
import Point from "ol/geom/Point";
import type { KindFileRead, KindFileWriteOptions } from "../types";
import { MAX_POSITIONS, type Position } from "@/lib/elements/common";
import type { GpxElement } from "@/lib/elements/gpx";
import type { PointElement } from "@/lib/elements/point";

const GPX_NAMESPACES = ["http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1"];
/** Stored precision (1e-7° is about 1 cm), as the editor stores every position (../geometry.ts). */
const PRECISION = 1e7;
const round = (value: number) => Math.round(value * PRECISION) / PRECISION;
/** Elevations to the millimetre: what survey-grade receivers give, and no float noise in the plan. */
const roundElevation = (value: number) => Math.round(value * 1000) / 1000;
/** Longest element name and label the schemas take (src/lib/elements/gpx.ts, point.ts). */
const MAX_NAME = 500;
/** Longest description or comment the schemas take (`freeTextSchema`). */
const MAX_TEXT = 5_000;
/** The colour GPS devices and route planners show a route in: the routes' line (./index.ts) and the waypoints' dot. */
export const GPX_COLOUR = "#d4008f";
/** A waypoint's dot, 2 m across: it shows beside a route's 4 px line where a point's default 1 m would not. */
export const WAYPOINT_SIZE_METRES = 2;

/** The file's document, or null when it is not XML whose root is a GPX element. */
function gpxDocument(text: string): Document | null {
  let document: Document;
  try {
    // A byte-order mark before the XML declaration makes some parsers refuse the file.
    document = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ""), "application/xml");
  } catch {
    return null; // parsers outside browsers throw on malformed XML
  }
  const root = document.documentElement;
  if (!root || document.getElementsByTagName("parsererror").length > 0) return null;
  if (root.localName !== "gpx") return null;
  // A GPX root without a namespace occurs in hand-written files; OpenLayers reads those too.
  return root.namespaceURI === null || GPX_NAMESPACES.includes(root.namespaceURI) ? document : null;
}

/** `positions` in pieces of at most MAX_POSITIONS, each starting where the previous one ended. */
export function splitPositions<T>(positions: T[]): T[][] {
  if (positions.length <= MAX_POSITIONS) return [positions];
  const pieces: T[][] = [];
  for (let start = 0; start < positions.length - 1; start += MAX_POSITIONS - 1) {
    pieces.push(positions.slice(start, start + MAX_POSITIONS));
  }
  return pieces;
}

/** A time as OpenLayers reads it (seconds since 1970; 0 for none) as the stored ISO text, to the second as GPX writes it. */
function timeText(seconds: number | undefined): string | null {
  if (!seconds || !Number.isFinite(seconds)) return null;
  return new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, "Z");
}

/** The stored ISO time as OpenLayers writes it (seconds since 1970; 0 writes none). */
function timeSeconds(text: string | null | undefined): number {
  const ms = text ? Date.parse(text) : NaN;
  return Number.isFinite(ms) ? ms / 1000 : 0;
}

/** One point of a line or a waypoint as OpenLayers reads it, split by its geometry's layout. */
interface ReadVertex {
  position: Position;
  elevation: number | null;
  time: string | null;
}

function vertexOf(coordinate: number[], layout: GeometryLayout): ReadVertex {
  const [lon, lat] = coordinate;
  const hasZ = layout === "XYZ" || layout === "XYZM";
  const mAt = layout === "XYZM" ? 3 : layout === "XYM" ? 2 : -1;
  return {
    position: [round(lon!), round(lat!)],
    elevation: hasZ ? roundElevation(coordinate[2]!) : null,
    time: mAt >= 0 ? timeText(coordinate[mAt]) : null,
  };
}

/** A text property of the file (name, desc, cmt), trimmed and cut to `max`; undefined when empty. */
function textOf(feature: Feature, key: string, max: number): string | undefined {
  const value = feature.get(key);
  const text = typeof value === "string" ? value.trim() : "";
  return text ? text.slice(0, max) : undefined;
}

/**
 * The element's line of `vertices`, with elevations and times only when the file gave any. OpenLayers
 * gives a track's segments one layout, so a segment without elevations in a track with them reads as all
 * 0 m: a line at exactly 0 m throughout is taken for one without.
 */
function lineFields(vertices: readonly ReadVertex[]): Pick<GpxElement, "coordinates" | "elevations" | "times"> {
  const elevations = vertices.map((v) => v.elevation);
  const times = vertices.map((v) => v.time);
  return {
    coordinates: vertices.map((v) => v.position),
    ...(elevations.some((e) => e !== null && e !== 0) ? { elevations } : {}),
    ...(times.some((t) => t !== null) ? { times } : {}),
  };
}

function waypointOf(feature: Feature, point: Point, id: string): PointElement {
  const vertex = vertexOf(point.getCoordinates(), point.getLayout());
  const label = textOf(feature, "name", MAX_NAME);
  const description = textOf(feature, "desc", MAX_TEXT);
  const comment = textOf(feature, "cmt", MAX_TEXT);
  return {
    id,
    position: vertex.position,
    colour: GPX_COLOUR,
    sizeInMeters: WAYPOINT_SIZE_METRES,
    ...(label ? { label } : {}),
    ...(vertex.elevation !== null ? { elevation: vertex.elevation } : {}),
    ...(vertex.time ? { time: vertex.time } : {}),
    ...(description ? { description } : {}),
    ...(comment ? { comment } : {}),
  };
}

export function readGpx(text: string, newId: () => string, fileName: string): KindFileRead<"gpx", "point"> {
  const document = gpxDocument(text);
  if (!document) return { ok: false, reason: "notFormat" };
  // Positions stay in lon/lat: the file's projection is the stored one.
  const features = new GPX().readFeatures(document, { dataProjection: "EPSG:4326", featureProjection: "EPSG:4326" });
  const fallbackName = fileName.replace(/\.gpx$/i, "");
  const elements: GpxElement[] = [];
  const waypoints: PointElement[] = [];
  let skipped = 0;
  let split = 0;
  for (const feature of features) {
    const geometry = feature.getGeometry();
    if (geometry instanceof Point) {
      waypoints.push(waypointOf(feature, geometry, newId()));
      continue;
    }
    // OpenLayers reads a track as a MultiLineString (one line a segment) and a route as a LineString.
    const form = geometry instanceof MultiLineString ? "track" : "route";
    const lines = geometry instanceof MultiLineString ? geometry.getLineStrings() : geometry instanceof LineString ? [geometry] : [];
    const name = textOf(feature, "name", MAX_NAME) ?? fallbackName;
    const description = textOf(feature, "desc", MAX_TEXT);
    const comment = textOf(feature, "cmt", MAX_TEXT);
    const drawable = lines
      .map((line) => line.getCoordinates().map((coordinate) => vertexOf(coordinate, line.getLayout())))
      .filter((vertices) => vertices.length >= 2);
    skipped += lines.length - drawable.length;
    if (lines.length === 0) skipped += 1; // a track without segments
    drawable.forEach((vertices, index) => {
      const pieces = splitPositions(vertices);
      if (pieces.length > 1) split += pieces.length;
      const segmentName = drawable.length > 1 ? `${name} (${index + 1})` : name;
      for (const piece of pieces) {
        elements.push({
          id: newId(),
          name: segmentName.slice(0, MAX_NAME),
          form,
          ...(description ? { description } : {}),
          ...(comment ? { comment } : {}),
          ...lineFields(piece),
        });
      }
    });
  }
  return elements.length || waypoints.length
    ? { ok: true, elements, companions: waypoints, skipped, split }
    : { ok: false, reason: "empty" };
}

/** Name, description and comment as OpenLayers' writer takes them (`name`, `desc`, `cmt`), only those given. */
function setTexts(feature: Feature, texts: { name?: string | undefined; description?: string | undefined; comment?: string | undefined }) {
  if (texts.name) feature.set("name", texts.name);
  if (texts.description) feature.set("desc", texts.description);
  if (texts.comment) feature.set("cmt", texts.comment);
}

/** The element's points with elevation (Z) and time (M) where it has them, and the layout that says which. */
function coordinatesOf(element: GpxElement): { coordinates: number[][]; layout: GeometryLayout } {
  const hasZ = !!element.elevations?.some((e) => e !== null);
  const hasM = !!element.times?.some((t) => t !== null);
  const layout: GeometryLayout = hasZ && hasM ? "XYZM" : hasZ ? "XYZ" : hasM ? "XYM" : "XY";
  const coordinates = element.coordinates.map(([lon, lat], i) => [
    lon,
    lat,
    ...(hasZ ? [element.elevations?.[i] ?? 0] : []),
    ...(hasM ? [timeSeconds(element.times?.[i])] : []),
  ]);
  return { coordinates, layout };
}

export function writeGpx(elements: readonly GpxElement[], { title, creator, companions }: KindFileWriteOptions<"point">): string {
  const waypoints = companions.map((point) => {
    const hasZ = point.elevation !== undefined;
    const hasM = point.time !== undefined;
    const layout: GeometryLayout = hasZ && hasM ? "XYZM" : hasZ ? "XYZ" : hasM ? "XYM" : "XY";
    const coordinate = [...point.position, ...(hasZ ? [point.elevation ?? 0] : []), ...(hasM ? [timeSeconds(point.time)] : [])];
    const feature = new Feature(new Point(coordinate, layout));
    setTexts(feature, { name: point.label, description: point.description, comment: point.comment });
    return feature;
  });
  const lines = (form: "route" | "track") =>
    elements
      .filter((element) => (element.form ?? "route") === form)
      .map((element) => {
        const { coordinates, layout } = coordinatesOf(element);
        // OpenLayers writes a LineString as a route and a MultiLineString as a track of its segments.
        const feature = new Feature(form === "track" ? new MultiLineString([coordinates], layout) : new LineString(coordinates, layout));
        setTexts(feature, element);
        return feature;
      });
  // GPX 1.1 orders a file's content: waypoints, then routes, then tracks.
  const features = [...waypoints, ...lines("route"), ...lines("track")];
  const xml = new GPX().writeFeatures(features, { dataProjection: "EPSG:4326", featureProjection: "EPSG:4326" });
  // OpenLayers names itself the creator; the file's creator is this program. The title goes into <metadata>.
  const metadata = title ? `<metadata><name>${escapeXml(title)}</name></metadata>` : "";
  const body = xml.replace('creator="OpenLayers"', `creator="${escapeXml(creator)}"`).replace(/(<gpx\b[^>]*>)/, `$1${metadata}`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

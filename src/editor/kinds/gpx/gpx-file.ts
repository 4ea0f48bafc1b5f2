/**
 * GPX files in and out (spec 2-content §2, "GPX import and export"), with OpenLayers' own GPX format.
 *
 * Import: GPX 1.0 and 1.1. Every track segment and every route becomes one gpx element; waypoints, empty
 * segments and lines of a single point are left out (counted in `skipped`); a byte-order mark, foreign
 * namespaces and extensions (Garmin's gpxtpx) are ignored; elevation and time are dropped. A line longer
 * than the bound on positions per element (MAX_POSITIONS) is split into consecutive elements that share
 * their joint position, so the route stays whole on the map.
 *
 * Export: GPX 1.1 with a creator and the standard namespaces; each element is a route (`<rte>`) with its
 * name, which every GPS tool and route planner opens.
 */
import Feature from "ol/Feature";
import GPX from "ol/format/GPX";
import LineString from "ol/geom/LineString";
import MultiLineString from "ol/geom/MultiLineString";
import type { KindFileRead } from "../types";
import { MAX_POSITIONS, type Position } from "@/lib/elements/common";
import type { GpxElement } from "@/lib/elements/gpx";

/** The `creator` of exported files: the program that wrote them, as GPX 1.1 asks. */
export const GPX_CREATOR = "Skilteplanen";
const GPX_NAMESPACES = ["http://www.topografix.com/GPX/1/0", "http://www.topografix.com/GPX/1/1"];
/** Stored precision (1e-7° is about 1 cm), as the editor stores every position (../geometry.ts). */
const PRECISION = 1e7;
const round = (value: number) => Math.round(value * PRECISION) / PRECISION;
/** Longest element name the schema takes (src/lib/elements/gpx.ts). */
const MAX_NAME = 500;

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
export function splitPositions(positions: Position[]): Position[][] {
  if (positions.length <= MAX_POSITIONS) return [positions];
  const pieces: Position[][] = [];
  for (let start = 0; start < positions.length - 1; start += MAX_POSITIONS - 1) {
    pieces.push(positions.slice(start, start + MAX_POSITIONS));
  }
  return pieces;
}

export function readGpx(text: string, newId: () => string, fileName: string): KindFileRead<"gpx"> {
  const document = gpxDocument(text);
  if (!document) return { ok: false, reason: "notFormat" };
  // Positions stay in lon/lat: the file's projection is the stored one.
  const features = new GPX().readFeatures(document, { dataProjection: "EPSG:4326", featureProjection: "EPSG:4326" });
  const fallbackName = fileName.replace(/\.gpx$/i, "");
  const elements: GpxElement[] = [];
  let skipped = 0;
  let split = 0;
  for (const feature of features) {
    const geometry = feature.getGeometry();
    const lines = geometry instanceof MultiLineString ? geometry.getLineStrings() : geometry instanceof LineString ? [geometry] : null;
    if (!lines) {
      skipped += 1; // a waypoint
      continue;
    }
    const name = String(feature.get("name") ?? "").trim() || fallbackName;
    const drawable = lines
      .map((line) => line.getCoordinates().map(([lon, lat]): Position => [round(lon!), round(lat!)]))
      .filter((positions) => positions.length >= 2);
    skipped += lines.length - drawable.length;
    if (lines.length === 0) skipped += 1; // a track without segments
    drawable.forEach((positions, index) => {
      const pieces = splitPositions(positions);
      if (pieces.length > 1) split += pieces.length;
      const segmentName = drawable.length > 1 ? `${name} (${index + 1})` : name;
      for (const piece of pieces) elements.push({ id: newId(), name: segmentName.slice(0, MAX_NAME), coordinates: piece });
    });
  }
  return elements.length ? { ok: true, elements, skipped, split } : { ok: false, reason: "empty" };
}

export function writeGpx(elements: readonly GpxElement[], title: string): string {
  const features = elements.map((element) => {
    const feature = new Feature(new LineString(element.coordinates));
    if (element.name) feature.set("name", element.name);
    return feature;
  });
  const xml = new GPX().writeFeatures(features, { dataProjection: "EPSG:4326", featureProjection: "EPSG:4326" });
  // OpenLayers names itself the creator; the file's creator is this program. The title goes into <metadata>.
  const metadata = title ? `<metadata><name>${escapeXml(title)}</name></metadata>` : "";
  const body = xml.replace('creator="OpenLayers"', `creator="${GPX_CREATOR}"`).replace(/(<gpx\b[^>]*>)/, `$1${metadata}`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

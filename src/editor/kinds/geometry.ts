/**
 * Stored positions are WGS84 [lon, lat] (DESIGN.md); the map works in Web Mercator. These helpers are
 * the only place the editor converts between the two for element geometry.
 */
import LineString from "ol/geom/LineString";
import Polygon from "ol/geom/Polygon";
import { fromLonLat, getTransform, toLonLat } from "ol/proj";
import type { TransformFunction } from "ol/proj";
import type { Coordinate } from "ol/coordinate";
import type { Position } from "@/lib/elements/common";

/**
 * Stored precision: 1e-7° is about 1 cm on the ground, far below what a plan shows, and it keeps a
 * moved element's JSON from growing 17-digit noise that would make every save larger.
 */
const PRECISION = 1e7;
const round = (value: number) => Math.round(value * PRECISION) / PRECISION;

export function toMapCoordinate(position: Position): Coordinate {
  return fromLonLat(position);
}

export function toPosition(coordinate: Coordinate): Position {
  const [lon, lat] = toLonLat(coordinate);
  return [round(lon!), round(lat!)];
}

/** OpenLayers' own lon/lat → Web Mercator transform (what fromLonLat applies), looked up once. */
let lonLatToMap: TransformFunction | null = null;

function mapTransform(): TransformFunction {
  lonLatToMap ??= getTransform("EPSG:4326", "EPSG:3857");
  if (!lonLatToMap) throw new Error("OpenLayers has no EPSG:4326 → EPSG:3857 transform");
  return lonLatToMap;
}

/**
 * The line in map coordinates, built as OpenLayers stores it (one flat array, transformed in one call)
 * rather than a coordinate array per vertex: a plan opens with thousands of lines.
 */
export function lineStringOf(positions: readonly Position[]): LineString {
  const flat = new Array<number>(positions.length * 2);
  for (let i = 0; i < positions.length; i++) {
    flat[2 * i] = positions[i]![0];
    flat[2 * i + 1] = positions[i]![1];
  }
  mapTransform()(flat, flat, 2);
  return new LineString(flat, "XY");
}

export function positionsOfLineString(geometry: LineString): Position[] {
  return geometry.getCoordinates().map(toPosition);
}

/** An open ring (an area's outline as stored) as a polygon in map coordinates; OpenLayers closes it. */
export function polygonOf(ring: readonly Position[]): Polygon {
  const flat = new Array<number>((ring.length + 1) * 2);
  for (let i = 0; i <= ring.length; i++) {
    const position = ring[i % ring.length]!;
    flat[2 * i] = position[0];
    flat[2 * i + 1] = position[1];
  }
  mapTransform()(flat, flat, 2);
  return new Polygon(flat, "XY", [flat.length]);
}

/** The polygon's outer ring as stored: open (the closing position dropped), in [lon, lat]. */
export function ringOfPolygon(geometry: Polygon): Position[] {
  const ring = geometry.getCoordinates()[0] ?? [];
  const open = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
  return open.map(toPosition);
}

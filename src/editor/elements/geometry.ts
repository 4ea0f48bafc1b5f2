/**
 * Stored positions are WGS84 [lon, lat] (DESIGN.md); the map works in Web Mercator. These helpers are
 * the only place the editor converts between the two for element geometry.
 */
import LineString from "ol/geom/LineString";
import { fromLonLat, toLonLat } from "ol/proj";
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

export function lineStringOf(positions: readonly Position[]): LineString {
  return new LineString(positions.map(toMapCoordinate));
}

export function positionsOfLineString(geometry: LineString): Position[] {
  return geometry.getCoordinates().map(toPosition);
}

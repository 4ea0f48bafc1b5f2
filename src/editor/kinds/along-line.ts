/**
 * Pure helpers for kinds drawn as a pattern along a line (posts of a guardrail, heads of an arrow),
 * where the pattern's sizes are metres on the ground. Work in Web Mercator map coordinates.
 */
import type { Coordinate } from "ol/coordinate";
import type Geometry from "ol/geom/Geometry";
import type LineString from "ol/geom/LineString";

/** Web Mercator's sphere radius (EPSG:3857 uses the WGS84 semi-major axis). */
const MERCATOR_RADIUS = 6378137;

/** Map units per metre on the ground at projected y: Web Mercator stretches by 1/cos(lat) = cosh(y/R). */
export function mapUnitsPerMetre(projectedY: number): number {
  return Math.cosh(projectedY / MERCATOR_RADIUS);
}

/** The projected y halfway up a geometry's extent: where its ground scale is taken. */
export function middleY(geometry: Geometry): number {
  const extent = geometry.getExtent();
  return (extent[1]! + extent[3]!) / 2;
}

/**
 * A size in ground metres that never draws smaller than `minPixels`, rounded to three significant
 * digits so styles built from it can be cached (metres per pixel varies continuously with zoom and
 * latitude).
 */
export function groundSize(metres: number, minPixels: number, metresPerPixel: number): number {
  return Number(Math.max(metres, minPixels * metresPerPixel).toPrecision(3));
}

/**
 * A value derived from a line geometry and a parameter, cached per geometry: style geometry functions
 * run per feature per frame, and a geometry is only re-derived when it changed (a drag moves the
 * feature's geometry in place, bumping its revision) or the parameter did (a zoom).
 */
export function derivedFromLine<P, T>(derive: (coordinates: Coordinate[], parameter: P) => T): (line: LineString, parameter: P) => T {
  const cache = new WeakMap<LineString, { revision: number; parameter: P; value: T }>();
  return (line, parameter) => {
    const revision = line.getRevision();
    const hit = cache.get(line);
    if (hit && hit.revision === revision && hit.parameter === parameter) return hit.value;
    const value = derive(line.getCoordinates(), parameter);
    cache.set(line, { revision, parameter, value });
    return value;
  };
}

/** A unit vector from `from` to `to`, or null when they coincide. */
function direction(from: Coordinate, to: Coordinate): [number, number] | null {
  const dx = to[0]! - from[0]!;
  const dy = to[1]! - from[1]!;
  const length = Math.hypot(dx, dy);
  return length > 0 ? [dx / length, dy / length] : null;
}

/**
 * Short segments across the line every `spacing` map units from its start (the first at the start),
 * each from the line out to `length` map units on its right-hand side (seen in drawing order, y up).
 */
export function ticksAlong(coordinates: readonly Coordinate[], spacing: number, length: number, maxTicks: number): Coordinate[][] {
  const ticks: Coordinate[][] = [];
  let untilNext = 0;
  for (let i = 1; i < coordinates.length; i++) {
    const a = coordinates[i - 1]!;
    const b = coordinates[i]!;
    const unit = direction(a, b);
    if (!unit) continue;
    const segment = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
    // Right-hand normal of the direction (dx, dy) with y up: (dy, -dx).
    const nx = unit[1] * length;
    const ny = -unit[0] * length;
    let at = untilNext;
    for (; at <= segment; at += spacing) {
      if (ticks.length >= maxTicks) return ticks;
      const x = a[0]! + unit[0] * at;
      const y = a[1]! + unit[1] * at;
      ticks.push([
        [x, y],
        [x + nx, y + ny],
      ]);
    }
    untilNext = at - segment;
  }
  return ticks;
}

/** The line shortened by `distance` map units at its end (never to less than a tenth of its last part). */
export function trimEnd(coordinates: readonly Coordinate[], distance: number): Coordinate[] {
  const out = coordinates.slice();
  let left = distance;
  while (out.length > 1 && left > 0) {
    const b = out[out.length - 1]!;
    const a = out[out.length - 2]!;
    const segment = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
    if (segment > left || out.length === 2) {
      const keep = Math.max(segment - left, segment * 0.1);
      const unit = direction(a, b);
      out[out.length - 1] = unit ? [a[0]! + unit[0] * keep, a[1]! + unit[1] * keep] : a;
      return out;
    }
    out.pop();
    left -= segment;
  }
  return out;
}

/** The last vertex and the unit direction the line arrives at it in (zero-length last parts skipped). */
export function endDirection(coordinates: readonly Coordinate[]): { tip: Coordinate; unit: [number, number] } | null {
  const tip = coordinates[coordinates.length - 1];
  if (!tip) return null;
  for (let i = coordinates.length - 2; i >= 0; i--) {
    const unit = direction(coordinates[i]!, tip);
    if (unit) return { tip, unit };
  }
  return null;
}

/**
 * A text's place on a page (y down) beside the segment a → b: its centre and its rotation in radians,
 * turned so it reads left to right whatever the line's direction, `side` -1 above the line as read, +1
 * below, `offset` the distance from the line's middle (a pipe's texts, a dimension's label).
 */
export function readableLabel(a: Coordinate, b: Coordinate, side: -1 | 1, offset: number): { at: Coordinate; rotation: number } {
  let dx = b[0]! - a[0]!;
  let dy = b[1]! - a[1]!;
  // Text runs from left to right; a segment drawn right to left is read the other way. One straight up or
  // down reads as drawn, as OpenLayers' line placement keeps it upright on the screen.
  if (dx < 0) {
    dx = -dx;
    dy = -dy;
  }
  const rotation = Math.atan2(dy, dx);
  // The text's "down" on the page, perpendicular to its baseline.
  const down: Coordinate = [-Math.sin(rotation), Math.cos(rotation)];
  const middle: Coordinate = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
  return { at: [middle[0]! + side * offset * down[0]!, middle[1]! + side * offset * down[1]!], rotation };
}

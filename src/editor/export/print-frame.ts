/**
 * A print is a frame on the ground (DESIGN.md, "Printing"): the map area of the page at a scale 1:S,
 * centred on a point and turned by the map's rotation. On paper 1 mm is S / 1000 m on the ground. In Web
 * Mercator a map unit is cos(latitude) ground metres (OpenLayers' getPointResolution computes it exactly),
 * so the map units per millimetre are taken at the frame's centre: across one frame, even A0 at 1:5000,
 * the factor varies by less than 0.2 %, and the page is true to scale within that.
 */
import { getPointResolution } from "ol/proj";
import { apply, compose, create, invert, type Transform } from "ol/transform";
import type { Coordinate } from "ol/coordinate";
import type { Box } from "./page-layout";

export const MM_PER_INCH = 25.4;
/** A CSS pixel on paper: styles given in screen pixels (a ruler's 2 px line) print at 96 per inch. */
export const MM_PER_CSS_PX = MM_PER_INCH / 96;

export interface PrintFrame {
  /** Centre in the map's projection (EPSG:3857). */
  center: Coordinate;
  /** 1:scale. */
  scale: number;
  /** The map's rotation in radians, as OpenLayers' View has it (the page's up is the view's up). */
  rotation: number;
  /** The map's box on the page, in millimetres. */
  map: Box;
}

/** The WGS84 / GRS80 ellipsoid's flattening (the two differ by 0.1 mm in the semi-minor axis). */
const FLATTENING = 1 / 298.257223563;
const E2 = FLATTENING * (2 - FLATTENING);

/**
 * Ground metres per map unit at a point of the map. Web Mercator projects ellipsoidal latitudes as if
 * they lay on a sphere, so a map unit is cos(φ) × N/a ground metres east–west (N the prime vertical
 * radius) and cos(φ) × M/a north–south (M the meridian radius): 0.22 % apart at 55° N, 0.1 % at 68° N.
 * OpenLayers' getPointResolution gives the spherical cos(φ), 0.22 % short east–west; the geometric mean
 * of the two true values leaves at most half the difference in either direction.
 */
export function groundPerMapUnit(center: Coordinate): number {
  const cosine = getPointResolution("EPSG:3857", 1, center, "m");
  const sin2 = 1 - cosine * cosine;
  const w = 1 - E2 * sin2;
  const primeVertical = 1 / Math.sqrt(w);
  const meridian = (1 - E2) / (w * Math.sqrt(w));
  return cosine * Math.sqrt(primeVertical * meridian);
}

/** Millimetres on paper per map unit, at the frame's centre. */
export function mmPerMapUnit(frame: Pick<PrintFrame, "center" | "scale">): number {
  return (groundPerMapUnit(frame.center) * 1000) / frame.scale;
}

/** Ground metres per CSS pixel on paper: what the kinds' styles get as `metresPerPixel` when printing. */
export function printMetresPerPixel(scale: number): number {
  return (MM_PER_CSS_PX * scale) / 1000;
}

/**
 * Map coordinate → page millimetres. Composed the way OpenLayers composes its coordinate-to-pixel
 * transform (translate to the box's centre, scale with y flipped, turn by −rotation, translate the
 * centre to the origin), so the page shows exactly what a view with this centre and rotation shows.
 */
export function mapToPage(frame: PrintFrame): Transform {
  const k = mmPerMapUnit(frame);
  return compose(
    create(),
    frame.map.x + frame.map.width / 2,
    frame.map.y + frame.map.height / 2,
    k,
    -k,
    -frame.rotation,
    -frame.center[0]!,
    -frame.center[1]!,
  );
}

function pageToMap(frame: PrintFrame): Transform {
  return invert(mapToPage(frame));
}

/** The frame's four corners on the map (top-left, top-right, bottom-right, bottom-left), closed. */
export function frameRing(frame: PrintFrame): Coordinate[] {
  const toMap = pageToMap(frame);
  const { x, y, width, height } = frame.map;
  const corners: Coordinate[] = [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ].map((corner) => apply(toMap, corner.slice()));
  return [...corners, corners[0]!.slice()];
}

/**
 * The export settings' `rotation` is the page's turn as a view's, in degrees (OpenLayers: positive turns
 * the map clockwise on the screen), stored so in the export history. A frame drawn on the map turns the
 * other way: a page whose map is turned 5° clockwise covers a frame turned 5° anticlockwise on the
 * ground. The panel's buttons and its number speak of the frame the user sees, so they go through these.
 */
export function frameTurnOf(rotationDeg: number): number {
  const turn = -rotationDeg;
  return turn === 0 ? 0 : turn; // no -0 on the screen
}

/** The settings' rotation after turning the frame `clockwiseDeg` clockwise on the map. */
export function rotationAfterFrameTurn(rotationDeg: number, clockwiseDeg: number): number {
  return rotationDeg - clockwiseDeg;
}

/** Map units per output pixel for the base map at `dpi`. */
export function mapResolutionAt(frame: Pick<PrintFrame, "center" | "scale">, dpi: number): number {
  return MM_PER_INCH / dpi / mmPerMapUnit(frame);
}

/** The scale (1:S) at which a view's resolution prints at 96 CSS pixels an inch: what a screenshot's page shows. */
export function scaleOfResolution(resolution: number, center: Coordinate): number {
  return (resolution * groundPerMapUnit(center) * 1000) / MM_PER_CSS_PX;
}

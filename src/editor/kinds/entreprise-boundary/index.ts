/**
 * The editor side of the contract boundary (entreprisegrænse): a heavy long-dash–dot line, the
 * conventional boundary line of technical drawings (ISO 128-20 line type 04, "long dashed dotted").
 * Only its colour can change.
 */
import type LineString from "ol/geom/LineString";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import type { EntrepriseBoundaryElement } from "@/lib/elements/entreprise-boundary";

/** No national colour exists for it; a magenta no other kind draws in. */
export const BOUNDARY_MAGENTA = "#c2185b";
/** Line width d in metres: ISO 128's heavy 0.7 mm line on a 1:500 plan. */
export const BOUNDARY_M = 0.35;
/** ISO 128-20's element lengths in multiples of d: long dash 24d, gap 3d, dot 0.5d (drawn d long to show as a square). */
export const BOUNDARY_PATTERN = [24, 3, 1, 3] as const;
/** Zoomed out it keeps 2 px on the screen, so its gaps and dots stay visible (the pattern scales with the drawn width). */
const MIN_BOUNDARY_PX = 2;

const cache = new Map<string, Style[]>();

export function boundaryPixels(metresPerPixel: number, print = false): { width: number; dash: number[] } {
  const width = strokePixels(BOUNDARY_M, metresPerPixel, { print, minPx: MIN_BOUNDARY_PX });
  return { width, dash: BOUNDARY_PATTERN.map((n) => n * width) };
}

export const entrepriseBoundaryEditor: EditorElement<"entrepriseBoundary"> = {
  kind: "entrepriseBoundary",
  // Dash, dot, dash.
  icon: "M1 11h8v2H1z M11 11h2v2h-2z M15 11h8v2h-8z",
  shortcut: "E",
  drawType: "LineString",
  styleFields: [{ key: "colour", type: "colour", default: BOUNDARY_MAGENTA }, LEGEND_TEXT_FIELD],
  legend: (element) => ({ look: lookOf(element.colour ?? BOUNDARY_MAGENTA), detail: null }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry, style): EntrepriseBoundaryElement => ({
    id,
    coordinates: positionsOfLineString(geometry as LineString),
    ...(style.colour ? { colour: style.colour } : {}),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const colour = element.colour ?? BOUNDARY_MAGENTA;
    const { width, dash } = boundaryPixels(metresPerPixel, print);
    const key = `${colour}|${width}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      const stroke = new Style({ stroke: new Stroke({ color: colour, width, lineCap: "butt", lineJoin: "miter", lineDash: dash }) });
      styles = selected ? [selectionHalo(width), stroke] : [stroke];
      if (cache.size > 2000) cache.clear(); // a bounded cache: widths vary with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

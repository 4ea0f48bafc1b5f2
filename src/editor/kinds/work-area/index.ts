/**
 * The editor side of a work area (arbejdsområde; spec 2-content §3, "Line, arrow, work area"): the
 * closed area of the works as Danish traffic plans show it, an outline in its colour and width with
 * diagonal hatching inside in the same colour. Widths and the hatch spacing are metres on the ground, so
 * the area prints true to scale.
 */
import type { FeatureLike } from "ol/Feature";
import { asArray } from "ol/color";
import MultiLineString from "ol/geom/MultiLineString";
import type Polygon from "ol/geom/Polygon";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { polygonOf, ringOfPolygon } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { hatchSegments } from "./hatch";
import { workAreaDefaults, type WorkAreaElement } from "@/lib/elements/work-area";
import { SIGN_PLAN_SITES } from "@/sites/site-ids";

/** Web Mercator's sphere radius: map units per ground metre at y are cosh(y / R). */
const MERCATOR_RADIUS = 6378137;

/**
 * Hatch line spacing on the ground: four outline widths, at least 1 m. The default 0.5 m outline gets
 * 2 m, which prints as 4 mm at 1:500 — open enough to read signs and markings drawn inside the area.
 */
export function hatchSpacingMetres(width: number): number {
  return Math.max(1, 4 * width);
}

/**
 * Below this many screen pixels between hatch lines the hatching reads as a solid tint anyway, so a
 * translucent fill is drawn instead (and no hatch geometry is computed for zoomed-out maps).
 */
export const MIN_HATCH_SPACING_PX = 4;

const hatches = new WeakMap<object, { revision: number; spacing: number; hatch: MultiLineString }>();

/** The hatch of a feature's polygon, cached per geometry revision (recomputed live while it is dragged). */
function hatchOf(feature: FeatureLike, spacingMetres: number): MultiLineString | undefined {
  const polygon = feature.getGeometry() as Polygon | undefined;
  if (!polygon || polygon.getType() !== "Polygon") return undefined;
  const cached = hatches.get(polygon);
  if (cached && cached.revision === polygon.getRevision() && cached.spacing === spacingMetres) return cached.hatch;
  const extent = polygon.getExtent();
  const spacing = spacingMetres * Math.cosh((extent[1]! + extent[3]!) / 2 / MERCATOR_RADIUS);
  const hatch = new MultiLineString(hatchSegments(polygon.getCoordinates(), spacing));
  hatches.set(polygon, { revision: polygon.getRevision(), spacing: spacingMetres, hatch });
  return hatch;
}

const cache = new Map<string, Style[]>();

export const workAreaEditor: EditorElement<"workArea"> = {
  kind: "workArea",
  // A square outline with diagonal hatching.
  icon: "M3 3h18v18H3zm2 2v14h14V5zm0 2 2-2h1.5L5 8.5zm0 5 7-7h1.5L5 13.5zm0 5L17 5h1.5L5 18.5zM8 19l11-11v1.5L9.5 19zm5 0 6-6v1.5L14.5 19z",
  shortcut: "A",
  // A road-works device: the sewer site's toolbar leaves it out.
  sites: SIGN_PLAN_SITES,
  drawType: "Polygon",
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "width", type: "number", unit: "m", min: 0.1, max: 100, step: 0.1 },
    LEGEND_TEXT_FIELD,
  ],
  legend: (element) => ({ look: lookOf(element.colour, element.width), detail: null }),
  toGeometry: (element) => polygonOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: ringOfPolygon(geometry as Polygon) }),
  // Keys in the schema's order, the order the server stores them in, so a saved plan reads back identical.
  create: (id, geometry, style): WorkAreaElement => ({
    id,
    coordinates: ringOfPolygon(geometry as Polygon),
    colour: style.colour ?? workAreaDefaults.colour,
    width: style.width ?? workAreaDefaults.width,
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const outline = strokePixels(element.width, metresPerPixel, { print });
    const spacing = hatchSpacingMetres(element.width);
    const hatched = spacing / metresPerPixel >= MIN_HATCH_SPACING_PX;
    const hatchWidth = hatched ? strokePixels(element.width / 2, metresPerPixel, { print }) : 0;
    const key = `${element.colour}|${outline}|${hatchWidth}|${spacing}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      const border = new Stroke({ color: element.colour, width: outline, lineJoin: "miter" });
      // Zoomed out, tint and outline are one style: one path a frame instead of two.
      const drawn = hatched
        ? [
            new Style({
              geometry: (feature) => hatchOf(feature, spacing),
              stroke: new Stroke({ color: element.colour, width: hatchWidth, lineCap: "butt" }),
            }),
            new Style({ stroke: border }),
          ]
        : [new Style({ fill: new Fill({ color: [...asArray(element.colour).slice(0, 3), 0.25] }), stroke: border })];
      styles = selected ? [selectionHalo(outline), ...drawn] : drawn;
      if (cache.size > 2000) cache.clear(); // a bounded cache: widths vary continuously with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

/**
 * The editor side of a wall (mur): drawn as on Danish plans, a solid dark band of the wall's thickness
 * with a darker edge on both sides, true to scale. Only its colour can change.
 */
import type LineString from "ol/geom/LineString";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import type { WallElement } from "@/lib/elements/wall";
import { SIGN_PLAN_SITES } from "@/sites/site-ids";

export const WALL_GREY = "#4a4a4a";
/**
 * Thickness in metres: a "1½-stens" brick wall, 348 mm with the Danish normal-format brick
 * (228 × 108 × 54 mm), the common garden and boundary wall along a road.
 */
export const WALL_M = 0.35;
/** Zoomed out the wall keeps 3 px on the screen, so its edges and fill stay apart from a plain line's. */
const MIN_WALL_PX = 3;

const cache = new Map<string, Style[]>();

/** A colour (#rgb or #rrggbb) darkened by `factor` (0–1): the wall's edge in its own hue. */
export function darker(colour: string, factor: number): string {
  const hex =
    colour.length === 4
      ? colour
          .slice(1)
          .split("")
          .map((c) => c + c)
          .join("")
      : colour.slice(1);
  const channel = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - factor))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(0)}${channel(2)}${channel(4)}`;
}

export const wallEditor: EditorElement<"wall"> = {
  kind: "wall",
  // Courses of bricks.
  icon: "M2 8h9v3.5H2z M12 8h10v3.5H12z M2 12.5h4V16H2z M7 12.5h10V16H7z M18 12.5h4V16h-4z",
  shortcut: "U",
  // A road-works device: the sewer site's toolbar leaves it out.
  sites: SIGN_PLAN_SITES,
  drawType: "LineString",
  styleFields: [{ key: "colour", type: "colour", default: WALL_GREY }, LEGEND_TEXT_FIELD],
  legend: (element) => ({ look: lookOf(element.colour ?? WALL_GREY), detail: null }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry, style): WallElement => ({
    id,
    coordinates: positionsOfLineString(geometry as LineString),
    ...(style.colour ? { colour: style.colour } : {}),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const colour = element.colour ?? WALL_GREY;
    const width = strokePixels(WALL_M, metresPerPixel, { print, minPx: MIN_WALL_PX });
    const key = `${colour}|${width}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      // The edge is the whole band in the darker colour, the fill the band less a pixel on each side
      // (a third of a band under 3 px, on paper): the wall stays its true thickness.
      styles = [
        new Style({ stroke: new Stroke({ color: darker(colour, 0.55), width, lineCap: "butt", lineJoin: "miter" }) }),
        new Style({ stroke: new Stroke({ color: colour, width: Math.max(width / 3, width - 2), lineCap: "butt", lineJoin: "miter" }) }),
      ];
      if (selected) styles.unshift(selectionHalo(width));
      if (cache.size > 2000) cache.clear(); // a bounded cache: widths vary with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

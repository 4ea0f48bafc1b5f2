/**
 * The editor side of a barrier (afspærring): the red-and-white spærrebom of Danish road works (O 45,
 * BEK om vejafmærkning § 47), seen from above as a band of its board's height with alternating red and
 * white fields of their real length, so it prints true to scale. Only its colour (the red) can change.
 */
import type LineString from "ol/geom/LineString";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import type { BarrierElement } from "@/lib/elements/barrier";
import { SIGN_PLAN_SITES } from "@/sites/site-ids";

/** Traffic red, RAL 3020: the red of Danish O-series boards. */
export const BARRIER_RED = "#cc0605";
/**
 * Width of the band in metres: the board of a spærrebom is 250 mm high (the boards sold for O 43–45 in
 * Denmark are 250 mm; check against BEK 393/2025's annex). Laid flat on the plan it is the band's width.
 */
export const BARRIER_BAND_M = 0.25;
/** Length of one red or white field in metres (0.5 m: six fields on a 3 m board; check as above). */
export const BARRIER_STRIPE_M = 0.5;
/**
 * Smallest band and field on screen, in pixels: at street zoom a true 0.25 m band is under a pixel and
 * its fields blur into pink, so the band keeps 5 px (white with a 1 px red edge) and the fields 4 px.
 * From zoom 21 both are their true size; on paper they always are (0.5 mm and 1 mm at 1:500).
 */
const MIN_BAND_PX = 5;
const MIN_STRIPE_PX = 4;

const WHITE = "#ffffff";
const cache = new Map<string, Style[]>();

/** The barrier's band and field lengths in pixels at a scale; on paper (`print`) true to scale. */
export function barrierPixels(metresPerPixel: number, print = false): { band: number; stripe: number } {
  return {
    band: strokePixels(BARRIER_BAND_M, metresPerPixel, { print, minPx: MIN_BAND_PX }),
    stripe: strokePixels(BARRIER_STRIPE_M, metresPerPixel, { print, minPx: MIN_STRIPE_PX }),
  };
}

export const barrierEditor: EditorElement<"barrier"> = {
  kind: "barrier",
  // A striped board: a frame with filled and empty fields.
  icon: "M2 8h20v8H2zm1 1v6h18V9z M3 9h4v6H3z M11 9h4v6h-4z M19 9h2v6h-2z",
  shortcut: "B",
  // A road-works device: the sewer site's toolbar leaves it out.
  sites: SIGN_PLAN_SITES,
  drawType: "LineString",
  styleFields: [{ key: "colour", type: "colour", default: BARRIER_RED }, LEGEND_TEXT_FIELD],
  legend: (element) => ({ look: lookOf(element.colour ?? BARRIER_RED), detail: null }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry, style): BarrierElement => ({
    id,
    coordinates: positionsOfLineString(geometry as LineString),
    ...(style.colour ? { colour: style.colour } : {}),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const colour = element.colour ?? BARRIER_RED;
    const { band, stripe } = barrierPixels(metresPerPixel, print);
    const fieldsAreSymbols = metresPerPixel > BARRIER_STRIPE_M;
    const key = `${colour}|${band}|${stripe}|${fieldsAreSymbols ? 1 : 0}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      // Two strokes on the same line: the band in red, then the white fields dashed over it, inset to
      // leave a 1 px red edge (white fields stay visible on a white map); a band under 4 px (on paper)
      // keeps a quarter of its width as edge on each side. The red fields are the band
      // showing between them; the offset starts the pattern with a red field. Zoomed out until a true
      // field is under a pixel, the fields are a symbol: red dashes alone, the map showing between them,
      // one stroke instead of two.
      styles = fieldsAreSymbols
        ? [
            new Style({
              stroke: new Stroke({ color: colour, width: band, lineCap: "butt", lineJoin: "miter", lineDash: [stripe, stripe] }),
            }),
          ]
        : [
            new Style({ stroke: new Stroke({ color: colour, width: band, lineCap: "butt", lineJoin: "miter" }) }),
            new Style({
              stroke: new Stroke({
                color: WHITE,
                width: Math.max(band / 2, band - 2),
                lineCap: "butt",
                lineJoin: "miter",
                lineDash: [stripe, stripe],
                lineDashOffset: stripe,
              }),
            }),
          ];
      if (selected) styles.unshift(selectionHalo(band));
      if (cache.size > 2000) cache.clear(); // a bounded cache: the sizes vary with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

/**
 * The editor side of a free line (spec 2-content §3, "Line, arrow, work area"): a stroke whose width is
 * metres on the ground, so it prints true to scale at 1:xxx.
 */
import type LineString from "ol/geom/LineString";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { lineDefaults, type LineElement } from "@/lib/elements/line";

const cache = new Map<string, Style[]>();

export const lineEditor: EditorElement<"line"> = {
  kind: "line",
  // A polyline through three vertices.
  icon: "M3 17.6 8.6 9.2l5.6 4.2L20.3 5l1.6 1.2-7.3 10-5.5-4.1-5.1 7.6z",
  shortcut: "L",
  drawType: "LineString",
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "width", type: "number", unit: "m", min: 0.1, max: 100, step: 0.1 },
    LEGEND_TEXT_FIELD,
  ],
  legend: (element) => ({ look: lookOf(element.colour, element.width), detail: null }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry, style): LineElement => ({
    id,
    colour: style.colour ?? lineDefaults.colour,
    width: style.width ?? lineDefaults.width,
    coordinates: positionsOfLineString(geometry as LineString),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const width = strokePixels(element.width, metresPerPixel, { print });
    const key = `${element.colour}|${width}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      const stroke = new Style({ stroke: new Stroke({ color: element.colour, width, lineCap: "butt", lineJoin: "round" }) });
      styles = selected ? [selectionHalo(width), stroke] : [stroke];
      if (cache.size > 2000) cache.clear(); // a bounded cache: widths vary continuously with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

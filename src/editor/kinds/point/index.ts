/**
 * The editor side of a point (spec 2-content §3, "Point: colour, size in m, optional label"): a filled
 * circle of `sizeInMeters` diameter on the ground in its colour, with its label beside it. The label
 * stays upright and readable when the map rotates.
 */
import Point from "ol/geom/Point";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { toMapCoordinate, toPosition } from "../geometry";
import { labelsShownAt } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { pointDefaults, type PointElement } from "@/lib/elements/point";

/**
 * The circle's radius in CSS pixels: the diameter on the ground at this scale, rounded to a quarter
 * pixel for the cache (on paper, `print`, exact), and never under 2 px so a point stays findable when
 * zoomed out and printed (a symbol, as a sign: 1.06 mm across on paper).
 */
export function pointRadiusPixels(sizeInMeters: number, metresPerPixel: number, print = false): number {
  const radius = sizeInMeters / metresPerPixel / 2;
  return Math.max(2, print ? radius : Math.round(radius * 4) / 4);
}

const LABEL_FONT = "600 13px system-ui, sans-serif";
const cache = new Map<string, Style[]>();

export const pointEditor: EditorElement<"point"> = {
  kind: "point",
  // A filled dot with a short label line beside it.
  icon: "M8 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0zm3-1.25h11v2.5H11z",
  shortcut: "O",
  drawType: "Point",
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "sizeInMeters", type: "number", unit: "m", min: 0.1, max: 100, step: 0.1 },
    { key: "label", type: "text", maxLength: 500 },
    LEGEND_TEXT_FIELD,
  ],
  legend: (element) => ({ look: lookOf(element.colour, element.sizeInMeters), detail: null }),
  toGeometry: (element) => new Point(toMapCoordinate(element.position)),
  withGeometry: (element, geometry) => ({ ...element, position: toPosition((geometry as Point).getCoordinates()) }),
  // Keys in the schema's order, the order the server stores them in, so a saved plan reads back identical.
  create: (id, geometry, style): PointElement => ({
    id,
    position: toPosition((geometry as Point).getCoordinates()),
    colour: style.colour ?? pointDefaults.colour,
    sizeInMeters: style.sizeInMeters ?? pointDefaults.sizeInMeters,
    ...(style.label ? { label: style.label } : {}),
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    const radius = pointRadiusPixels(element.sizeInMeters, metresPerPixel, print);
    // Its label at scales where labels are written (labelsShownAt).
    const label = labelsShownAt(metresPerPixel) ? (element.label ?? "") : "";
    const key = `${element.colour}|${radius}|${selected ? 1 : 0}|${label}`;
    let styles = cache.get(key);
    if (!styles) {
      styles = [];
      if (selected) {
        styles.push(new Style({ image: new CircleStyle({ radius: radius + 3, fill: new Fill({ color: "rgba(21, 98, 173, 0.45)" }) }) }));
      }
      styles.push(
        new Style({
          // A thin white rim keeps a dark point visible on an orthophoto.
          image: new CircleStyle({ radius, fill: new Fill({ color: element.colour }), stroke: new Stroke({ color: "#ffffff", width: 1 }) }),
          text: label
            ? new Text({
                text: label,
                font: LABEL_FONT,
                textAlign: "left",
                offsetX: radius + 5,
                fill: new Fill({ color: "#1a1a1a" }),
                stroke: new Stroke({ color: "#ffffff", width: 3 }),
                rotateWithView: false,
              })
            : undefined,
        }),
      );
      if (cache.size > 2000) cache.clear(); // a bounded cache: radii vary continuously with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

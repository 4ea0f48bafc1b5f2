/**
 * The editor side of a road marking (spec 2-content §3, "Road marking"): the 14 styles of the
 * specification painted as Danish longitudinal markings and hajtænder (./patterns.ts has the numbers and
 * their sources), true to scale: stripe widths, the spacing of dobbeltlinjer and triangle sizes are metres
 * on the ground (offset geometries in map units), and dashes are metres on the ground converted to the
 * canvas' pixels at each scale step. A soft shadow keeps white paint visible on a light map. Zoomed out
 * until a pattern is finer than the screen, it is drawn as the even band it looks like (stripesAtScale).
 */
import type { FeatureLike } from "ol/Feature";
import { asArray } from "ol/color";
import type Geometry from "ol/geom/Geometry";
import LineString from "ol/geom/LineString";
import MultiPolygon from "ol/geom/MultiPolygon";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { lineStringOf, positionsOfLineString } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import {
  bandOf,
  metresPerPixelOfStep,
  offsetPolyline,
  ROAD_MARKING_SUBTYPES,
  scaleStep,
  shapeOf,
  stripesAtScale,
  trianglesAlong,
  type RoadMarkingShape,
} from "./patterns";
import { PAINT, roadMarkingSample } from "./sample";
import { ROAD_MARKING_COLOURS, ROAD_MARKING_STYLES, roadMarkingDefaults, type RoadMarkingElement } from "@/lib/elements/road-marking";
import { SIGN_PLAN_SITES } from "@/sites/site-ids";

/** Web Mercator's sphere radius: a ground metre is cosh(y / R) map units at map y (see element-layer.ts). */
const MERCATOR_RADIUS = 6378137;
/**
 * White paint on a light map would vanish: it gets a soft shadow half a pixel wide on each side. Heavier
 * casings made a thin single line read as two dark lines, i.e. as a dobbeltlinje. Yellow and black paint
 * show on both light maps and aerial photos without one.
 */
const SHADOW_PX = 0.5;
const SHADOW: Record<RoadMarkingElement["colour"], string | null> = { white: "rgba(0, 0, 0, 0.4)", yellow: null, black: null };

// --- geometries derived from a feature's line (offset stripes, triangles), cached per geometry revision ---

const derived = new WeakMap<Geometry, { revision: number; byKey: Map<string, Geometry> }>();

function derivedGeometry(feature: FeatureLike, key: string, make: (line: LineString, unitsPerMetre: number) => Geometry) {
  const line = feature.getGeometry();
  if (!(line instanceof LineString)) return undefined;
  let entry = derived.get(line);
  if (!entry || entry.revision !== line.getRevision()) {
    entry = { revision: line.getRevision(), byKey: new Map() };
    derived.set(line, entry);
  }
  let geometry = entry.byKey.get(key);
  if (!geometry) {
    const extent = line.getExtent();
    geometry = make(line, Math.cosh((extent[1]! + extent[3]!) / 2 / MERCATOR_RADIUS));
    entry.byKey.set(key, geometry);
  }
  return geometry;
}

/** A Style geometry function: the feature's line moved `metres` to its left (negative: right). */
function offsetGeometry(metres: number) {
  if (metres === 0) return undefined;
  return (feature: FeatureLike) =>
    derivedGeometry(
      feature,
      `o${metres}`,
      (line, unitsPerMetre) => new LineString(offsetPolyline(line.getCoordinates() as [number, number][], metres * unitsPerMetre)),
    );
}

function triangleGeometry(shape: Extract<RoadMarkingShape, { type: "triangles" }>) {
  const key = `t${shape.base}|${shape.height}|${shape.gap}|${shape.side}`;
  return (feature: FeatureLike) =>
    derivedGeometry(
      feature,
      key,
      (line, unitsPerMetre) =>
        new MultiPolygon(
          trianglesAlong(line.getCoordinates() as [number, number][], shape, unitsPerMetre).map((corners) => [[...corners, corners[0]!]]),
        ),
    );
}

// --- styles, cached by look and scale step ---------------------------------------------------------------

const cache = new Map<string, Style[]>();

/** A colour with its alpha multiplied by `opacity` (1 leaves it as it is). */
function faded(colour: string, opacity: number): string {
  if (opacity === 1) return colour;
  const [r, g, b, a] = asArray(colour);
  return `rgba(${r}, ${g}, ${b}, ${Math.round(a! * opacity * 1000) / 1000})`;
}

function buildStyles(element: RoadMarkingElement, metresPerPixel: number, selected: boolean, print = false): Style[] {
  const shape = shapeOf(element);
  const paint = PAINT[element.colour];
  const shadow = SHADOW[element.colour];
  const styles: Style[] = [];
  if (selected) {
    const band = bandOf(shape);
    const halo = selectionHalo(strokePixels(band.width, metresPerPixel));
    styles.push(new Style({ stroke: halo.getStroke()!, geometry: offsetGeometry(band.offset) }));
  }
  const stripes = stripesAtScale(shape, metresPerPixel);
  if (!stripes) {
    if (shape.type === "triangles") {
      styles.push(
        new Style({
          geometry: triangleGeometry(shape),
          fill: new Fill({ color: paint }),
          stroke: shadow ? new Stroke({ color: shadow, width: 2 * SHADOW_PX }) : undefined,
        }),
      );
    }
    return styles;
  }
  const painted = stripes.map((stripe) => ({
    geometry: offsetGeometry(stripe.offset),
    width: strokePixels(stripe.width, metresPerPixel, { print }),
    lineDash: stripe.lineDash ?? undefined,
    opacity: stripe.opacity,
  }));
  // All shadows first, so a dobbeltlinje's shadow never covers its other line's paint.
  if (shadow) {
    for (const { geometry, width, lineDash, opacity } of painted) {
      const stroke = new Stroke({ color: faded(shadow, opacity), width: width + 2 * SHADOW_PX, lineDash, lineCap: "butt" });
      styles.push(new Style({ geometry, stroke }));
    }
  }
  for (const { geometry, width, lineDash, opacity } of painted) {
    const stroke = new Stroke({ color: faded(paint, opacity), width, lineDash, lineCap: "butt", lineJoin: "miter" });
    styles.push(new Style({ geometry, stroke }));
  }
  return styles;
}

export const roadMarkingEditor: EditorElement<"roadMarking"> = {
  kind: "roadMarking",
  // Two lanes' worth of marking: an unbroken line above a broken one.
  icon: "M2 7h20v2.2H2zM2 14.8h5v2.2H2zm7.5 0h5v2.2h-5zm7.5 0h5v2.2h-5z",
  shortcut: "D",
  // A road-works device: the sewer site's toolbar leaves it out.
  sites: SIGN_PLAN_SITES,
  drawType: "LineString",
  // Asphalt grey: white paint on a legend's white paper would not show.
  legendGround: "#6b6f74",
  styleFields: [
    { key: "style", type: "choice", options: ROAD_MARKING_STYLES, sample: roadMarkingSample },
    { key: "colour", type: "colour", options: ROAD_MARKING_COLOURS },
    { key: "width", type: "number", unit: "m", min: 0.05, max: 10, step: 0.05 },
    { key: "subtype", type: "choice", options: ROAD_MARKING_SUBTYPES },
    { key: "flip", type: "boolean" },
    LEGEND_TEXT_FIELD,
  ],
  legend: (element, { t }) => ({
    look: lookOf(element.style, element.colour, element.width, element.subtype),
    detail: t(`editor.styleDialog.options.style.${element.style}`),
  }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create: (id, geometry, style): RoadMarkingElement => ({
    id,
    coordinates: positionsOfLineString(geometry as LineString),
    style: style.style ?? roadMarkingDefaults.style,
    colour: style.colour ?? roadMarkingDefaults.colour,
    width: style.width ?? roadMarkingDefaults.width,
    ...(style.subtype ? { subtype: style.subtype } : {}),
    flip: style.flip ?? roadMarkingDefaults.flip,
    ...legendTextFrom(style),
  }),
  style(element, { metresPerPixel, selected, print }) {
    // Paper is drawn once at its exact scale: a step's scale is up to 0.5 % off, and its widths rounded.
    if (print) return buildStyles(element, metresPerPixel, selected, true);
    // Every pixel size comes from the step's scale, so one cached entry is right for its whole step.
    const step = scaleStep(metresPerPixel);
    const key = `${element.style}|${element.colour}|${element.width}|${element.subtype ?? ""}|${element.flip ? 1 : 0}|${selected ? 1 : 0}|${step}`;
    let styles = cache.get(key);
    if (!styles) {
      styles = buildStyles(element, metresPerPixelOfStep(step), selected);
      if (cache.size > 2000) cache.clear(); // bounded: the scale steps through many values while zooming
      cache.set(key, styles);
    }
    return styles;
  },
};

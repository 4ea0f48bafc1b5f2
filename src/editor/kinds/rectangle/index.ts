/**
 * The editor side of a figure (spec 2-content §3, "Figure (rectangle)"): an outline in its colour and a
 * line width in metres on the ground, so it prints true to scale. With `rightAngle` it is a true rectangle from three clicks: the first
 * edge from click 1 to click 2, click 3 sets the width across it; without, a free quadrilateral of four
 * clicks. Web Mercator is conformal, so right angles on the map are right angles on the ground.
 */
import type { Coordinate } from "ol/coordinate";
import type Geometry from "ol/geom/Geometry";
import Polygon from "ol/geom/Polygon";
import type { GeometryFunction } from "ol/interaction/Draw";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import { polygonOf, ringOfPolygon } from "../geometry";
import { selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { rectangleDefaults, type RectangleElement } from "@/lib/elements/rectangle";

/**
 * The rectangle with edge a→b whose opposite edge passes through c (c's distance from the line a–b,
 * measured at right angles, is the width). Corners in order a, b, b + w, a + w.
 */
export function rectangleCorners(a: Coordinate, b: Coordinate, c: Coordinate): Coordinate[] {
  const dx = b[0]! - a[0]!;
  const dy = b[1]! - a[1]!;
  const length = Math.hypot(dx, dy);
  if (length === 0) return [a, b, b, a];
  // Unit normal of a→b, and c's signed distance along it.
  const nx = -dy / length;
  const ny = dx / length;
  const d = (c[0]! - a[0]!) * nx + (c[1]! - a[1]!) * ny;
  return [a, b, [b[0]! + nx * d, b[1]! + ny * d], [a[0]! + nx * d, a[1]! + ny * d]];
}

/**
 * Draw's geometry function for a right-angle figure: the clicks so far (and the pointer) become the
 * rectangle; with only the first edge known it is drawn as that edge.
 */
export const rectangleFromClicks: GeometryFunction = (coordinates, geometry) => {
  const clicks = (coordinates as Coordinate[][])[0] ?? [];
  const [a, b, c] = clicks;
  const ring = !a ? [] : !b ? [a, a] : !c ? [a, b, a] : [...rectangleCorners(a, b, c), a];
  const polygon = (geometry as Polygon | undefined) ?? new Polygon([]);
  polygon.setCoordinates([ring]);
  return polygon;
};

/**
 * A rectangle with corner `moved` dragged to `to`: the opposite corner stays, the edges keep their
 * directions, and the two other corners follow (dragging a corner resizes the rectangle).
 */
export function dragRectangleCorner(corners: readonly Coordinate[], moved: number, to: Coordinate): Coordinate[] {
  const at = (i: number) => corners[(i + 4) % 4]!;
  const opposite = at(moved + 2);
  const next = at(moved + 1);
  const previous = at(moved - 1);
  // Each neighbour lies on one edge through the opposite corner: project the drag onto that edge.
  const along = (edgeEnd: Coordinate): Coordinate => {
    const ex = edgeEnd[0]! - opposite[0]!;
    const ey = edgeEnd[1]! - opposite[1]!;
    const squared = ex * ex + ey * ey;
    if (squared === 0) return opposite;
    const t = ((to[0]! - opposite[0]!) * ex + (to[1]! - opposite[1]!) * ey) / squared;
    return [opposite[0]! + ex * t, opposite[1]! + ey * t];
  };
  const result: Coordinate[] = [];
  result[(moved + 4) % 4] = to;
  result[(moved + 1) % 4] = along(next);
  result[(moved + 3) % 4] = along(previous);
  result[(moved + 2) % 4] = opposite;
  return result;
}

/** The ring of an edited right-angle figure: still a rectangle when exactly one corner was dragged. */
function keptRectangular(
  before: RectangleElement,
  geometry: Polygon,
): { coordinates: RectangleElement["coordinates"]; rightAngle: boolean } {
  const after = ringOfPolygon(geometry);
  if (!before.rightAngle) return { coordinates: after, rightAngle: false };
  // A vertex added or removed (Alt on the outline) leaves no rectangle: the figure becomes free.
  if (after.length !== 4 || before.coordinates.length !== 4) return { coordinates: after, rightAngle: after.length === 4 };
  const moved = after.flatMap((p, i) => (p[0] !== before.coordinates[i]![0] || p[1] !== before.coordinates[i]![1] ? [i] : []));
  if (moved.length !== 1) return { coordinates: after, rightAngle: true }; // moved or turned whole
  const index = moved[0]!;
  const corners = polygonOf(before.coordinates).getCoordinates()[0]!.slice(0, 4);
  const to = geometry.getCoordinates()[0]![index]!;
  const ring = dragRectangleCorner(corners, index, to);
  return { coordinates: ringOfPolygon(new Polygon([[...ring, ring[0]!]])), rightAngle: true };
}

const cache = new Map<string, Style[]>();

export const rectangleEditor: EditorElement<"rectangle"> = {
  kind: "rectangle",
  // A rectangle outline with a right-angle mark in one corner.
  icon: "M2 5h20v14H2zm2 2v10h16V7zm2 2h3v1.5H7.5V12H6z",
  shortcut: "F",
  drawType: "Polygon",
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "width", type: "number", unit: "m", min: 0.1, max: 100, step: 0.1 },
    { key: "rightAngle", type: "boolean" },
    LEGEND_TEXT_FIELD,
  ],
  legend: (element) => ({ look: lookOf(element.colour, element.width), detail: null }),
  toGeometry: (element) => polygonOf(element.coordinates),
  withGeometry: (element, geometry: Geometry) => ({ ...element, ...keptRectangular(element, geometry as Polygon) }),
  // Keys in the schema's order, the order the server stores them in, so a saved plan reads back identical.
  create: (id, geometry, style): RectangleElement => ({
    id,
    coordinates: ringOfPolygon(geometry as Polygon),
    colour: style.colour ?? rectangleDefaults.colour,
    width: style.width ?? rectangleDefaults.width,
    rightAngle: style.rightAngle ?? rectangleDefaults.rightAngle,
    ...legendTextFrom(style),
  }),
  drawOptions: (style) =>
    (style.rightAngle ?? rectangleDefaults.rightAngle)
      ? { maxPoints: 3, minPoints: 3, geometryFunction: rectangleFromClicks }
      : { maxPoints: 4, minPoints: 4 },
  style(element, { metresPerPixel, selected, print }) {
    const width = strokePixels(element.width, metresPerPixel, { print });
    const key = `${element.colour}|${width}|${selected ? 1 : 0}`;
    let styles = cache.get(key);
    if (!styles) {
      const stroke = new Style({ stroke: new Stroke({ color: element.colour, width, lineJoin: "miter" }) });
      styles = selected ? [selectionHalo(width), stroke] : [stroke];
      if (cache.size > 2000) cache.clear(); // a bounded cache: widths vary with zoom
      cache.set(key, styles);
    }
    return styles;
  },
};

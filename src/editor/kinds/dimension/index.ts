/**
 * The editor side of a width dimension (breddemål / breddmått, issue 20): two clicks across the space
 * measured (a footway, a cycle track, a lane) and it is drawn as a CAD dimension: a thin line with a
 * mark across each end and an oblique tick on it, and at its middle, parallel to it and readable
 * whatever its direction or the map's turn, the optional name and the geodesic width in the site's
 * language ("Gångbana 1,5 m"). The width is measured, never typed. Like the ruler it needs true
 * distances, so it is unavailable on a background image without paper size and scale.
 *
 * Its strokes and label have screen sizes (a dimension is an annotation, drawn with a thin pen at any
 * scale); its ends lie where the user clicked, so it prints true to scale.
 */
import { apply } from "ol/transform";
import type { Coordinate } from "ol/coordinate";
import type { FeatureLike } from "ol/Feature";
import LineString from "ol/geom/LineString";
import MultiLineString from "ol/geom/MultiLineString";
import { toLonLat } from "ol/proj";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style, { createEditingStyle } from "ol/style/Style";
import Text from "ol/style/Text";
import { derivedFromLine, mapUnitsPerMetre, readableLabel } from "../along-line";
import { lineStringOf, positionsOfLineString, toMapCoordinate } from "../geometry";
import { formatMetres, groundDistance } from "../measure";
import { pageLocale } from "../page-locale";
import { labelsShownAt, selectionHalo } from "../style-cache";
import type { EditorElement, PaperContext, PaperLayers } from "../types";
import { escapeXml, num, textSvg } from "@/editor/core/svg/svg";
import type { Position } from "@/lib/elements/common";
import { DIMENSION_NAME_MAX, dimensionDefaults, type DimensionElement } from "@/lib/elements/dimension";
import { groundLongestSideM } from "@/lib/map/paper";

/** The pen: 1.5 CSS pixels, 0.4 mm on paper. */
const LINE_PX = 1.5;
/** Half the length of the mark across each end (the extension line), in pixels: 3.7 mm across on paper. */
export const EXTENSION_PX = 7;
/** Half the length of the oblique tick at each end, in pixels. */
export const TICK_PX = 5;
export const LABEL_PX = 12;
const LABEL_FONT = `600 ${LABEL_PX}px system-ui, sans-serif`;
/**
 * From the line to the middle of the label: past the end marks, a gap and half a text line, so a label
 * longer than the width it measures (most are, at plan scales) does not run through the marks.
 */
export const LABEL_OFFSET_PX = EXTENSION_PX + 3 + LABEL_PX / 2;
const HALO_PX = 3;

/**
 * The names offered for what is measured (the style dialog's suggestions, `editor.styleDialog.options.name.*`
 * in the site's language: "Gangsti", "Gångbana", …); the user may type any other.
 */
export const DIMENSION_NAMES = ["footway", "footpath", "cycleTrack", "footCycleTrack", "lane", "carriageway"] as const;

/** The measured width in metres: the geodesic distance between the two ends. */
export function measuredWidth(element: Pick<DimensionElement, "coordinates">): number {
  return groundDistance(element.coordinates[0], element.coordinates[1]);
}

/** The label: the name, if any, and the width to 0.1 m (rounded) or to the centimetre, in the site's language. */
export function dimensionLabel(element: Pick<DimensionElement, "coordinates" | "name" | "rounded">, locale = pageLocale()): string {
  const width = formatMetres(measuredWidth(element), locale, element.rounded ? 1 : 2);
  const name = element.name?.trim();
  return name ? `${name} ${width}` : width;
}

/**
 * The end marks of a dimension from `a` to `b`, in any plane (map units, y up): at each end a mark
 * across the line, `EXTENSION_PX` each way, and a tick at 45° to it, `TICK_PX` each way; `unitsPerPx` is
 * the plane's units per pixel. None when the ends coincide (no direction).
 */
export function dimensionMarks(a: Coordinate, b: Coordinate, unitsPerPx: number): Coordinate[][] {
  const dx = b[0]! - a[0]!;
  const dy = b[1]! - a[1]!;
  const length = Math.hypot(dx, dy);
  if (length === 0) return [];
  const [ux, uy] = [dx / length, dy / length];
  // The left-hand normal (y up), and the tick's direction halfway between it and the line's.
  const [nx, ny] = [-uy, ux];
  const [tx, ty] = [(ux + nx) / Math.SQRT2, (uy + ny) / Math.SQRT2];
  const across = EXTENSION_PX * unitsPerPx;
  const tick = TICK_PX * unitsPerPx;
  return [a, b].flatMap((p) => [
    [
      [p[0]! - nx * across, p[1]! - ny * across],
      [p[0]! + nx * across, p[1]! + ny * across],
    ],
    [
      [p[0]! - tx * tick, p[1]! - ty * tick],
      [p[0]! + tx * tick, p[1]! + ty * tick],
    ],
  ]);
}

/** Map units per pixel at the line's middle, for a ground scale in metres per pixel. */
function unitsPerPixel(a: Coordinate, b: Coordinate, metresPerPixel: number): number {
  return metresPerPixel * mapUnitsPerMetre((a[1]! + b[1]!) / 2);
}

/** The marks of the feature's line as it is now (they follow a drag), at a scale; cached per geometry revision. */
const marksOf = derivedFromLine((coordinates, metresPerPixel: number) => {
  const a = coordinates[0]!;
  const b = coordinates[coordinates.length - 1]!;
  return new MultiLineString(dimensionMarks(a, b, unitsPerPixel(a, b, metresPerPixel)));
});

function marksStyle(stroke: Stroke, metresPerPixel: number): Style {
  return new Style({
    geometry: (feature: FeatureLike) => {
      const line = feature.getGeometry();
      return line instanceof LineString ? marksOf(line, metresPerPixel) : undefined;
    },
    stroke,
  });
}

/**
 * The label on the screen: OpenLayers' line placement on the two-point line, so it is parallel to it,
 * turns with the map and is kept upright; centred on the middle, above the line as read, and written in
 * full (overflow) however short the width is on the screen.
 */
function labelStyle(text: string, colour: string): Style {
  return new Style({
    text: new Text({
      text,
      font: LABEL_FONT,
      placement: "line",
      overflow: true,
      textBaseline: "middle",
      offsetY: -LABEL_OFFSET_PX,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: "#ffffff", width: HALO_PX }),
    }),
  });
}

const cache = new Map<string, Style[]>();

function dimensionStyle(element: DimensionElement, { metresPerPixel, selected }: { metresPerPixel: number; selected: boolean }): Style[] {
  const label = labelsShownAt(metresPerPixel) ? dimensionLabel(element) : "";
  const key = `${element.colour}|${metresPerPixel}|${selected ? 1 : 0}|${label}`;
  let styles = cache.get(key);
  if (!styles) {
    const stroke = new Stroke({ color: element.colour, width: LINE_PX, lineCap: "butt" });
    styles = [
      ...(selected ? [selectionHalo(LINE_PX)] : []),
      new Style({ stroke }),
      marksStyle(stroke, metresPerPixel),
      ...(label ? [labelStyle(label, element.colour)] : []),
    ];
    if (cache.size > 2000) cache.clear(); // bounded: the scale varies continuously with zoom
    cache.set(key, styles);
  }
  return styles;
}

/**
 * The dimension on an exported page: its line and marks at the print's scale (the marks in pen sizes,
 * as on the screen), and its label beside its middle, parallel and read left to right. The label is
 * printed at every scale: on a plan it is what the dimension is for.
 */
export function dimensionPaper(element: DimensionElement, context: PaperContext): Partial<PaperLayers> {
  const mm = context.mmPerPx;
  const [a, b] = element.coordinates.map(toMapCoordinate) as [Coordinate, Coordinate];
  const segments = [[a, b], ...dimensionMarks(a, b, unitsPerPixel(a, b, context.metresPerPixel))];
  const d = segments
    .map((segment) =>
      segment
        .map((point, i) => {
          const [x, y] = apply(context.toPage, point.slice());
          return `${i ? "L" : "M"}${num(x!)} ${num(y!)}`;
        })
        .join(""),
    )
    .join("");
  const colour = escapeXml(element.colour);
  const line = `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${num(LINE_PX * mm)}" stroke-linecap="butt"/>`;
  const { at, rotation } = readableLabel(apply(context.toPage, a.slice()), apply(context.toPage, b.slice()), -1, LABEL_OFFSET_PX * mm);
  const text = textSvg([dimensionLabel(element)], at, {
    sizeMm: LABEL_PX * mm,
    bold: true,
    colour,
    rotation,
    halo: { colour: "#ffffff", widthMm: HALO_PX * mm },
  });
  return { line, text };
}

/** The two ends of a drawn or edited line: its first and last vertex (a vertex added by editing is dropped). */
function endsOf(geometry: LineString): [Position, Position] {
  const positions = positionsOfLineString(geometry);
  return [positions[0]!, positions.at(-1)!];
}

/** OpenLayers' own look of a sketch (the line and the pointer's vertex), made when first drawn. */
let editing: ReturnType<typeof createEditingStyle> | null = null;

/** While drawing, OpenLayers' sketch with the width measured so far beside it, so the second click can be placed by it. */
function sketchStyle(feature: FeatureLike): Style[] {
  editing ??= createEditingStyle();
  const geometry = feature.getGeometry();
  const type = geometry?.getType() ?? "Point";
  const base = editing[type] ?? editing.Point ?? [];
  if (!(geometry instanceof LineString)) return base;
  const coordinates = geometry.getCoordinates();
  const ends = [toLonLat(coordinates[0]!), toLonLat(coordinates.at(-1)!)] as [Position, Position];
  return [...base, labelStyle(formatMetres(groundDistance(ends[0], ends[1]), pageLocale(), 2), "#1a1a1a")];
}

export const dimensionEditor: EditorElement<"dimension"> = {
  kind: "dimension",
  // A dimension: two marks across its ends and the line between them with an arrowhead at each.
  icon: "M2 5h2v14H2zm18 0h2v14h-2zM7 11h10v2H7zm-2.5 1L8 8.5v7zm15 0L16 8.5v7z",
  // W for width: B (bredde, bredd) is the barrier's.
  shortcut: "W",
  drawType: "LineString",
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "name", type: "text", maxLength: DIMENSION_NAME_MAX, suggestions: DIMENSION_NAMES },
    { key: "rounded", type: "boolean" },
  ],
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: endsOf(geometry as LineString) }),
  // Fields in the schema's order, the order the server stores them in.
  create: (id, geometry, style): DimensionElement => ({
    id,
    coordinates: endsOf(geometry as LineString),
    colour: style.colour ?? dimensionDefaults.colour,
    ...(style.name?.trim() ? { name: style.name.trim() } : {}),
    rounded: style.rounded ?? dimensionDefaults.rounded,
  }),
  style: dimensionStyle,
  // Exactly two clicks: across the width measured.
  drawOptions: () => ({ minPoints: 2, maxPoints: 2 }),
  sketchStyle,
  paper: dimensionPaper,
  // As the ruler: without paper size and scale a background image has no true distances.
  unavailable: ({ background }) =>
    background && groundLongestSideM(background.paperSize, background.scale) === null ? "dimensionNeedsScale" : null,
};

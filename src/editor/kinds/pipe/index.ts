/**
 * The editor side of a pipe on a sewer drawing (spec 2-content §3, "Pipe style"): a line whose width is
 * millimetres on the ground, in its colour and one of six dash patterns, with a text above and a text
 * below along its longest stretch, kept readable whatever the pipe's direction or the map's turn. The
 * texts are edited in place on the map (pipe-text-editor.tsx); the pipe types (presets) a user keeps
 * style the next pipe (pipe-presets.tsx). Drawn on the sewer site only.
 */
import { apply } from "ol/transform";
import type { FeatureLike } from "ol/Feature";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import Fill from "ol/style/Fill";
import RegularShape from "ol/style/RegularShape";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { lineStringOf, positionsOfLineString, toMapCoordinate } from "../geometry";
import { labelsShownAt, selectionHalo, strokePixels } from "../style-cache";
import type { EditorElement, PaperContext, PaperLayers, StyleValues } from "../types";
import { LEGEND_TEXT_FIELD, legendTextFrom, lookOf } from "../legend";
import { pageLocale } from "../page-locale";
import { readableLabel } from "../along-line";
import { dashPixels, longestSegment, PIPE_TEXT_FONT, PIPE_TEXT_PX, textOffsetPx } from "./look";
import { pipeSpecifications } from "./specifications";
import { escapeXml, num, textSvg } from "@/editor/core/svg/svg";
import { PIPE_DASH_PATTERNS, pipeDefaults, pipeSpecLabel, type PipeDashPattern, type PipeElement } from "@/lib/elements/pipe";

const TEXT_COLOUR = "#111111";
const textFill = new Fill({ color: TEXT_COLOUR });
const textHalo = new Stroke({ color: "#ffffff", width: 3 });

/** The longest stretch of the feature's line as it is now (it follows a drag), made once per revision. */
const segmentCache = new WeakMap<object, { revision: number; segment: LineString }>();
function longestStretch(feature: FeatureLike): LineString | undefined {
  const geometry = feature.getGeometry();
  if (!(geometry instanceof LineString)) return undefined;
  const hit = segmentCache.get(geometry);
  if (hit?.revision === geometry.getRevision()) return hit.segment;
  const points = geometry.getCoordinates();
  const i = longestSegment(points);
  const segment = new LineString([points[i]!, points[i + 1] ?? points[i]!]);
  segmentCache.set(geometry, { revision: geometry.getRevision(), segment });
  return segment;
}

/** The middle of the longest stretch: where the flow arrow stands. */
const middleOfStretch = (feature: FeatureLike) => {
  const segment = longestStretch(feature);
  return segment && new Point(segment.getCoordinateAt(0.5));
};

/** The flow arrow's size in pixels: visible on a hairline, wider than a wide pipe. */
const arrowRadius = (widthPx: number) => Math.max(7, widthPx * 2);
/** A thin white edge, so the arrow reads on a dark base map without hiding its colour. */
const arrowEdge = new Stroke({ color: "#ffffff", width: 1.5 });

/**
 * The direction the water runs along the longest stretch, clockwise from north in degrees, rounded to a
 * degree so its style can be cached: the pipe is drawn from its upper end to its lower (DOMAIN.md: a fall
 * is marked with an arrow).
 */
export function flowBearing(element: Pick<PipeElement, "coordinates">): number {
  const points = element.coordinates.map(toMapCoordinate);
  const i = longestSegment(points);
  const [a, b] = [points[i]!, points[i + 1] ?? points[i]!];
  return Math.round((Math.atan2(b[0]! - a[0]!, b[1]! - a[1]!) * 180) / Math.PI);
}

/**
 * A text along the pipe: OpenLayers' line placement on the one straight stretch, so it turns with the
 * map and is kept upright; the offset across it is in the text's own frame, so "above" stays above the
 * pipe as it is read. Overflow: a short pipe still shows its text.
 */
function textStyle(text: string, offsetY: number): Style {
  return new Style({
    geometry: longestStretch,
    text: new Text({
      text,
      font: PIPE_TEXT_FONT,
      placement: "line",
      overflow: true,
      textBaseline: "middle",
      offsetY,
      fill: textFill,
      stroke: textHalo,
    }),
  });
}

/** The pipe's look at a scale: stroke width and dash in pixels, on paper (`print`) true to scale. */
function strokeOf(element: PipeElement, metresPerPixel: number, print = false): { width: number; dash: number[] | null } {
  const width = strokePixels(element.widthMm / 1000, metresPerPixel, { print });
  return { width, dash: dashPixels(element.dashPattern, metresPerPixel, width, print) };
}

const cache = new Map<string, Style[]>();

function pipeStyle(element: PipeElement, { metresPerPixel, selected }: { metresPerPixel: number; selected: boolean }): Style[] {
  const { width, dash } = strokeOf(element, metresPerPixel);
  const labelled = labelsShownAt(metresPerPixel);
  const above = labelled ? element.textAbove.trim() : "";
  const below = labelled ? element.textBelow.trim() : "";
  // A pipe with a fall shows which way it runs.
  const bearing = element.fallPerMille !== undefined ? flowBearing(element) : null;
  const key = `${element.colour}|${width}|${dash?.join(",") ?? ""}|${selected ? 1 : 0}|${above}|${below}|${bearing ?? ""}`;
  let styles = cache.get(key);
  if (!styles) {
    const offset = textOffsetPx(width);
    styles = [
      ...(selected ? [selectionHalo(width)] : []),
      new Style({ stroke: new Stroke({ color: element.colour, width, lineDash: dash ?? undefined, lineCap: "butt", lineJoin: "round" }) }),
      ...(above ? [textStyle(above, -offset)] : []),
      ...(below ? [textStyle(below, offset)] : []),
      ...(bearing !== null
        ? [
            new Style({
              geometry: middleOfStretch,
              image: new RegularShape({
                points: 3,
                radius: arrowRadius(width),
                fill: new Fill({ color: element.colour }),
                stroke: arrowEdge,
                rotation: (bearing * Math.PI) / 180,
                rotateWithView: true,
              }),
            }),
          ]
        : []),
    ];
    if (cache.size > 2000) cache.clear(); // bounded: widths and dashes vary continuously with zoom
    cache.set(key, styles);
  }
  return styles;
}

/**
 * The pipe on an exported page: its line as the map draws it at the print's scale, and its texts
 * straight beside its longest stretch, read left to right (the map's line placement, laid out on paper).
 */
function pipePaper(element: PipeElement, context: PaperContext): Partial<PaperLayers> {
  const mm = context.mmPerPx;
  const { width, dash } = strokeOf(element, context.metresPerPixel, true);
  const points = element.coordinates.map((p) => apply(context.toPage, toMapCoordinate(p)));
  const d = points.map((p, i) => `${i ? "L" : "M"}${num(p[0]!)} ${num(p[1]!)}`).join("");
  const dasharray = dash ? ` stroke-dasharray="${dash.map((part) => num(part * mm)).join(" ")}"` : "";
  const line = `<path d="${d}" fill="none" stroke="${escapeXml(element.colour)}" stroke-width="${num(width * mm)}" stroke-linecap="butt" stroke-linejoin="round"${dasharray}/>`;
  const i = longestSegment(points);
  const [a, b] = [points[i]!, points[i + 1]!];
  let image = "";
  if (element.fallPerMille !== undefined) {
    // The flow arrow: a triangle on the pipe pointing from its first point towards its last.
    const length = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!) || 1;
    const [ux, uy] = [(b[0]! - a[0]!) / length, (b[1]! - a[1]!) / length];
    const r = arrowRadius(width) * mm;
    const [mx, my] = [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
    const corner = (angle: number) => [
      mx + r * (ux * Math.cos(angle) - uy * Math.sin(angle)),
      my + r * (ux * Math.sin(angle) + uy * Math.cos(angle)),
    ];
    const corners = [0, (2 * Math.PI) / 3, (4 * Math.PI) / 3].map(corner);
    const d = `M${corners.map(([x, y]) => `${num(x!)} ${num(y!)}`).join("L")}Z`;
    image =
      `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${num(1.5 * mm)}" stroke-linejoin="round"/>` +
      `<path d="${d}" fill="${escapeXml(element.colour)}"/>`;
  }
  if (!labelsShownAt(context.metresPerPixel)) return { line, image };
  const offset = textOffsetPx(width) * mm;
  let text = "";
  for (const [value, side] of [
    // A legend's sample comes without its texts (paper-svg's sampleSvg leaves labels out).
    [element.textAbove?.trim() ?? "", -1],
    [element.textBelow?.trim() ?? "", 1],
  ] as const) {
    if (!value) continue;
    const { at, rotation } = readableLabel(a, b, side, offset);
    text += textSvg([value], at, {
      sizeMm: PIPE_TEXT_PX * mm,
      bold: true,
      colour: TEXT_COLOUR,
      rotation,
      halo: { colour: "#ffffff", widthMm: 3 * mm },
    });
  }
  return { line, image, text };
}

/** A dash pattern drawn as the picker's sample (120 × 24): the pipe's colour, 3 px wide, a metre 10 px. */
export function pipeSample(pattern: string, values: Readonly<StyleValues>): string {
  const known = (PIPE_DASH_PATTERNS as readonly string[]).includes(pattern) ? (pattern as PipeDashPattern) : "solid";
  const colour = typeof values.colour === "string" && /^#[0-9a-f]{3,6}$/i.test(values.colour) ? values.colour : pipeDefaults.colour;
  const dash = dashPixels(known, 0.1, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="24" viewBox="0 0 120 24"><path d="M4 12H116" stroke="${colour}" stroke-width="3"${
    dash ? ` stroke-dasharray="${dash.join(" ")}"` : ""
  }/></svg>`;
}

/** The site's language for numbers in a pipe's label ("2,5 ‰"). */
const decimal = (value: number) => new Intl.NumberFormat(pageLocale(), { maximumFractionDigits: 1 }).format(value);

/** The fields a new pipe copies from the drawing style (a preset chosen, or the style dialog's values). */
const COPIED = ["presetId", "presetName", "dimension", "material", "fallPerMille", "waterKind"] as const;

export const pipeEditor: EditorElement<"pipe"> = {
  kind: "pipe",
  // A pipe in section: two walls and the flow arrow between them.
  icon: "M2 7h20v2H2zm0 8h20v2H2zm4-3.9h9V9.5l4 2.5-4 2.5v-1.6H6z",
  shortcut: "R",
  drawType: "LineString",
  sites: ["kloakplanen"],
  // A sewer drawing's title block lists its types of pipe, so its reader can tell the lines apart.
  titleTable: (pipes, { t, locale }) =>
    pipeSpecifications(pipes, {
      waterKind: (kind) => t(`editorPipes.waterKinds.${kind}`),
      pipe: t("editorExport.pipeTypes.pipe"),
      locale,
    }),
  styleFields: [
    { key: "colour", type: "colour" },
    { key: "widthMm", type: "number", unit: "mm", min: 1, max: 5000, step: 10 },
    { key: "dashPattern", type: "choice", options: PIPE_DASH_PATTERNS, sample: pipeSample },
    { key: "textAbove", type: "text", maxLength: 200 },
    { key: "textBelow", type: "text", maxLength: 200 },
    { key: "dimension", type: "number", unit: "mm", min: 1, max: 5000, step: 1 },
    { key: "material", type: "text", maxLength: 40 },
    { key: "fallPerMille", type: "number", unit: "‰", min: 0, max: 1000, step: 0.5 },
    LEGEND_TEXT_FIELD,
  ],
  // A pipe type is named by its preset, else by its kind of water: two unnamed rows of "Ledning" say nothing.
  legend: (element, { t }) => ({
    look: lookOf(element.presetName, element.waterKind, element.colour, element.dashPattern, element.widthMm),
    detail: element.presetName?.trim() || (element.waterKind ? t(`editorPipes.waterKinds.${element.waterKind}`) : null),
  }),
  toGeometry: (element) => lineStringOf(element.coordinates),
  withGeometry: (element, geometry) => ({ ...element, coordinates: positionsOfLineString(geometry as LineString) }),
  create(id, geometry, style): PipeElement {
    const copied = Object.fromEntries(COPIED.filter((key) => style[key] !== undefined).map((key) => [key, style[key]]));
    const pipe: PipeElement = {
      id,
      coordinates: positionsOfLineString(geometry as LineString),
      ...copied,
      colour: style.colour ?? pipeDefaults.colour,
      widthMm: style.widthMm ?? pipeDefaults.widthMm,
      dashPattern: style.dashPattern ?? pipeDefaults.dashPattern,
      textAbove: style.textAbove ?? pipeDefaults.textAbove,
      textBelow: style.textBelow ?? pipeDefaults.textBelow,
      ...legendTextFrom(style),
    };
    // A pipe with data but no text above is labelled as a kloakmester labels it: "110 PP 20 ‰".
    if (!pipe.textAbove) pipe.textAbove = pipeSpecLabel(pipe, decimal);
    return pipe;
  },
  style: pipeStyle,
  paper: pipePaper,
};

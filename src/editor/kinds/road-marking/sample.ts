/**
 * A road-marking style drawn as a small SVG (120 × 24) for the style picker and the toolbar: a piece of
 * road 24 m long, painted as the map paints it. Along the line 5 px is a metre, so a 12 m module of
 * vognbanelinje shows twice; across it 20 px is a metre, so a 0.10 m line is 2 px and a dobbeltlinje's two
 * lines stay apart (a true-scale 0.1 m at 5 px/m would be half a pixel). Hajtænder keep their true shape
 * at 20 px/m. White and yellow paint lie on asphalt grey; black paint on light grey.
 */
import { NARROW_LINE_M, shapeOf, trianglesAlong, type RoadMarkingStyle } from "./patterns";
import { ROAD_MARKING_STYLES, roadMarkingDefaults, type RoadMarkingElement } from "@/lib/elements/road-marking";
import type { StyleValues } from "../types";

const WIDTH_PX = 120;
const HEIGHT_PX = 24;
const ALONG_PX_PER_M = 5;
const ACROSS_PX_PER_M = 20;
const ASPHALT = "#4d5054";
const LIGHT_GROUND = "#d9dcdf";

/** The paint colours on screen: white, RAL 1003-like yellow of temporary markings, black. */
export const PAINT: Record<RoadMarkingElement["colour"], string> = {
  white: "#ffffff",
  yellow: "#f5c400",
  black: "#141414",
};

const colourOf = (value: unknown): RoadMarkingElement["colour"] =>
  value === "yellow" || value === "black" ? value : value === "white" ? "white" : roadMarkingDefaults.colour;

const round = (n: number) => Math.round(n * 100) / 100;

/** The SVG markup of `style` with the dialog's other values (colour, width, subtype, flip). */
export function roadMarkingSample(style: string, values: Readonly<StyleValues>): string {
  const colour = colourOf(values.colour);
  const paint = PAINT[colour];
  const width = typeof values.width === "number" && values.width > 0 ? values.width : NARROW_LINE_M;
  const known = (ROAD_MARKING_STYLES as readonly string[]).includes(style) ? (style as RoadMarkingStyle) : "solid";
  const shape = shapeOf({
    style: known,
    // The sample stays readable for any width the dialog holds.
    width: Math.min(width, 0.4),
    subtype: typeof values.subtype === "string" ? values.subtype : undefined,
    flip: values.flip === true,
  });
  const parts: string[] = [`<rect width="${WIDTH_PX}" height="${HEIGHT_PX}" fill="${colour === "black" ? LIGHT_GROUND : ASPHALT}"/>`];
  const middle = HEIGHT_PX / 2;
  if (shape.type === "triangles") {
    // Drawn left to right: the map's "left of the drawing direction" is up here.
    const line: [number, number][] = [
      [0, 0],
      [WIDTH_PX / ACROSS_PX_PER_M, 0],
    ];
    const base = middle + (shape.side * shape.height * ACROSS_PX_PER_M) / 2;
    for (const corners of trianglesAlong(line, shape, 1)) {
      const points = corners.map(([x, y]) => `${round(x * ACROSS_PX_PER_M)},${round(base - y * ACROSS_PX_PER_M)}`).join(" ");
      parts.push(`<polygon points="${points}" fill="${paint}"/>`);
    }
  } else {
    for (const stripe of shape.stripes) {
      const y = round(middle - stripe.offset * ACROSS_PX_PER_M);
      const dash = stripe.dash
        ? ` stroke-dasharray="${round(stripe.dash[0] * ALONG_PX_PER_M)} ${round(stripe.dash[1] * ALONG_PX_PER_M)}"`
        : "";
      parts.push(
        `<line x1="0" y1="${y}" x2="${WIDTH_PX}" y2="${y}" stroke="${paint}" stroke-width="${round(Math.max(1, stripe.width * ACROSS_PX_PER_M))}"${dash}/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH_PX}" height="${HEIGHT_PX}" viewBox="0 0 ${WIDTH_PX} ${HEIGHT_PX}">${parts.join("")}</svg>`;
}

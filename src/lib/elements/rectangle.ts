/** A figure (spec 2-content §3, "Figure (rectangle)"): an outline, by default with right angles. */
import * as z from "zod";
import { colourSchema, defineElement, drawingWidthSchema, elementObject, ringSchema, legendTextSchema } from "./common";

export const rectangleSchema = elementObject(() => ({
  /** The corners as an open ring of [lon, lat] (see `ringSchema`): 4 positions for a rectangle. */
  coordinates: ringSchema,
  colour: colourSchema,
  /** Outline width in metres on the ground, 0.1 to 100, so a figure prints true to scale like a line (message key `drawingWidth`). */
  width: drawingWidthSchema,
  /** Drawing keeps the corners at right angles (a true rectangle) instead of a free quadrilateral. */
  rightAngle: z.boolean(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type RectangleElement = z.output<typeof rectangleSchema>;

/** The kind is called rectangle, so right angles are what a user expects first. */
export const rectangleDefaults = { colour: "#000000", width: 0.5, rightAngle: true } as const satisfies Partial<RectangleElement>;

/**
 * Version 1 held `lineWidth` in screen pixels, so a figure did not print to scale like every other
 * drawing. As metres it is that many pixels at the plans' reference scale, 0.25 m a pixel (the editor's
 * text size is defined at the same scale): the old default 2 px becomes the lines' default 0.5 m.
 */
export const PIXEL_WIDTH_METRES = 0.25;

/** Version 2: `width` in metres replaces version 1's `lineWidth` in pixels. */
export const version = 2;
export function migrate(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || !("lineWidth" in raw) || "width" in raw) return raw;
  const { lineWidth, ...rest } = raw as { lineWidth: unknown };
  if (typeof lineWidth !== "number") return raw;
  return { ...rest, width: Math.min(100, Math.max(0.1, Math.round(lineWidth * PIXEL_WIDTH_METRES * 100) / 100)) };
}

export const rectangleDefinition = defineElement({
  kind: "rectangle",
  listKey: "rectangles",
  schema: rectangleSchema,
  defaults: rectangleDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "area",
});

/** A free line (spec 2-content §3, "Line, arrow, work area"). */
import type * as z from "zod";
import {
  colourSchema,
  defineElement,
  drawingWidthSchema,
  elementObject,
  lineCoordinatesSchema,
  migrateIdentity,
  legendTextSchema,
} from "./common";

export const lineSchema = elementObject(() => ({
  /** [lon, lat] positions in drawing order. */
  coordinates: lineCoordinatesSchema,
  colour: colourSchema,
  /** Stroke width in metres on the ground, 0.1 to 100 (message key `drawingWidth`). */
  width: drawingWidthSchema,
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type LineElement = z.output<typeof lineSchema>;

/** 0.5 m reads as a clear line at street zoom levels and prints visibly at 1:500. */
export const lineDefaults = { colour: "#000000", width: 0.5 } as const satisfies Partial<LineElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const lineDefinition = defineElement({
  kind: "line",
  listKey: "lines",
  schema: lineSchema,
  defaults: lineDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

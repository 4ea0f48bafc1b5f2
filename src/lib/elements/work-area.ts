/** The area closed for the works (spec 2-content §3, "Line, arrow, work area"). */
import type * as z from "zod";
import { colourSchema, defineElement, drawingWidthSchema, elementObject, migrateIdentity, ringSchema, legendTextSchema } from "./common";

export const workAreaSchema = elementObject(() => ({
  /** The outline as an open ring of [lon, lat] (see `ringSchema`). */
  coordinates: ringSchema,
  colour: colourSchema,
  /** Outline width in metres on the ground, 0.1 to 100 (message key `drawingWidth`). */
  width: drawingWidthSchema,
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type WorkAreaElement = z.output<typeof workAreaSchema>;

/** Red is the usual colour of the closed area on Danish traffic plans. */
export const workAreaDefaults = { colour: "#ff0000", width: 0.5 } as const satisfies Partial<WorkAreaElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const workAreaDefinition = defineElement({
  kind: "workArea",
  listKey: "workAreas",
  schema: workAreaSchema,
  defaults: workAreaDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "area",
});

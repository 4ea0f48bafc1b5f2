/** A track imported from a GPX file. Its list key is `gpx` (singular), as the specification names it. */
import * as z from "zod";
import { defineElement, elementObject, lineCoordinatesSchema, migrateIdentity, legendTextSchema } from "./common";

export const gpxSchema = elementObject(() => ({
  /** The track's name from the file, or the file name; may be empty. */
  name: z.string().max(500),
  /** [lon, lat] track points; any elevation is dropped on import. */
  coordinates: lineCoordinatesSchema,
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type GpxElement = z.output<typeof gpxSchema>;

export const gpxDefaults = { name: "" } as const satisfies Partial<GpxElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const gpxDefinition = defineElement({
  kind: "gpx",
  listKey: "gpx",
  schema: gpxSchema,
  defaults: gpxDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

/** A point marker (spec 2-content §3, "Point"). */
import * as z from "zod";
import { colourSchema, defineElement, elementObject, freeTextSchema, migrateIdentity, positionSchema, legendTextSchema } from "./common";
import { gpxTimeSchema } from "./gpx";

export const pointSchema = elementObject(() => ({
  /** [lon, lat] of the point's centre. */
  position: positionSchema,
  colour: colourSchema,
  /** Diameter on the ground in metres. */
  sizeInMeters: z.number().positive().max(100),
  label: z.string().max(500).optional(),
  /**
   * What a GPX file's waypoint held besides its position and name (the name is the label): elevation in
   * metres (`<ele>`), time (`<time>`), description (`<desc>`) and comment (`<cmt>`), written back when the
   * point is exported to a GPX file.
   */
  elevation: z.number().optional(),
  time: gpxTimeSchema.optional(),
  description: freeTextSchema.optional(),
  comment: freeTextSchema.optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type PointElement = z.output<typeof pointSchema>;

/** 1 m: visible at street zoom without covering a lane. */
export const pointDefaults = { colour: "#ff0000", sizeInMeters: 1 } as const satisfies Partial<PointElement>;

/** Version 1: the first stored shape; `migrate` is the identity. The waypoint fields came later as optional fields. */
export const version = 1;
export const migrate = migrateIdentity;

export const pointDefinition = defineElement({
  kind: "point",
  listKey: "points",
  schema: pointSchema,
  defaults: pointDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "point",
});

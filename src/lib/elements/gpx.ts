/** A track or route imported from a GPX file, or drawn. Its list key is `gpx` (singular), as the specification names it. */
import * as z from "zod";
import {
  MAX_POSITIONS,
  defineElement,
  elementObject,
  freeTextSchema,
  lineCoordinatesSchema,
  migrateIdentity,
  legendTextSchema,
} from "./common";

/** A moment as GPX writes it (`<time>`): an ISO 8601 date and time in UTC or with an offset. */
export const gpxTimeSchema = z.iso.datetime({ offset: true });

export const gpxSchema = elementObject(() => ({
  /** The track's name from the file, or the file name; may be empty. */
  name: z.string().max(500),
  /** [lon, lat] track points. */
  coordinates: lineCoordinatesSchema,
  /**
   * What the file held it as: a recorded `track` (`<trk>`) or a planned `route` (`<rte>`), so an export
   * writes it back as the same. Absent: a route (drawn in the editor, or imported before this was kept).
   */
  form: z.enum(["track", "route"]).optional(),
  /** The file's description (`<desc>`) and comment (`<cmt>`) of the line, written back on export. */
  description: freeTextSchema.optional(),
  comment: freeTextSchema.optional(),
  /**
   * Elevation in metres (`<ele>`) of each of `coordinates`, in the same order; null where the file gave
   * none. Absent when the file gave none at all. Kept so an export gives the customer's file back.
   */
  elevations: z.array(z.number().nullable()).max(MAX_POSITIONS).optional(),
  /** Time (`<time>`) of each of `coordinates`, as `elevations`. */
  times: z.array(gpxTimeSchema.nullable()).max(MAX_POSITIONS).optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
})).refine(
  // One value a point: a list of another length belongs to another line.
  (element) => [element.elevations, element.times].every((values) => !values || values.length === element.coordinates.length),
  { error: "invalidValue", path: ["elevations"] },
);
export type GpxElement = z.output<typeof gpxSchema>;

export const gpxDefaults = { name: "" } as const satisfies Partial<GpxElement>;

/**
 * Version 1: the first stored shape; `migrate` is the identity. `form`, `description`, `comment`,
 * `elevations` and `times` came later as optional fields, so every stored element is still valid.
 */
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

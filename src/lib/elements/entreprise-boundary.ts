/** The boundary of the contractor's site (entreprisegrænse), drawn as a line. Its look is fixed by the kind; only the colour can be changed. */
import type * as z from "zod";
import { colourSchema, defineElement, elementObject, lineCoordinatesSchema, migrateIdentity, legendTextSchema } from "./common";

export const entrepriseBoundarySchema = elementObject(() => ({
  /** The line, [lon, lat] positions in drawing order. */
  coordinates: lineCoordinatesSchema,
  /** Absent means the kind's own colour. */
  colour: colourSchema.optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type EntrepriseBoundaryElement = z.output<typeof entrepriseBoundarySchema>;

export const entrepriseBoundaryDefaults = {} as const satisfies Partial<EntrepriseBoundaryElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const entrepriseBoundaryDefinition = defineElement({
  kind: "entrepriseBoundary",
  listKey: "entrepriseBoundaries",
  schema: entrepriseBoundarySchema,
  defaults: entrepriseBoundaryDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

/** A wall drawn as a line. Its look is fixed by the kind; only the colour can be changed. */
import type * as z from "zod";
import { colourSchema, defineElement, elementObject, lineCoordinatesSchema, migrateIdentity, legendTextSchema } from "./common";

export const wallSchema = elementObject(() => ({
  /** The line, [lon, lat] positions in drawing order. */
  coordinates: lineCoordinatesSchema,
  /** Absent means the kind's own colour. */
  colour: colourSchema.optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type WallElement = z.output<typeof wallSchema>;

export const wallDefaults = {} as const satisfies Partial<WallElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const wallDefinition = defineElement({
  kind: "wall",
  listKey: "walls",
  schema: wallSchema,
  defaults: wallDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

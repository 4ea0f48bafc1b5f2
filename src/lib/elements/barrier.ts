/** A barrier (spærring) drawn as a line. Its look is fixed by the kind; only the colour can be changed. */
import type * as z from "zod";
import { colourSchema, defineElement, elementObject, lineCoordinatesSchema, migrateIdentity, legendTextSchema } from "./common";

export const barrierSchema = elementObject(() => ({
  /** The line, [lon, lat] positions in drawing order. */
  coordinates: lineCoordinatesSchema,
  /** Absent means the kind's own colour. */
  colour: colourSchema.optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type BarrierElement = z.output<typeof barrierSchema>;

export const barrierDefaults = {} as const satisfies Partial<BarrierElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const barrierDefinition = defineElement({
  kind: "barrier",
  listKey: "barriers",
  schema: barrierSchema,
  defaults: barrierDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

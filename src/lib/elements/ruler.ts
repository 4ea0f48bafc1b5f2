/** A measuring line: the editor labels each segment and the total with its geodesic length. */
import type * as z from "zod";
import { defineElement, elementObject, lineCoordinatesSchema, migrateIdentity } from "./common";

export const rulerSchema = elementObject(() => ({
  /** [lon, lat] positions in drawing order; lengths are computed, never stored. */
  coordinates: lineCoordinatesSchema,
}));
export type RulerElement = z.output<typeof rulerSchema>;

export const rulerDefaults = {} as const satisfies Partial<RulerElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const rulerDefinition = defineElement({
  kind: "ruler",
  listKey: "rulers",
  schema: rulerSchema,
  defaults: rulerDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

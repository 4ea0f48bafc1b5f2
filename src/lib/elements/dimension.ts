/**
 * A width dimension (breddemål / breddmått): the measured width of a footway, cycle track or lane drawn
 * across it, as a TA-plan must show the widths that remain beside the work (issue 20; Göteborg's
 * instructions for TA-plans). Its label is the optional name and the measured geodesic width; the width
 * is computed from the two positions, never stored or typed.
 */
import * as z from "zod";
import { colourSchema, defineElement, elementObject, migrateIdentity, positionSchema } from "./common";

/** Longest name before the measured width: a word or two ("Gångbana", "GC-bana"), not a paragraph. */
export const DIMENSION_NAME_MAX = 60;

export const dimensionSchema = elementObject(() => ({
  /** The two ends of the measured width, [lon, lat], in drawing order. */
  coordinates: z.tuple([positionSchema, positionSchema]),
  colour: colourSchema,
  /** What is measured ("Gangsti", "Körfält"), written before the width; absent or blank for the width alone. */
  name: z.string().max(DIMENSION_NAME_MAX).optional(),
  /** True: the width is written to 0.1 m ("1,5 m"); false: to the centimetre ("1,53 m"). */
  rounded: z.boolean(),
}));
export type DimensionElement = z.output<typeof dimensionSchema>;

/** Black, as dimensions are drawn on a plan; rounded to 0.1 m, the precision a width is read from a map with. */
export const dimensionDefaults = { colour: "#000000", rounded: true } as const satisfies Partial<DimensionElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const dimensionDefinition = defineElement({
  kind: "dimension",
  listKey: "dimensions",
  schema: dimensionSchema,
  defaults: dimensionDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

/** A pipe on a sewer drawing (spec 2-content §3, "Pipe style" and "Pipe preset"). */
import * as z from "zod";
import { colourSchema, defineElement, elementObject, freeTextSchema, lineCoordinatesSchema, migrateIdentity } from "./common";

export const PIPE_DASH_PATTERNS = ["solid", "standard", "short", "long", "long-short", "long-long-short"] as const;

export const pipeSchema = elementObject(() => ({
  /** [lon, lat] positions in drawing order (the flow direction is not implied). */
  coordinates: lineCoordinatesSchema,
  /** The user's pipe preset it was drawn with; the style below is a copy, so a deleted preset changes nothing. */
  presetId: z.string().min(1).max(64).optional(),
  colour: colourSchema,
  /** Pipe diameter in millimetres; 5000 mm bounds the largest culverts. */
  widthMm: z.number().positive().max(5_000),
  dashPattern: z.enum(PIPE_DASH_PATTERNS),
  /** Texts shown above and below the pipe, edited in place on the map; may be empty. */
  textAbove: freeTextSchema,
  textBelow: freeTextSchema,
}));
export type PipeElement = z.output<typeof pipeSchema>;

/** 110 mm is the common PVC sewer pipe for a single house connection. */
export const pipeDefaults = {
  colour: "#000000",
  widthMm: 110,
  dashPattern: "solid",
  textAbove: "",
  textBelow: "",
} as const satisfies Partial<PipeElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const pipeDefinition = defineElement({
  kind: "pipe",
  listKey: "pipes",
  schema: pipeSchema,
  defaults: pipeDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

/** A figure (spec 2-content §3, "Figure (rectangle)"): an outline, by default with right angles. */
import * as z from "zod";
import { colourSchema, defineElement, elementObject, migrateIdentity, ringSchema } from "./common";

export const rectangleSchema = elementObject(() => ({
  /** The corners as an open ring of [lon, lat] (see `ringSchema`): 4 positions for a rectangle. */
  coordinates: ringSchema,
  colour: colourSchema,
  /** Outline width in screen pixels (a figure marks an area; it does not scale with the map). */
  lineWidth: z.number().min(0.5).max(50),
  /** Drawing keeps the corners at right angles (a true rectangle) instead of a free quadrilateral. */
  rightAngle: z.boolean(),
}));
export type RectangleElement = z.output<typeof rectangleSchema>;

/** The kind is called rectangle, so right angles are what a user expects first. */
export const rectangleDefaults = { colour: "#000000", lineWidth: 2, rightAngle: true } as const satisfies Partial<RectangleElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const rectangleDefinition = defineElement({
  kind: "rectangle",
  listKey: "rectangles",
  schema: rectangleSchema,
  defaults: rectangleDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "area",
});

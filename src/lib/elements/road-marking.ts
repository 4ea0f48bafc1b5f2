/** A road marking (spec 2-content §3, "Road marking"). */
import * as z from "zod";
import { defineElement, elementObject, lineCoordinatesSchema, migrateIdentity, legendTextSchema } from "./common";

/** The 14 styles of spec 2-content §3, in its order (the toolbar shows them so). */
export const ROAD_MARKING_STYLES = [
  "solid",
  "dashed-short",
  "dashed-long",
  "double-dashed-long",
  "double-dashed-long-short",
  "double-solid",
  "solid-dashed-short",
  "solid-dashed-long",
  "wide-punctured-border-line",
  "wide-punctured-border-line-two-minus-1-road",
  "narrow-punctured-border-line",
  "wide-solid-border-line",
  "narrow-solid-border-line",
  "give-way-triangles",
] as const;
/** Road paint comes in these colours only; yellow marks temporary markings at road works. */
export const ROAD_MARKING_COLOURS = ["white", "yellow", "black"] as const;

export const roadMarkingSchema = elementObject(() => ({
  /** [lon, lat] positions along the marking. */
  coordinates: lineCoordinatesSchema,
  style: z.enum(ROAD_MARKING_STYLES),
  colour: z.enum(ROAD_MARKING_COLOURS),
  /** Width of one painted stripe in metres on the ground. */
  width: z.number().positive().max(10),
  /** A variant of the style (e.g. a dash ratio); free form so new variants need no schema change. */
  subtype: z.string().min(1).max(64).optional(),
  /** Mirrors an asymmetric style (solid-dashed, triangles) to the other side of the line. */
  flip: z.boolean(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type RoadMarkingElement = z.output<typeof roadMarkingSchema>;

/**
 * 0.1 m is the narrow line width of Danish road markings. Black, as marking plans draw them: a white
 * marking all but vanishes on the light default maps and on the printed sheet; white (on an orthophoto)
 * and yellow (temporary markings) are a choice in the style dialog.
 */
export const roadMarkingDefaults = {
  style: "solid",
  colour: "black",
  width: 0.1,
  flip: false,
} as const satisfies Partial<RoadMarkingElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const roadMarkingDefinition = defineElement({
  kind: "roadMarking",
  listKey: "roadMarkings",
  schema: roadMarkingSchema,
  defaults: roadMarkingDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

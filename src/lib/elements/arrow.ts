/** An arrow: a line with a head at its last position, optionally at both ends (spec 2-content §3, "Line, arrow, work area"). */
import * as z from "zod";
import {
  colourSchema,
  defineElement,
  drawingWidthSchema,
  elementObject,
  lineCoordinatesSchema,
  migrateIdentity,
  legendTextSchema,
} from "./common";

/** `filled`: a solid triangle; `open`: two strokes. */
export const ARROW_HEAD_STYLES = ["filled", "open"] as const;

export const arrowSchema = elementObject(() => ({
  /** [lon, lat] positions from tail to head. */
  coordinates: lineCoordinatesSchema,
  colour: colourSchema,
  /** Stroke width in metres on the ground, 0.1 to 100 (message key `drawingWidth`). */
  width: drawingWidthSchema,
  /** Absent means `filled`. */
  headStyle: z.enum(ARROW_HEAD_STYLES).optional(),
  /** A head at the first position too; absent means only at the last (an optional field, so version 1 holds). */
  bothEnds: z.boolean().optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type ArrowElement = z.output<typeof arrowSchema>;

/** Same as a line, so switching tools keeps the look. */
export const arrowDefaults = { colour: "#000000", width: 0.5 } as const satisfies Partial<ArrowElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const arrowDefinition = defineElement({
  kind: "arrow",
  listKey: "arrows",
  schema: arrowSchema,
  defaults: arrowDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});

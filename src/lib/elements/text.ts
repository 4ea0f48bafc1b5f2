/** A free text on the plan (spec 2-content §3, "Text element"). Not a drawing. */
import * as z from "zod";
import { colourSchema, defineElement, elementObject, freeTextSchema, migrateIdentity, positionSchema } from "./common";

export const FONT_WEIGHTS = ["normal", "bold"] as const;
export const TEXT_PLACEMENTS = ["top", "bottom", "left", "right"] as const;

export const textSchema = elementObject(() => ({
  /** May be empty while the user is still typing. */
  text: freeTextSchema,
  /** Anchor of the text, [lon, lat]. */
  position: positionSchema,
  colour: colourSchema,
  /** Font size in CSS pixels at the plan's reference zoom. */
  size: z.number().min(1).max(400),
  /** `normal`/`bold`, or a CSS numeric weight. */
  fontWeight: z.union([z.enum(FONT_WEIGHTS), z.number().int().min(100).max(900)]),
  /** Extra space between letters in CSS pixels; negative tightens. */
  letterSpacing: z.number().min(-100).max(100),
  /** A white box behind the text, for legibility over the map. */
  whiteBackground: z.boolean().optional(),
  /** Which side of the object it labels the text sits on; absent means centred on `position`. */
  relativePosition: z.enum(TEXT_PLACEMENTS).optional(),
}));
export type TextElement = z.output<typeof textSchema>;

/** 16 px is the browser default size, so a new text looks like the surrounding UI text. */
export const textDefaults = {
  text: "",
  colour: "#000000",
  size: 16,
  fontWeight: "normal",
  letterSpacing: 0,
} as const satisfies Partial<TextElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const textDefinition = defineElement({
  kind: "text",
  listKey: "texts",
  schema: textSchema,
  defaults: textDefaults,
  version,
  migrate,
  isDrawing: false,
  geometry: "point",
});

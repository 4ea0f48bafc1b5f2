/** A sign placed on the plan (spec 2-content §3, "Sign"). Not a drawing: it has its own toolbar. */
import * as z from "zod";
import { defineElement, elementObject, freeTextSchema, migrateIdentity, positionSchema, rotationDegreesSchema } from "./common";

/** A sign's size on the ground; 50 m is far beyond any real sign, it only stops absurd values. */
const signSizeSchema = z.number().positive().max(50);

/**
 * A level in metres above sea level (DVR90). Denmark lies between about -7 m and 171 m; the wider bounds
 * leave room for other datums and for plans drawn elsewhere, and only stop absurd values.
 */
export const MIN_LEVEL_METRES = -100;
export const MAX_LEVEL_METRES = 3000;
const levelSchema = z.number().min(MIN_LEVEL_METRES).max(MAX_LEVEL_METRES);

export const signSchema = elementObject(() => ({
  /** Catalogue or personal-sign image; the sign is identified by the URL's last path segment. */
  imageUrl: z.string().min(1).max(2_048),
  /** Where the sign stands, [lon, lat]. */
  position: positionSchema,
  /** Degrees clockwise from north-up. */
  rotation: rotationDegreesSchema,
  /** Size on the ground in metres; absent means the size follows the zoom level (spec 2-content §3). */
  heightInMeters: signSizeSchema.optional(),
  widthInMeters: signSizeSchema.optional(),
  /** Free text of a sign flagged shouldPromptForName. */
  name: freeTextSchema.optional(),
  text: freeTextSchema.optional(),
  /**
   * A supplementary plate shown with the sign (a chosen variant from the catalogue's subSigns).
   * Loose for the same reason as the element itself.
   */
  subSign: z.looseObject({ imageUrl: z.string().min(1).max(2_048), text: freeTextSchema.optional() }).optional(),
  /** A well's cover level (dækselkote), metres DVR90. Optional, so older plans need no migration. */
  coverLevel: levelSchema.optional(),
  /** A well's invert level (bundkote): the bottom of its channel, metres DVR90. */
  invertLevel: levelSchema.optional(),
  /** Where the service pipe joins the public sewer (tilslutningskote), metres DVR90. */
  connectionLevel: levelSchema.optional(),
}));
export type SignElement = z.output<typeof signSchema>;

export const signDefaults = { rotation: 0 } as const satisfies Partial<SignElement>;

/** Version 1: the first stored shape; `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const signDefinition = defineElement({
  kind: "sign",
  listKey: "signs",
  schema: signSchema,
  defaults: signDefaults,
  version,
  migrate,
  isDrawing: false,
  geometry: "point",
});

/**
 * Pipe presets ("custom pipe types", spec 2-content §3 "Pipe preset", §7, §8): a user's own named pipe
 * styles, chosen when drawing a pipe. Bodies and answers of the pipe-preset API (GET/POST
 * /api/pipe-presets, PUT/DELETE /api/pipe-presets/{id}); the editor and the server share them. Error
 * messages are keys under `validation` (their texts name the limits; tests/api/pipe-presets checks that
 * they agree with the constants here and with the pipe kind's own schema).
 */
import * as z from "zod";
import { colourSchema, elementFieldSchema } from "@/lib/elements/common";
import { PIPE_DASH_PATTERNS, PIPE_WATER_KINDS, pipeSchema } from "@/lib/elements/pipe";

/** Longest preset name ("Spildevand 110 PP, stik til skel"). */
export const PIPE_PRESET_NAME_MAX = 100;
/** Longest text above or below in a preset: one line along a pipe. */
export const PIPE_PRESET_TEXT_MAX = 200;
/** Most presets one user keeps; a kloakmester uses a dozen. */
export const MAX_PIPE_PRESETS = 200;

/**
 * A number or text the pipe kind itself accepts for `field`, refused with `message`. The bounds live in
 * the pipe kind's schema alone, so a preset can never hold a value a drawn pipe would refuse.
 */
function pipeField<T extends z.ZodType>(base: T, field: string, message: string) {
  const own = elementFieldSchema(pipeSchema, field);
  if (!own) throw new Error(`The pipe kind has no field ${field}`);
  return base.refine((value) => own.safeParse(value).success, { error: message });
}

/** A pipe's colour: `#rrggbb` or `#rgb`. */
export const pipeColourSchema = z
  .string({ error: "pipeColour" })
  .refine((value) => colourSchema.safeParse(value).success, { error: "pipeColour" });

/** One of the specification's six dash patterns. */
export const pipeDashPatternSchema = z.enum(PIPE_DASH_PATTERNS, { error: "pipeDashPattern" });

/** Blank optional text (an emptied field) is no value. */
const blankIsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** What a user saves: the specification's six fields and the optional pipe data of the pipe kind. */
export const pipePresetBodySchema = z.strictObject({
  name: z
    .string({ error: "pipePresetNameRequired" })
    .trim()
    .min(1, { error: "pipePresetNameRequired" })
    .max(PIPE_PRESET_NAME_MAX, { error: "pipePresetNameTooLong" })
    // Zero-width and other invisible characters alone are no name, though trim() keeps them.
    .refine((name) => pipePresetNameKey(name) !== "", { error: "pipePresetNameRequired" }),
  colour: pipeColourSchema,
  /** The drawn width in millimetres on the ground, as the pipe kind's widthMm. */
  widthMm: pipeField(z.number({ error: "pipePresetWidth" }), "widthMm", "pipePresetWidth"),
  dashPattern: pipeDashPatternSchema,
  textAbove: z.string({ error: "pipePresetTextTooLong" }).max(PIPE_PRESET_TEXT_MAX, { error: "pipePresetTextTooLong" }).default(""),
  textBelow: z.string({ error: "pipePresetTextTooLong" }).max(PIPE_PRESET_TEXT_MAX, { error: "pipePresetTextTooLong" }).default(""),
  /** Nominal outer diameter in whole millimetres (110, 160, 200 …). */
  dimension: pipeField(z.number({ error: "pipeDimension" }), "dimension", "pipeDimension").optional(),
  /** "PVC", "PP", "beton" …; blank is none. */
  material: z.preprocess(blankIsAbsent, pipeField(z.string({ error: "pipeMaterial" }).trim(), "material", "pipeMaterial").optional()),
  /** Fall in per mille. */
  fallPerMille: pipeField(z.number({ error: "pipeFall" }), "fallPerMille", "pipeFall").optional(),
  waterKind: z.enum(PIPE_WATER_KINDS, { error: "pipeWaterKind" }).optional(),
});
export type PipePresetBody = z.output<typeof pipePresetBodySchema>;
export type PipePresetInput = z.input<typeof pipePresetBodySchema>;

/**
 * A stored preset as the API answers it; optional pipe data not given is absent. The id is a string, as
 * a pipe's presetId is, so the editor stores it as it is.
 */
export type PipePresetDto = PipePresetBody & { id: string; createdAt: string; updatedAt: string };

/**
 * The form of a name that must be unique per user: two presets whose names differ only in ways the preset
 * menu does not show would be indistinguishable there. So case ("PVC 110", "pvc 110"), composition and
 * compatibility forms (NFKC: full-width "ＰＶＣ", a no-break or ideographic space), invisible format
 * characters (zero-width spaces and joiners, bidirectional marks: Unicode's Cf) and runs of white space
 * are folded away.
 */
export function pipePresetNameKey(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(/\s+/gu, " ")
    .trim()
    .toLowerCase();
}

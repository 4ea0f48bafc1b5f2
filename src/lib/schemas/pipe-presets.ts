/**
 * Pipe presets ("custom pipe types", spec 2-content §3 "Pipe preset", §7, §8): a user's own named pipe
 * styles, chosen when drawing a pipe. Bodies and answers of the pipe-preset API (GET/POST
 * /api/pipe-presets, PUT/DELETE /api/pipe-presets/{id}); the editor and the server share them. Error
 * messages are keys under `validation`.
 */
import * as z from "zod";
import { colourSchema } from "@/lib/elements/common";
import { MAX_PIPE_MATERIAL, PIPE_DASH_PATTERNS, PIPE_WATER_KINDS } from "@/lib/elements/pipe";

/** Longest preset name ("Spildevand 110 PP, stik til skel"). */
export const PIPE_PRESET_NAME_MAX = 100;
/** Longest text above or below in a preset: one line along a pipe. */
export const PIPE_PRESET_TEXT_MAX = 200;
/** Most presets one user keeps; a kloakmester uses a dozen. */
export const MAX_PIPE_PRESETS = 200;

/** What a user saves: the specification's six fields and the optional pipe data of the pipe kind. */
export const pipePresetBodySchema = z.strictObject({
  name: z
    .string({ error: "pipePresetNameRequired" })
    .trim()
    .min(1, { error: "pipePresetNameRequired" })
    .max(PIPE_PRESET_NAME_MAX, { error: "pipePresetNameTooLong" }),
  colour: colourSchema,
  widthMm: z.number({ error: "pipePresetWidth" }).positive({ error: "pipePresetWidth" }).max(5_000, { error: "pipePresetWidth" }),
  dashPattern: z.enum(PIPE_DASH_PATTERNS),
  textAbove: z.string().max(PIPE_PRESET_TEXT_MAX, { error: "pipePresetTextTooLong" }).default(""),
  textBelow: z.string().max(PIPE_PRESET_TEXT_MAX, { error: "pipePresetTextTooLong" }).default(""),
  dimension: z.number().int().positive().max(5_000).optional(),
  material: z.string().trim().max(MAX_PIPE_MATERIAL).optional(),
  fallPerMille: z.number().min(0).max(1_000).optional(),
  waterKind: z.enum(PIPE_WATER_KINDS).optional(),
});
export type PipePresetBody = z.output<typeof pipePresetBodySchema>;

/** A stored preset as the API answers it. */
export type PipePresetDto = PipePresetBody & { id: string; createdAt: string; updatedAt: string };

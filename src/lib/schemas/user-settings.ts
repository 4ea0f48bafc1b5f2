/**
 * The user's editor settings beyond signs (GET/PATCH /user-settings, spec core §7): the style each kind's
 * next drawing starts with, and the look of each kind of water a pipe carries. Error messages are keys
 * under `validation`.
 */
import * as z from "zod";
import { elementFieldSchema } from "@/lib/elements/common";
import { PIPE_WATER_KIND_DEFAULTS, PIPE_WATER_KINDS, type PipeLook, type PipeWaterKind } from "@/lib/elements/pipe";
import { ELEMENT_KINDS, getElementDefinition, type ElementKind } from "@/lib/elements/registry";
import { pipeColourSchema, pipeDashPatternSchema } from "./pipe-presets";

/** Most style fields stored for one kind; the richest style dialog (road marking) has fewer than ten. */
export const MAX_STYLE_FIELDS = 20;
/** Longest text value of a style field (a text element's default text, a font name). */
export const MAX_STYLE_TEXT = 500;

const INVALID = "drawingStyleInvalid";

/** One style field's value, as the style dialog edits it (StyleValues in src/editor/kinds/types.ts). */
const styleValueSchema = z.union([z.string().max(MAX_STYLE_TEXT, { error: INVALID }), z.number(), z.boolean()], { error: INVALID });

/** Fields that are the element itself, never its style. */
const NOT_STYLE = new Set(["id"]);

/**
 * The style of one kind: at most MAX_STYLE_FIELDS simple values. A field the kind's schema knows is
 * checked with that schema's own rule (a width of 500 m is refused with the width message); a field it
 * does not know is kept, as elements keep unknown fields, so a newer client's style field survives.
 */
function kindStyleSchema(kind: ElementKind) {
  return z
    .record(z.string().max(64, { error: INVALID }), styleValueSchema, { error: INVALID })
    .refine((style) => Object.keys(style).length <= MAX_STYLE_FIELDS, { error: INVALID })
    .superRefine((style, ctx) => {
      for (const [key, value] of Object.entries(style)) {
        if (NOT_STYLE.has(key)) {
          ctx.addIssue({ code: "custom", path: [key], message: INVALID });
          continue;
        }
        const field = elementFieldSchema(getElementDefinition(kind).schema, key);
        const checked = field?.safeParse(value);
        if (checked && !checked.success) {
          const issue = checked.error.issues[0];
          ctx.addIssue({ code: "custom", path: [key], message: issue?.message ?? INVALID });
        }
      }
    });
}
export type KindStyle = Record<string, string | number | boolean>;

/** Element kind → the style fields its next drawing starts with; a kind never styled is absent. */
export type DrawingStyles = { [K in ElementKind]?: KindStyle };

const kindStyles = Object.fromEntries(ELEMENT_KINDS.map((kind) => [kind, kindStyleSchema(kind)])) as Record<
  ElementKind,
  ReturnType<typeof kindStyleSchema>
>;

/** The stored map: only known kinds. */
export const drawingStylesSchema = z.strictObject(
  Object.fromEntries(ELEMENT_KINDS.map((kind) => [kind, kindStyles[kind].optional()])) as {
    [K in ElementKind]: z.ZodOptional<ReturnType<typeof kindStyleSchema>>;
  },
  { error: INVALID },
);

/**
 * `drawingStyles` of PATCH /user-settings: each kind it names replaces that kind's stored style whole
 * (the dialog always sends all of a kind's fields), null forgets it; kinds it does not name are kept, so
 * two tabs styling different kinds do not undo each other.
 */
export const updateDrawingStylesSchema = z.strictObject(
  Object.fromEntries(ELEMENT_KINDS.map((kind) => [kind, kindStyles[kind].nullable().optional()])) as {
    [K in ElementKind]: z.ZodOptional<z.ZodNullable<ReturnType<typeof kindStyleSchema>>>;
  },
  { error: INVALID },
);
export type DrawingStylesChange = { [K in ElementKind]?: KindStyle | null };

/** A stored map with a change applied: each key the change names is replaced, null removes it, others are kept. */
function mergeByKey<K extends string, V>(keys: readonly K[], stored: Partial<Record<K, V>>, change: Partial<Record<K, V | null>>) {
  const next: Partial<Record<K, V>> = { ...stored };
  for (const key of keys) {
    const value = change[key];
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  return next;
}

/** The stored map with a change applied (see updateDrawingStylesSchema). */
export function mergeDrawingStyles(stored: DrawingStyles, change: DrawingStylesChange): DrawingStyles {
  return mergeByKey(ELEMENT_KINDS, stored, change);
}

const PIPE_LOOKS_INVALID = "pipeWaterKindsInvalid";

/** The colour and dash a new pipe carrying one kind of water gets. */
const pipeLookSchema = z.strictObject({ colour: pipeColourSchema, dashPattern: pipeDashPatternSchema }, { error: PIPE_LOOKS_INVALID });

/**
 * The user's looks of the kinds of water (municipalities colour them differently); a kind not set
 * takes its PIPE_WATER_KIND_DEFAULTS look.
 */
export type PipeWaterKindLooks = { [K in PipeWaterKind]?: PipeLook };
export type PipeWaterKindLooksChange = { [K in PipeWaterKind]?: PipeLook | null };

/** The stored map: only known kinds of water. */
export const pipeWaterKindLooksSchema = z.strictObject(
  Object.fromEntries(PIPE_WATER_KINDS.map((kind) => [kind, pipeLookSchema.optional()])) as {
    [K in PipeWaterKind]: z.ZodOptional<typeof pipeLookSchema>;
  },
  { error: PIPE_LOOKS_INVALID },
);

/**
 * `pipeWaterKinds` of PATCH /user-settings: each kind of water it names gets that look (colour and dash
 * together), null gives it back its default; kinds it does not name are kept, as with drawingStyles.
 */
export const updatePipeWaterKindLooksSchema = z.strictObject(
  Object.fromEntries(PIPE_WATER_KINDS.map((kind) => [kind, pipeLookSchema.nullable().optional()])) as {
    [K in PipeWaterKind]: z.ZodOptional<z.ZodNullable<typeof pipeLookSchema>>;
  },
  { error: PIPE_LOOKS_INVALID },
);

/** The stored looks with a change applied (see updatePipeWaterKindLooksSchema). */
export function mergePipeWaterKindLooks(stored: PipeWaterKindLooks, change: PipeWaterKindLooksChange): PipeWaterKindLooks {
  return mergeByKey(PIPE_WATER_KINDS, stored, change);
}

/** The look a new pipe of `kind` gets: the user's own, else the default. */
export function pipeWaterKindLook(looks: PipeWaterKindLooks, kind: PipeWaterKind): PipeLook {
  return looks[kind] ?? PIPE_WATER_KIND_DEFAULTS[kind];
}

/**
 * The user's editor settings beyond signs (GET/PATCH /user-settings, spec core §7): the style each kind's
 * next drawing starts with. Error messages are keys under `validation`.
 */
import * as z from "zod";
import { elementFieldSchema } from "@/lib/elements/common";
import { ELEMENT_KINDS, getElementDefinition, type ElementKind } from "@/lib/elements/registry";

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

/** The stored map with a change applied (see updateDrawingStylesSchema). */
export function mergeDrawingStyles(stored: DrawingStyles, change: DrawingStylesChange): DrawingStyles {
  const next: DrawingStyles = { ...stored };
  for (const kind of ELEMENT_KINDS) {
    const style = change[kind];
    if (style === null) delete next[kind];
    else if (style !== undefined) next[kind] = style;
  }
  return next;
}

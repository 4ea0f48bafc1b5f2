/**
 * What the drawing kinds share for the export's legend (EditorElement `legend`): the legend text field of
 * their style dialogs, and how a look is written as one comparable string.
 */
import type { StyleField } from "./types";
import { LEGEND_TEXT_MAX } from "@/lib/elements/common";

/** The style dialog's field for the legend text; last, as it names the look the fields before it make. */
export const LEGEND_TEXT_FIELD: StyleField = { key: "legendText", type: "text", maxLength: LEGEND_TEXT_MAX };

/**
 * A new element's legend text from the drawing style, so the next drawing is explained as the last one
 * was; nothing when the style has none (the field is optional and stored only when given).
 */
export function legendTextFrom(style: { legendText?: string }): { legendText?: string } {
  const text = style.legendText?.trim();
  return text ? { legendText: text } : {};
}

/** A look as one string: its parts in a fixed order, an absent one empty. Colours compare case-insensitively. */
export function lookOf(...parts: readonly (string | number | boolean | null | undefined)[]): string {
  return parts.map((part) => (typeof part === "string" ? part.toLowerCase() : String(part ?? ""))).join("|");
}

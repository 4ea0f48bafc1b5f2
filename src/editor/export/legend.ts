/**
 * The drawings' part of an export's legend (spec 2-content §3, Export: "legend"): one row per distinct look
 * of the page's drawings, as each kind's `legend` tells it (colour, width, pattern, style), and per legend
 * text the author gave a look ("Gravning"), in the toolbar's order of kinds. Kinds without `legend` (texts,
 * rulers, dimensions, signs) are not in it; signs give their own rows (`pictureRows`).
 */
import { editorElement } from "../kinds/registry";
import type { ExportLanguage, LegendLook } from "../kinds/types";
import type { ElementRef } from "../core/store/plan-store";
import { legendTextOf } from "@/lib/elements/common";
import { ELEMENT_KINDS, type ElementKind } from "@/lib/elements/registry";

/** A legend row of drawings: the first element of its look, drawn as the row's sample, and the row's name. */
export interface LegendDrawing {
  template: ElementRef;
  label: string;
}

/**
 * The legend's drawing rows for a page's elements. A row is named by the legend text when the look has
 * one, else by the kind's name with what the kind adds ("Vejafmærkning: Kantlinje", a pipe's preset).
 * Two looks that differ only in their legend text are two rows; equal looks with equal texts one.
 */
/** The element's look in the legend, by its kind's `legend` (generic, so the kind's module takes its element). */
function legendLookOf<K extends ElementKind>(ref: ElementRef<K>, language: ExportLanguage): LegendLook | null {
  return editorElement(ref.kind)?.legend?.(ref.element, language) ?? null;
}

export function legendDrawings(refs: readonly ElementRef[], language: ExportLanguage): LegendDrawing[] {
  const rows = new Map<string, LegendDrawing>();
  for (const kind of ELEMENT_KINDS) {
    if (!editorElement(kind)?.legend) continue;
    for (const ref of refs) {
      if (ref.kind !== kind) continue;
      const row = legendLookOf(ref, language);
      if (!row) continue;
      const { look, detail } = row;
      const text = legendTextOf(ref.element);
      const key = `${kind}|${look}|${text ?? ""}`;
      if (rows.has(key)) continue;
      const name = language.t(`editor.kinds.${kind}`);
      rows.set(key, { template: ref, label: text ?? (detail ? `${name}: ${detail}` : name) });
    }
  }
  return [...rows.values()];
}

/**
 * How the sewer symbol modules define their entries: metadata (the catalogue entry without its URLs,
 * always flagged isKloakElement) plus a draw function returning a SignDrawing for the shared renderer
 * (render/API.md). Each category module exports `defineCategory("<category>", [...])`; index.ts joins them.
 */
import { renderSignSvg, type RenderOptions } from "../render/render-svg";
import type { SignDrawing } from "../render/types";
import { SEWER_SYMBOL_FOLDERS, type CatalogueSign, type SewerSymbolCategory } from "../types";

export interface SewerSymbolDefinition {
  meta: Omit<CatalogueSign, "imageUrl" | "svgUrl" | "category" | "description"> & {
    category: SewerSymbolCategory;
    description: string;
    isKloakElement: true;
  };
  draw(): SignDrawing;
}

/** Real size on the ground in metres: width across the drawing, height along it. */
export interface SymbolSize {
  width: number;
  height: number;
}

/**
 * One symbol: `symbol("rensebrond-425", "RB Ø425", "Rensebrønd Ø425", "…", category, { width: 0.425, height: 0.425 }, draw)`.
 * Ids are lower-case words (never a traffic sign's code, so both catalogues can be looked up together).
 * `size` null: the symbol has no real size and follows the zoom (spec 2-content §3, "Default sizes").
 */
export function symbol(
  id: string,
  code: string,
  name: string,
  description: string,
  category: SewerSymbolCategory,
  size: SymbolSize | null,
  draw: () => SignDrawing,
): SewerSymbolDefinition {
  return {
    meta: {
      id,
      code,
      name,
      description,
      category,
      ...(size ? { initialWidthInMeters: size.width, initialHeightInMeters: size.height } : {}),
      isKloakElement: true,
    },
    draw: () => ({ ...draw(), title: name }),
  };
}

/** A category: checks that every definition belongs to it and that ids are unique within it. */
export function defineCategory(category: SewerSymbolCategory, defs: readonly SewerSymbolDefinition[]): readonly SewerSymbolDefinition[] {
  const ids = new Set<string>();
  for (const def of defs) {
    if (def.meta.category !== category) throw new Error(`${def.meta.id}: category ${def.meta.category}, expected ${category}`);
    if (ids.has(def.meta.id)) throw new Error(`${category}: duplicate id ${def.meta.id}`);
    ids.add(def.meta.id);
  }
  return defs;
}

/** Where the generated files are served: public/signs/sewer/<folder>/<id>.webp|svg (the lar folder is "LAR"). */
export function sewerSymbolUrls(meta: { id: string; category: SewerSymbolCategory }): Pick<CatalogueSign, "imageUrl" | "svgUrl"> {
  const base = `/signs/sewer/${SEWER_SYMBOL_FOLDERS[meta.category]}/${encodeURIComponent(meta.id)}`;
  return { imageUrl: `${base}.webp`, svgUrl: `${base}.svg` };
}

export function toCatalogueSign(def: SewerSymbolDefinition): CatalogueSign {
  return { ...def.meta, ...sewerSymbolUrls(def.meta) };
}

export function renderSewerDefinitionSvg(def: SewerSymbolDefinition, options?: RenderOptions): string {
  return renderSignSvg(def.draw(), options);
}

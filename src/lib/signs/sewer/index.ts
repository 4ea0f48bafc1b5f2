/**
 * The sewer site's symbol catalogue (spec 2-content §3, "Sign categories (sewer site)"): every built-in
 * symbol in the specification's category order, each flagged isKloakElement. The sewer site's gallery
 * offers them (site-catalogue.ts decides which site shows which catalogue).
 */
import type { RenderOptions } from "../render/render-svg";
import { SEWER_SYMBOL_CATEGORIES, type CatalogueSign, type SewerSymbolCategory } from "../types";
import { BRONDE_OG_UDSKILLERE } from "./bronde-og-udskillere";
import { renderSewerDefinitionSvg, toCatalogueSign, type SewerSymbolDefinition } from "./define";
import { INSTALLATIONSGENSTANDE } from "./installationsgenstande";
import { LAR } from "./lar";
import { SPILDEVANDSRENSNING } from "./spildevandsrensning";
import { TOILET_OG_SANITET } from "./toilet-og-sanitet";

const BY_CATEGORY = {
  bronde_og_udskillere: BRONDE_OG_UDSKILLERE,
  spildevandsrensning: SPILDEVANDSRENSNING,
  toilet_og_sanitet: TOILET_OG_SANITET,
  installationsgenstande: INSTALLATIONSGENSTANDE,
  lar: LAR,
} satisfies Record<SewerSymbolCategory, readonly SewerSymbolDefinition[]>;

export const SEWER_SYMBOL_DEFINITIONS: readonly SewerSymbolDefinition[] = SEWER_SYMBOL_CATEGORIES.flatMap((c) => BY_CATEGORY[c]);

export const SEWER_SYMBOLS: readonly CatalogueSign[] = SEWER_SYMBOL_DEFINITIONS.map(toCatalogueSign);

const definitionsById = new Map(SEWER_SYMBOL_DEFINITIONS.map((d) => [d.meta.id, d]));

/** The SVG of a sewer symbol, or null for an unknown id. */
export function renderSewerSymbolSvg(id: string, options?: RenderOptions): string | null {
  const def = definitionsById.get(id);
  return def ? renderSewerDefinitionSvg(def, options) : null;
}

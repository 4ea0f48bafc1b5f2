/**
 * Which catalogue each site's gallery offers, and its categories in the order the gallery lists them
 * (spec 2-content §3, "Sign categories"). Kept apart from catalogue.ts, which holds the entries
 * themselves: the editor reads the categories without loading the catalogue's chunk.
 */
import { DK_SIGN_CATEGORIES, SE_SIGN_CATEGORIES, SEWER_SYMBOL_CATEGORIES, type SignCatalogueId, type SignCategory } from "./types";
import { getSite } from "@/sites/registry";
import type { SiteId } from "@/sites/site-ids";

const CATEGORIES: Record<SignCatalogueId, readonly SignCategory[]> = {
  dk: DK_SIGN_CATEGORIES,
  sewer: SEWER_SYMBOL_CATEGORIES,
  se: SE_SIGN_CATEGORIES,
};

/** The sewer site offers the sewer symbols, skilteplanen the Danish traffic signs, TA-planen the Swedish ones (registry: signCatalogue). */
export function catalogueIdOf(site: SiteId): SignCatalogueId {
  return getSite(site).signCatalogue;
}

/** The categories of a site's gallery, in the specification's order (without "personal": uploads are no catalogue entries). */
export function categoriesOf(site: SiteId): readonly SignCategory[] {
  return CATEGORIES[catalogueIdOf(site)];
}

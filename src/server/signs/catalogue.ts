import "server-only";
import { catalogueOf } from "@/lib/signs/catalogue";
import { catalogueIdOf } from "@/lib/signs/site-catalogue";
import type { SignCatalogueId } from "@/lib/signs/types";
import { SITE_IDS } from "@/sites/site-ids";

/**
 * Whether an id names a built-in sign of any site's catalogue. Artwork and base signs are keyed by the
 * catalogue id alone (one drawing per sign, whichever site shows it), so every catalogue counts.
 * Not `findSign`: that takes an image URL and would read "C11.1" as the file "C11" with extension ".1".
 */
export function isCatalogueSignId(id: string): boolean {
  return SITE_IDS.some((site) => catalogueOf(site).some((sign) => sign.id === id));
}

let catalogueImageUrls: Set<string> | null = null;

/**
 * Whether a URL is a built-in sign's picture exactly as a catalogue names it (its imageUrl, its svgUrl, a
 * variant's imageUrl), in any site's catalogue as isCatalogueSignId counts them.
 */
export function isCatalogueImageUrl(url: string): boolean {
  catalogueImageUrls ??= new Set(
    SITE_IDS.flatMap((site) =>
      catalogueOf(site).flatMap((sign) => [sign.imageUrl, sign.svgUrl, ...(sign.subSigns ?? []).map((variant) => variant.imageUrl)]),
    ),
  );
  return catalogueImageUrls.has(url);
}

/** The catalogue (dk, se, sewer) holding a built-in sign, or null for an id none holds. */
export function catalogueIdOfSign(id: string): SignCatalogueId | null {
  for (const site of SITE_IDS) if (catalogueOf(site).some((sign) => sign.id === id)) return catalogueIdOf(site);
  return null;
}

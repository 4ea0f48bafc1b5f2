import "server-only";
import { catalogueOf } from "@/lib/signs/catalogue";
import { SITE_IDS } from "@/sites/site-ids";

/**
 * Whether an id names a built-in sign of any site's catalogue. Artwork and base signs are keyed by the
 * catalogue id alone (one drawing per sign, whichever site shows it), so every catalogue counts.
 * Not `findSign`: that takes an image URL and would read "C11.1" as the file "C11" with extension ".1".
 */
export function isCatalogueSignId(id: string): boolean {
  return SITE_IDS.some((site) => catalogueOf(site).some((sign) => sign.id === id));
}

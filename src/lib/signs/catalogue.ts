/** The sign catalogue of a site: the one module the gallery, the editor and the server look signs up in. */
import { DK_SIGNS } from "./dk";
import { signIdFromImageUrl } from "./image-url";
import type { CatalogueSign } from "./types";
import type { SiteId } from "@/sites/site-ids";

/** The sewer site's symbols come with their own issue; until then every site shows the Danish signs. */
export function catalogueOf(site: SiteId): readonly CatalogueSign[] {
  void site;
  return DK_SIGNS;
}

const byId = new Map<string, CatalogueSign>();

/** The catalogue entry behind a placed sign's image URL, or null (the editor then shows the empty placeholder). */
export function findSign(imageUrl: string): CatalogueSign | null {
  if (byId.size === 0) for (const sign of DK_SIGNS) byId.set(sign.id, sign);
  return byId.get(signIdFromImageUrl(imageUrl)) ?? null;
}

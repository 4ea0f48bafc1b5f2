/** The sign catalogue of a site: the one module the gallery, the editor and the server look signs up in. */
import { DK_SIGNS, renderDkSignSvg } from "./dk";
import type { RenderOptions } from "./render/render-svg";
import { signIdFromImageUrl } from "./image-url";
import { renderSeSignSvg, SE_SIGNS } from "./se";
import { SEWER_SYMBOLS } from "./sewer";
import { catalogueIdOf } from "./site-catalogue";
import type { CatalogueSign, SignCatalogueId } from "./types";
import type { SiteId } from "@/sites/site-ids";

const CATALOGUES: Record<SignCatalogueId, readonly CatalogueSign[]> = { dk: DK_SIGNS, sewer: SEWER_SYMBOLS, se: SE_SIGNS };

/** The built-in entries a site's gallery offers (site-catalogue.ts decides which catalogue that is). */
export function catalogueOf(site: SiteId): readonly CatalogueSign[] {
  return CATALOGUES[catalogueIdOf(site)];
}

const byId = new Map<string, CatalogueSign>();

/**
 * The catalogue entry behind a placed sign's image URL, or null (the editor then shows the empty
 * placeholder). Every catalogue is searched, whichever site asks: the ids are distinct by design (a
 * sewer symbol's id is a lower-case word, a Danish traffic sign's its code, a Swedish one "se-" and its code), and a plan copied between sites
 * still shows its signs.
 */
export function findSign(imageUrl: string): CatalogueSign | null {
  if (byId.size === 0) for (const sign of Object.values(CATALOGUES).flat()) byId.set(sign.id, sign);
  return byId.get(signIdFromImageUrl(imageUrl)) ?? null;
}

/**
 * The SVG of a traffic sign of either sign-plan catalogue showing `value` (a parametric sign's speed or
 * distance), or null for an id neither draws: the Swedish ids start with "se-".
 */
export function renderCatalogueSignSvg(id: string, value?: string, options?: RenderOptions): string | null {
  return id.startsWith("se-") ? renderSeSignSvg(id, value, options) : renderDkSignSvg(id, value, options);
}

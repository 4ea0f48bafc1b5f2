/**
 * The Swedish sign catalogue of TA-planen: every entry in the order of SE_SIGN_CATEGORIES (A, B, C, D,
 * E, F, T, X, then the road-works equipment), ids "se-<code>". Each series module defines its signs
 * (define.ts); this module joins them and adds the file URLs.
 */
import type { RenderOptions } from "../render/render-svg";
import { SE_SIGN_CATEGORIES, type CatalogueSign, type SeSignCategory } from "../types";
import { renderDefinitionSvg, toSeCatalogueSign, type SignDefinition } from "./define";
import { SE_EQUIPMENT } from "./equipment";
import { SE_SERIES_A } from "./series-a";
import { SE_SERIES_B } from "./series-b";
import { SE_SERIES_C } from "./series-c";
import { SE_SERIES_D } from "./series-d";
import { SE_SERIES_E } from "./series-e";
import { SE_SERIES_F } from "./series-f";
import { SE_SERIES_T } from "./series-t";
import { SE_SERIES_X } from "./series-x";

const BY_CATEGORY = {
  se_A: SE_SERIES_A,
  se_B: SE_SERIES_B,
  se_C: SE_SERIES_C,
  se_D: SE_SERIES_D,
  se_E: SE_SERIES_E,
  se_F: SE_SERIES_F,
  se_T: SE_SERIES_T,
  se_X: SE_SERIES_X,
  se_utrustning: SE_EQUIPMENT,
} satisfies Record<SeSignCategory, readonly SignDefinition[]>;

/** Every definition (metadata and drawing), in catalogue order. */
export const SE_SIGN_DEFINITIONS: readonly SignDefinition[] = SE_SIGN_CATEGORIES.flatMap((c) => BY_CATEGORY[c]);

export const SE_SIGNS: readonly CatalogueSign[] = SE_SIGN_DEFINITIONS.map(toSeCatalogueSign);

const definitionsById = new Map(SE_SIGN_DEFINITIONS.map((d) => [d.meta.id, d]));

/** The SVG of a Swedish sign (a speed limit or a distance with the value the user typed), or null for an unknown id. */
export function renderSeSignSvg(id: string, value?: string, options?: RenderOptions): string | null {
  const def = definitionsById.get(id);
  return def ? renderDefinitionSvg(def, value, options) : null;
}

/**
 * The Danish sign-plan catalogue (spec 2-content §3): every entry in the specification's category
 * order A, B, C, D, E, U, M, L, temporary, N. Each series module defines its signs (define.ts); this
 * module joins them and adds the file URLs.
 */
import type { RenderOptions } from "../render/render-svg";
import { type CatalogueSign, DK_SIGN_CATEGORIES } from "../types";
import { renderDefinitionSvg, toCatalogueSign, type SignDefinition } from "./define";
import { SERIES_A } from "./series-a";
import { SERIES_B } from "./series-b";
import { SERIES_C } from "./series-c";
import { SERIES_D } from "./series-d";
import { SERIES_E } from "./series-e";
import { SERIES_L } from "./series-l";
import { SERIES_M } from "./series-m";
import { SERIES_N } from "./series-n";
import { SERIES_TEMPORARY } from "./series-temporary";
import { SERIES_U } from "./series-u";

const BY_CATEGORY = {
  A: SERIES_A,
  B: SERIES_B,
  C: SERIES_C,
  D: SERIES_D,
  E: SERIES_E,
  U: SERIES_U,
  M: SERIES_M,
  L: SERIES_L,
  temporary: SERIES_TEMPORARY,
  N: SERIES_N,
} satisfies Record<(typeof DK_SIGN_CATEGORIES)[number], readonly SignDefinition[]>;

/** Every definition (metadata and drawing), in catalogue order. */
export const DK_SIGN_DEFINITIONS: readonly SignDefinition[] = DK_SIGN_CATEGORIES.flatMap((c) => BY_CATEGORY[c]);

export const DK_SIGNS: readonly CatalogueSign[] = DK_SIGN_DEFINITIONS.map(toCatalogueSign);

const definitionsById = new Map(DK_SIGN_DEFINITIONS.map((d) => [d.meta.id, d]));

export function findDkSignDefinition(id: string): SignDefinition | null {
  return definitionsById.get(id) ?? null;
}

/**
 * The SVG of a Danish sign, e.g. a speed limit with the value the user typed (parametric signs), or null
 * for an unknown id.
 */
export function renderDkSignSvg(id: string, value?: string, options?: RenderOptions): string | null {
  const def = definitionsById.get(id);
  return def ? renderDefinitionSvg(def, value, options) : null;
}

/**
 * How the Swedish series define their signs: the Danish definition machinery (dk/define.ts: metadata plus
 * a draw function for the shared renderer) with Swedish ids and folders. Every id is the code without
 * spaces behind "se-" ("A20" → "se-A20"), so the Swedish and the Danish catalogue (ids "A11", "C55") can
 * be looked up together by the last segment of an image URL; files lie in public/signs/se/<folder>/.
 */
import { SE_SIGN_FOLDERS, type CatalogueSign, type SeSignCategory, type SignVariant } from "../types";
import { sign, signId, type SignDefinition, type SignOptions } from "../dk/define";
import type { SignDrawing } from "../render/types";

export { defineSeries, renderDefinitionSvg, type SignDefinition } from "../dk/define";

/** The id of a Swedish code: "C31" → "se-C31", "X3 röd" needs `options.id`. */
export function seSignId(code: string): string {
  return `se-${signId(code)}`;
}

/** A tilläggstavla of the T series offered as the variant hung below a sign. */
function plate(code: string, name: string): SignVariant {
  const id = seSignId(code);
  return { id, name: `${code} ${name}`, imageUrl: seSignUrls({ id, category: "se_T" }).imageUrl };
}

/**
 * The tilläggstavlor a TA-plan hangs under a varningsmärke or förbudsmärke (A20 with T1 "0-800 m", C31 with
 * T2 "200 m"): the stretch, the distance to it, and the time it applies.
 */
export const SE_USUAL_PLATES: readonly SignVariant[] = [
  plate("T1", "Vägsträckans längd"),
  plate("T2", "Avstånd"),
  plate("T6", "Tidsangivelse"),
];

/** One Swedish sign: `seSign("A20", "Vägarbete", "se_A", { sizes: SE_SIGN_SIZES.triangle }, () => warning(...))`. */
export function seSign(
  code: string,
  name: string,
  category: SeSignCategory,
  options: SignOptions,
  draw: (value?: string) => SignDrawing,
): SignDefinition {
  const plates = category === "se_A" || category === "se_C" ? { subSigns: SE_USUAL_PLATES } : {};
  return sign(code, name, category, { ...plates, ...options, id: options.id ?? seSignId(code) }, draw);
}

/** Where the generated files of a Swedish sign are served (public/signs/se/<folder>/<id>.webp|svg). */
export function seSignUrls(meta: Pick<CatalogueSign, "id" | "category">): Pick<CatalogueSign, "imageUrl" | "svgUrl"> {
  const base = `/signs/se/${SE_SIGN_FOLDERS[meta.category as SeSignCategory]}/${encodeURIComponent(meta.id)}`;
  return { imageUrl: `${base}.webp`, svgUrl: `${base}.svg` };
}

export function toSeCatalogueSign(def: SignDefinition): CatalogueSign {
  return { ...def.meta, ...seSignUrls(def.meta) };
}

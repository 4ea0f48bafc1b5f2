/**
 * How a series module defines its signs: metadata (the catalogue entry without its URLs) plus a draw
 * function that returns a SignDrawing for the renderer. Every series module (series-a.ts … series-n.ts)
 * exports `SERIES_<X> = defineSeries("<category>", [...])`; index.ts joins them into DK_SIGNS.
 * See src/lib/signs/render/API.md.
 */
import { renderSignSvg, type RenderOptions } from "../render/render-svg";
import type { SignDrawing } from "../render/types";
import type { CatalogueSign, SignCategory, SignParameter, SignSize, SignVariant } from "../types";

export interface SignDefinition {
  meta: Omit<CatalogueSign, "imageUrl" | "svgUrl">;
  /**
   * The drawing. Parametric signs (meta.parameter set) draw `value`, or meta.parameter.defaultValue when
   * it is absent; other signs ignore it (signs with shouldPromptForName may print it).
   */
  draw(value?: string): SignDrawing;
}

/** The id of a code: "C 11.1" → "C11.1" (the file name and the last segment of the image URL). */
export function signId(code: string): string {
  return code.replace(/\s+/g, "");
}

export interface SignOptions {
  /** Every official size, the ≤ 50 km/h size first (see sizes.ts); the first becomes the default. */
  sizes: readonly SignSize[];
  parameter?: SignParameter;
  shouldPromptForName?: boolean;
  subSigns?: readonly SignVariant[];
  /** Override the id derived from the code (only when two entries share a code). */
  id?: string;
}

/** One sign: `sign("A 16", "Rundkørsel", "A", { sizes: SIGN_SIZES.triangle }, () => warning(...))`. */
export function sign(
  code: string,
  name: string,
  category: SignCategory,
  options: SignOptions,
  draw: (value?: string) => SignDrawing,
): SignDefinition {
  const first = options.sizes[0];
  const meta: SignDefinition["meta"] = {
    id: options.id ?? signId(code),
    code,
    name,
    category,
    ...(first ? { initialWidthInMeters: first.widthInMeters, initialHeightInMeters: first.heightInMeters } : {}),
    sizes: options.sizes,
    ...(options.parameter ? { parameter: options.parameter } : {}),
    ...(options.shouldPromptForName ? { shouldPromptForName: true } : {}),
    ...(options.subSigns ? { subSigns: options.subSigns } : {}),
  };
  const parameter = options.parameter;
  return {
    meta,
    draw: (value) => {
      const drawing = draw(parameter ? value?.trim() || parameter.defaultValue : value);
      return drawing.title ? drawing : { ...drawing, title: `${code} ${name}` };
    },
  };
}

/** A series: checks that every definition belongs to `category` and that ids are unique within it. */
export function defineSeries(category: SignCategory, defs: readonly SignDefinition[]): readonly SignDefinition[] {
  const ids = new Set<string>();
  for (const def of defs) {
    if (def.meta.category !== category) throw new Error(`${def.meta.code}: category ${def.meta.category}, expected ${category}`);
    if (ids.has(def.meta.id)) throw new Error(`${def.meta.code}: duplicate id ${def.meta.id}`);
    ids.add(def.meta.id);
  }
  return defs;
}

/** Where the generated files of a sign are served (public/signs/dk/<category>/<id>.webp|svg). */
export function signUrls(meta: Pick<CatalogueSign, "id" | "category">): Pick<CatalogueSign, "imageUrl" | "svgUrl"> {
  const base = `/signs/dk/${meta.category}/${encodeURIComponent(meta.id)}`;
  return { imageUrl: `${base}.webp`, svgUrl: `${base}.svg` };
}

export function toCatalogueSign(def: SignDefinition): CatalogueSign {
  return { ...def.meta, ...signUrls(def.meta) };
}

/** The SVG of a definition, e.g. a speed limit with the value the user typed. */
export function renderDefinitionSvg(def: SignDefinition, value?: string, options?: RenderOptions): string {
  return renderSignSvg(def.draw(value), options);
}

/**
 * The bridge to the catalogue's sign renderer: the SVG of `sign` showing `value` (a speed limit with any
 * number, a distance plate with any text, the name typed for a sign flagged shouldPromptForName), or
 * null when the catalogue cannot draw it (the caller then shows the catalogue's own picture).
 */
import { signLibrary } from "./sign-library";
import type { CatalogueSign } from "@/lib/signs/types";

export function renderParametricSign(sign: CatalogueSign, value: string): string | null {
  try {
    const library = signLibrary();
    return library ? library.renderCatalogueSignSvg(sign.id, value) : null;
  } catch (error) {
    // A value the drawing cannot take must not break the map: the sign shows its catalogue picture.
    console.error(`sign ${sign.id}: cannot render "${value}"`, error);
    return null;
  }
}

/**
 * A whole sign drawing used inside another drawing: a temporary sign on its yellow backing plate
 * ("på gul baggrundsplade") shows the A–E sign exactly as its series draws it. The inner sign is rendered by
 * the same renderer into a nested <svg> (its own viewBox, clip paths under their own id prefix) and placed
 * like a pictogram, so no series draws a sign twice and a change to A 39 shows on the temporary A 39 too.
 */
import { num } from "../render/geometry";
import { pictogram } from "../render/pictograms/draw";
import { renderSignSvg } from "../render/render-svg";
import type { Pictogram, SignDrawing } from "../render/types";

/** `drawing` as a pictogram of its own size; `idPrefix` keeps its clip-path ids apart from the host's. */
export function embeddedSign(drawing: SignDrawing, idPrefix: string): Pictogram {
  const { width, height } = drawing;
  const svg = renderSignSvg({ ...drawing, title: undefined }, { pixels: Math.max(width, height), idPrefix });
  // The nested document maps its viewBox onto exactly its drawing size (the pixel size is rounded).
  const nested = svg
    .replace(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /, "<svg ")
    .replace(/ width="[^"]*" height="[^"]*">/, ` width="${num(width)}" height="${num(height)}">`);
  return pictogram(`embedded-${idPrefix}`, width, height, () => nested);
}

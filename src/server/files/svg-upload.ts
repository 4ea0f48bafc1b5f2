import "server-only";
import sharp from "sharp";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { MAX_REFERENCE_DEPTH, MAX_RENDERED_ELEMENTS } from "../signs/svg-cost";
import { sanitizeSvg } from "../signs/svg-sanitizer";
import { MAX_SIGN_PIXELS, MAX_SVG_BYTES, MAX_SVG_IMAGE_PIXELS } from "@/lib/schemas/signs";
import type { SiteId } from "@/sites/registry";

/** The answer's `code` when an SVG was refused by the sanitiser; `reason` names the construct. */
export const SVG_REFUSED = "SVG_REFUSED";

/** Whether an upload starts like markup (after a byte-order mark and white space): the only way an SVG starts. */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  return new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("<");
}

/**
 * An uploaded SVG as it is stored: it must pass the sanitiser (./signs/svg-sanitizer.ts; a hostile one
 * is refused with its reason, never cleaned and kept) and be drawable, which librsvg parsing it checks
 * (valid XML that is no usable SVG fails there). The one check of sign artwork and company logos.
 * Answers the cleaned drawing and the size librsvg gives it (its width and height, or its viewBox).
 */
export async function checkUploadedSvg(site: SiteId, bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const t = serverTranslator(site);
  const result = await sanitizeSvg(bytes);
  if (!result.ok) {
    const reason = t(`api.signs.svgReason.${result.reason}`, {
      detail: result.detail,
      mb: MAX_SVG_BYTES / 1024 / 1024,
      elements: MAX_RENDERED_ELEMENTS,
      depth: MAX_REFERENCE_DEPTH,
      canvasMegapixels: MAX_SIGN_PIXELS / 1_000_000,
      imageMegapixels: Math.round(MAX_SVG_IMAGE_PIXELS / 100_000) / 10,
    });
    const tooMany = result.reason === "tooLarge" || result.reason === "imageTooLarge" || result.reason === "canvasTooLarge";
    throw new ApiError(tooMany ? 413 : 400, t("api.signs.svgRefused", { reason }), {
      code: SVG_REFUSED,
      reason: result.reason,
    });
  }
  const data = Buffer.from(result.svg);
  try {
    const meta = await sharp(data).metadata();
    return { data, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new ApiError(400, t("api.signs.readError"));
  }
}

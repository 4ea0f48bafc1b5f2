/**
 * Paper sizes and drawing scales: how large, on the ground, an uploaded background drawing is. A plan
 * made on paper at "A3, 1:500" shows 420 mm × 500 = 210 m along its longest side; placing the image at
 * that size makes rulers, areas and sign sizes drawn on it true. Universal: the editor places the image
 * with it, and exporters and the server may check the same arithmetic.
 */
import { PAPER_SIZES } from "@/lib/plan-limits";

export type PaperSize = (typeof PAPER_SIZES)[number];

/** ISO 216 A-series sheets in millimetres, long side first. */
const PAPER_MM: Readonly<Record<PaperSize, { longMm: number; shortMm: number }>> = {
  A4: { longMm: 297, shortMm: 210 },
  A3: { longMm: 420, shortMm: 297 },
  A2: { longMm: 594, shortMm: 420 },
  A1: { longMm: 841, shortMm: 594 },
  A0: { longMm: 1189, shortMm: 841 },
};

/** The same rule as the API's `scaleSchema` (1:1 to 1:9999999), so what the server stored always parses. */
const SCALE_PATTERN = /^1:([1-9]\d{0,6})$/;

export function isPaperSize(value: unknown): value is PaperSize {
  return typeof value === "string" && (PAPER_SIZES as readonly string[]).includes(value);
}

/** The sheet's sides in millimetres, long side first; null for anything but A4 to A0. */
export function paperSizeMm(size: string | null | undefined): { longMm: number; shortMm: number } | null {
  return isPaperSize(size) ? PAPER_MM[size] : null;
}

/** "1:500" → 500, the scale's denominator; null when the text is not a scale in the API's format. */
export function parseScale(scale: string | null | undefined): number | null {
  const match = scale ? SCALE_PATTERN.exec(scale.trim()) : null;
  return match ? Number(match[1]) : null;
}

export interface PixelSize {
  widthPx: number;
  heightPx: number;
}

export interface GroundSize {
  widthM: number;
  heightM: number;
}

/**
 * The ground size in metres of an image that shows a whole sheet of `paperSize` drawn at `scale`: its
 * longest side is the sheet's longest side times the scale's denominator, and the other side follows
 * the image's own proportions (a scan with margins, or a photo of the sheet, need not be exactly √2).
 * Null without both a paper size and a scale, or for an empty image: then nothing about the image is
 * to scale, and callers must say so (content §5: no ruler for such a background).
 */
export function groundSizeOfImage(
  image: PixelSize,
  paperSize: string | null | undefined,
  scale: string | null | undefined,
): GroundSize | null {
  const paper = paperSizeMm(paperSize);
  const denominator = parseScale(scale);
  if (!paper || !denominator || !(image.widthPx > 0) || !(image.heightPx > 0)) return null;
  const longestM = (paper.longMm / 1000) * denominator;
  return sizeWithLongestSide(image, longestM);
}

/** The image's proportions with its longest side `longestM` metres long. */
export function sizeWithLongestSide(image: PixelSize, longestM: number): GroundSize {
  const longestPx = Math.max(image.widthPx, image.heightPx);
  return { widthM: (image.widthPx / longestPx) * longestM, heightM: (image.heightPx / longestPx) * longestM };
}

/**
 * The longest ground side in metres that a sheet of `paperSize` at `scale` covers, whatever the image's
 * proportions; null without both. Lets the editor size the view's limits before the image has loaded.
 */
export function groundLongestSideM(paperSize: string | null | undefined, scale: string | null | undefined): number | null {
  const paper = paperSizeMm(paperSize);
  const denominator = parseScale(scale);
  return paper && denominator ? (paper.longMm / 1000) * denominator : null;
}

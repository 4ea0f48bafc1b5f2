/**
 * A page as JPEG: the base map's pieces and the page's SVG drawn into one canvas at the print
 * resolution, lowered when the page would pass MAX_PAGE_PIXELS (DOMAIN.md: browsers refuse canvases
 * near 268 megapixels and fail silently with a blank image well before their memory runs out).
 */
import type { BaseMapPiece } from "./base-map";
import { MM_PER_INCH } from "./print-frame";
import { canvasBytes } from "./canvas";

/** A0 at 300 dpi is 139 megapixels; this keeps one canvas of it with room to spare. */
export const MAX_PAGE_PIXELS = 150_000_000;
const JPEG_QUALITY = 0.9;

/** The resolution a page of this size is written at: `dpi`, or less when the page would not fit one canvas. */
export function jpgDpi(widthMm: number, heightMm: number, dpi: number): number {
  const pixels = (widthMm / MM_PER_INCH) * dpi * ((heightMm / MM_PER_INCH) * dpi);
  return pixels <= MAX_PAGE_PIXELS ? dpi : Math.floor(dpi * Math.sqrt(MAX_PAGE_PIXELS / pixels));
}

export async function writeJpg(
  page: { width: number; height: number; pieces: readonly BaseMapPiece[]; svg: string },
  dpi: number,
): Promise<Blob> {
  const scale = jpgDpi(page.width, page.height, dpi) / MM_PER_INCH;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(page.width * scale);
  canvas.height = Math.round(page.height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvasContext");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (const piece of page.pieces)
    context.drawImage(piece.canvas, piece.x * scale, piece.y * scale, piece.width * scale, piece.height * scale);
  const url = URL.createObjectURL(new Blob([page.svg], { type: "image/svg+xml" }));
  try {
    const overlay = new Image();
    overlay.src = url;
    await overlay.decode();
    context.drawImage(overlay, 0, 0, canvas.width, canvas.height);
  } finally {
    URL.revokeObjectURL(url);
  }
  const bytes = await canvasBytes(canvas, "image/jpeg", JPEG_QUALITY);
  canvas.width = 0;
  canvas.height = 0;
  return new Blob([bytes as BlobPart], { type: "image/jpeg" });
}

import type { BaseMapPiece } from "./base-map";

/** A canvas as encoded bytes: `toBlob` rather than `toDataURL`, which holds a large page twice over as text (DOMAIN.md). */
export async function canvasBytes(canvas: HTMLCanvasElement, type: "image/jpeg" | "image/png", quality?: number): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new Error("canvasEncode");
  return new Uint8Array(await blob.arrayBuffer());
}

/** A base-map piece, encoded, and where it goes on the page (mm). */
export interface PdfImage {
  x: number;
  y: number;
  width: number;
  height: number;
  jpeg: Uint8Array;
}

/** Base map quality in the PDF: JPEG at 0.88 keeps a map's lines and lettering clean at a third of PNG's size. */
const JPEG_QUALITY = 0.88;

/** A piece encoded as it is rendered, so its canvas can go before the next is drawn. */
export async function pdfImageOf(piece: BaseMapPiece): Promise<PdfImage> {
  return {
    x: piece.x,
    y: piece.y,
    width: piece.width,
    height: piece.height,
    jpeg: await canvasBytes(piece.canvas, "image/jpeg", JPEG_QUALITY),
  };
}

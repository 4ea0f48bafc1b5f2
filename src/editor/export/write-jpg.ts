/**
 * A page as JPEG: one canvas at the print resolution (lowered when the page would pass MAX_PAGE_PIXELS;
 * DOMAIN.md: browsers refuse canvases near 268 megapixels and fail silently with a blank image well
 * before their memory runs out), the base map's pieces drawn into it as they are rendered, then the
 * page's SVG over them. The file states the resolution it was drawn at (JFIF and EXIF), so it prints to scale.
 */
import type { BaseMapPiece } from "./base-map";
import { canvasBytes } from "./canvas";
import { withResolution } from "./jpeg-resolution";
import { MM_PER_INCH } from "./print-frame";

/** A0 at 300 dpi is 139 megapixels; this keeps one canvas of it with room to spare. */
export const MAX_PAGE_PIXELS = 150_000_000;
const JPEG_QUALITY = 0.9;

/** The resolution a page of this size is written at: `dpi`, or less when the page would not fit one canvas. */
export function jpgDpi(widthMm: number, heightMm: number, dpi: number): number {
  const pixels = (widthMm / MM_PER_INCH) * dpi * ((heightMm / MM_PER_INCH) * dpi);
  return pixels <= MAX_PAGE_PIXELS ? dpi : Math.floor(dpi * Math.sqrt(MAX_PAGE_PIXELS / pixels));
}

export class JpgPage {
  private readonly canvas = document.createElement("canvas");
  private readonly context: CanvasRenderingContext2D;
  private readonly scale: number;
  /** The resolution the page is drawn at, which the file states. */
  private readonly dpi: number;

  constructor(width: number, height: number, dpi: number) {
    this.dpi = jpgDpi(width, height, dpi);
    this.scale = this.dpi / MM_PER_INCH;
    this.canvas.width = Math.round(width * this.scale);
    this.canvas.height = Math.round(height * this.scale);
    const context = this.canvas.getContext("2d");
    if (!context) throw new Error("canvasContext");
    this.context = context;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, this.canvas.width, this.canvas.height);
  }

  /** Draws a base-map piece where it goes (at the page's resolution, which may differ from the piece's). */
  drawPiece = (piece: BaseMapPiece): void => {
    const s = this.scale;
    this.context.drawImage(piece.canvas, piece.x * s, piece.y * s, piece.width * s, piece.height * s);
  };

  /** The page's SVG over the base map, encoded; the canvas is released. */
  async finish(svg: string): Promise<Blob> {
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    try {
      const overlay = new Image();
      overlay.src = url;
      await overlay.decode();
      this.context.drawImage(overlay, 0, 0, this.canvas.width, this.canvas.height);
      const bytes = withResolution(await canvasBytes(this.canvas, "image/jpeg", JPEG_QUALITY), this.dpi);
      return new Blob([bytes as BlobPart], { type: "image/jpeg" });
    } finally {
      URL.revokeObjectURL(url);
      this.release();
    }
  }

  release(): void {
    this.canvas.width = 0;
    this.canvas.height = 0;
  }
}

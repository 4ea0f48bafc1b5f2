/**
 * The pictures of a sign list's signs for its exports (PDF and Excel). A sign's picture is the one the
 * map shows (../kinds/sign/sign-image.ts: the catalogue's SVG, an administrator's artwork, a parametric
 * sign drawn with its value, or the uploaded image). SVG stays SVG text, so the PDF draws it as vector;
 * anything else is decoded and re-encoded as PNG (jsPDF and Excel take PNG, not webp).
 *
 * Within the page's CSP (src/server/security-headers.ts): only same-origin URLs are fetched
 * (connect-src 'self'); a data: URL is decoded here, never fetched; SVG is rasterised by an <img> of a
 * blob: URL (img-src blob:) drawn on a canvas.
 */
import { resolveSignImage } from "../kinds/sign/sign-image";
import { loadSignLibrary } from "../kinds/sign/sign-library";
import type { CustomListSign } from "@/lib/schemas/custom-lists";

export type ListSignPicture =
  | { kind: "svg"; svg: string; aspect: number }
  | { kind: "png"; dataUrl: string; width: number; height: number }
  /** noImageUrl: the sign names no picture we know; convert: its picture could not be read or converted. */
  | { kind: "missing"; reason: "noImageUrl" | "convert" };

const SVG_DATA_URL = /^data:image\/svg\+xml(;[^,]*)?,/i;

/** The SVG text of an SVG data URL (URL-encoded or base64), or null for any other URL. */
export function svgOfDataUrl(url: string): string | null {
  const match = SVG_DATA_URL.exec(url);
  if (!match) return null;
  const payload = url.slice(match[0].length);
  if (/;base64/i.test(match[1] ?? "")) {
    const bytes = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  }
  return decodeURIComponent(payload);
}

/** Width / height of an SVG drawing: its viewBox, else its width and height attributes; 1 when it says neither. */
export function svgAspect(svg: string): number {
  const open = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const viewBox = /\bviewBox\s*=\s*["']([^"']+)["']/i
    .exec(open)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox && viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) return viewBox[2]! / viewBox[3]!;
  const width = Number.parseFloat(/\bwidth\s*=\s*["']([^"']+)["']/i.exec(open)?.[1] ?? "");
  const height = Number.parseFloat(/\bheight\s*=\s*["']([^"']+)["']/i.exec(open)?.[1] ?? "");
  return width > 0 && height > 0 ? width / height : 1;
}

/** Whether a URL may be fetched under connect-src 'self': a path on this origin. */
const isSameOriginPath = (url: string) => url.startsWith("/") && !url.startsWith("//");

/** Longest side of a raster picture put in the PDF: sharp at 18 mm when printed. */
const PDF_RASTER_MAX_SIDE = 512;

/** The picture of one sign as the PDF wants it: SVG text where the picture is SVG, else PNG. */
export async function pictureForPdf(sign: CustomListSign): Promise<ListSignPicture> {
  await loadSignLibrary();
  const image = resolveSignImage(sign.imageUrl, sign.value ? { text: sign.value, name: sign.value } : {});
  if (image.placeholder) return { kind: "missing", reason: "noImageUrl" };
  try {
    const inline = svgOfDataUrl(image.src);
    if (inline !== null) return { kind: "svg", svg: inline, aspect: svgAspect(inline) };
    if (!isSameOriginPath(image.src)) return { kind: "missing", reason: "noImageUrl" };
    const res = await fetch(image.src, { credentials: "same-origin" });
    if (!res.ok) return { kind: "missing", reason: "convert" };
    const type = res.headers.get("content-type") ?? "";
    if (type.includes("svg") || /\.svg$/i.test(image.src.split(/[?#]/, 1)[0] ?? "")) {
      const svg = await res.text();
      return { kind: "svg", svg, aspect: svgAspect(svg) };
    }
    return await rasterToPng(await res.blob(), PDF_RASTER_MAX_SIDE);
  } catch (error) {
    console.error("sign list: picture failed", sign.imageUrl, error);
    return { kind: "missing", reason: "convert" };
  }
}

/** The picture of one sign as a PNG of at most `maxSide` pixels (Excel takes no SVG). */
export async function pictureAsPng(sign: CustomListSign, maxSide: number): Promise<ListSignPicture> {
  const picture = await pictureForPdf(sign);
  if (picture.kind !== "svg") return picture;
  try {
    return await svgToPng(picture.svg, picture.aspect, maxSide);
  } catch (error) {
    console.error("sign list: SVG conversion failed", sign.imageUrl, error);
    return { kind: "missing", reason: "convert" };
  }
}

function fit(aspect: number, maxSide: number): { width: number; height: number } {
  return aspect >= 1
    ? { width: maxSide, height: Math.max(1, Math.round(maxSide / aspect)) }
    : { width: Math.max(1, Math.round(maxSide * aspect)), height: maxSide };
}

function canvasPng(draw: (ctx: CanvasRenderingContext2D) => void, width: number, height: number): ListSignPicture {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return { kind: "missing", reason: "convert" };
  draw(ctx);
  return { kind: "png", dataUrl: canvas.toDataURL("image/png"), width, height };
}

/** Draws SVG text through an <img> of a blob: URL onto a canvas of the wanted size (vector until then). */
export async function svgToPng(svg: string, aspect: number, maxSide: number): Promise<ListSignPicture> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.decoding = "async";
    img.src = url;
    await img.decode();
    const { width, height } = fit(aspect, maxSide);
    return canvasPng((ctx) => ctx.drawImage(img, 0, 0, width, height), width, height);
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function rasterToPng(blob: Blob, maxSide: number): Promise<ListSignPicture> {
  const bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    return canvasPng((ctx) => ctx.drawImage(bitmap, 0, 0, width, height), width, height);
  } finally {
    bitmap.close();
  }
}

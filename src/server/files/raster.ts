import "server-only";
import sharp from "sharp";

export type RasterFormat = "png" | "jpeg" | "webp";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The format the file's signature announces: PNG (its full 8-byte signature), JPEG (SOI marker) or WEBP
 * (a RIFF container of WEBP). Checked before any decoder sees the bytes, so none (SVG, TIFF, HEIF, …)
 * ever parses an upload it has no business with.
 */
export function sniffRasterFormat(bytes: Uint8Array): RasterFormat | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a)
    return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return null;
}

/**
 * The format and the size as shown (EXIF orientation applied) from the image's header: no pixel is
 * decoded, so the size can be checked before any is. Null when the header cannot be read (cut off, corrupt).
 */
export async function readRasterHeader(bytes: Uint8Array): Promise<{ format: string | undefined; width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { format: meta.format, width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
  } catch {
    return null;
  }
}

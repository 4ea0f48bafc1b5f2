/** The raster formats the server accepts for uploaded images (sign images, plan backgrounds). */
export type RasterFormat = "png" | "jpeg" | "webp";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The format the file's signature announces: PNG (its full 8-byte signature), JPEG (SOI marker) or WEBP
 * (a RIFF container of WEBP). The server checks it before any decoder sees the bytes, so none (SVG,
 * TIFF, HEIF, …) ever parses an upload it has no business with; the browser checks it before uploading.
 * The first 12 bytes are enough.
 */
export function sniffRasterFormat(bytes: Uint8Array): RasterFormat | null {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a)
    return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return null;
}

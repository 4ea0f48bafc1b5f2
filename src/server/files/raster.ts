import "server-only";
import sharp from "sharp";

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

/**
 * A placed sign is identified by the last path segment of its image URL (spec 2-content §3; core §5:
 * "Parsing a sign from an image URL fails with 'Invalid image URL format' when the last path segment is
 * empty"). The extension is not part of the id, so a .webp preview and its .svg name the same sign.
 */
export const INVALID_IMAGE_URL = "Invalid image URL format";

export function signIdFromImageUrl(imageUrl: string): string {
  const path = imageUrl.split(/[?#]/, 1)[0] ?? "";
  const segment = path.slice(path.lastIndexOf("/") + 1);
  if (!segment) throw new Error(INVALID_IMAGE_URL);
  const dot = segment.lastIndexOf(".");
  return decodeURIComponent(dot > 0 ? segment.slice(0, dot) : segment);
}

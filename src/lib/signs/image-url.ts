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

/**
 * A built-in sign's picture where the catalogue serves it: /signs/<catalogue>/<category folder>/<id>.webp
 * or .svg (signUrls, seSignUrls, sewerSymbolUrls). Catalogue ids are letters, digits, ".", "_" and "-"
 * and start with a letter or digit, so the URL is never percent-encoded and no segment can be "." or
 * "..": a URL that passes cannot lead anywhere else once a browser resolves it ("/signs/%2e%2e/api/…"
 * is "/api/…" to fetch()).
 */
const CATALOGUE_IMAGE_PATH = /^\/signs\/(?:dk|se|sewer)\/[A-Za-z0-9_]+\/[A-Za-z0-9][A-Za-z0-9._-]*\.(?:webp|svg)$/;

/**
 * An uploaded sign's picture as signImageUrl hands it out: /api/sign-images/<128-bit key>/<file>, the
 * file a personal or organisation sign's "personal_12.webp", or an artwork's "<catalogue id>.svg|png".
 */
const UPLOADED_IMAGE_PATH = /^\/api\/sign-images\/[a-f0-9]{32}\/[A-Za-z0-9][A-Za-z0-9._-]*\.(?:webp|svg|png)$/;

/** Whether a URL has the form of a catalogue sign's picture (whether that sign exists is the catalogue's to say). */
export function isCatalogueImagePath(url: string): boolean {
  return CATALOGUE_IMAGE_PATH.test(url);
}

/**
 * Whether a sign's image URL is one this app hands out: a catalogue picture or an uploaded sign's, as a
 * path of our own origin. Not another host's URL, and nothing that a browser would resolve elsewhere.
 */
export function isOwnSignImageUrl(url: string): boolean {
  return CATALOGUE_IMAGE_PATH.test(url) || UPLOADED_IMAGE_PATH.test(url);
}

import "server-only";

/** The types a user's file is stored with, and the extension its served name gets. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "application/pdf": "pdf",
};

/**
 * A stored user upload (plan background, sign image) as an HTTP answer. Every such route answers through
 * this, so none forgets a header. The file is ours to serve, not ours to trust: even one that was checked
 * and rewritten on upload (and files stored before that was done were not) must not become a page of our
 * origin when someone opens its URL directly.
 * - `Content-Type` is the type its bytes were found to be on upload; anything else is served as an
 *   opaque download, and `nosniff` keeps browsers from second-guessing either;
 * - the sandboxing CSP makes a document opened from it (an SVG, a PDF in the browser's viewer) a unique
 *   origin with no scripts, forms or plugins that loads nothing, apart from inline styles and data:
 *   images that sanitised SVG artwork uses;
 * - `Content-Disposition` names it `<stem>.<extension of its type>`, so a download is saved under a name
 *   that matches what it is.
 */
export function userFileResponse(
  file: { data: Uint8Array; contentType: string },
  options: { stem: string; cacheControl: string },
): Response {
  const extension = EXTENSIONS[file.contentType];
  const stem = options.stem.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100) || "file";
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": extension ? file.contentType : "application/octet-stream",
      "content-disposition": `${extension ? "inline" : "attachment"}; filename="${stem}.${extension ?? "bin"}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "cache-control": options.cacheControl,
    },
  });
}

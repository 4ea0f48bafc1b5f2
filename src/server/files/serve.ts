import "server-only";

/** The types a user's file is stored with, and the extension its served name gets. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "application/pdf": "pdf",
};

/** Characters no saved file's name should hold: a path's separators, those Windows refuses, a header's quote. */
const UNSAFE_IN_FILE_NAME = new Set(['"', "\\", "/", ":", "*", "?", "<", ">", "|"]);

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates and the marks). In a name they only
 * reorder what is shown: "Plan\u202Efdp.exe" reads as "Planexe.pdf" in a download bar or a file manager.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A name as a user gave it, fit to be a file's name on any system: control characters and the characters
 * above become "_", bidirectional controls are dropped, white space is trimmed, at most 150 characters.
 * Letters of any language stay.
 */
export function safeFileStem(name: string): string {
  const chars = [...name.replace(BIDI_CONTROLS, "")].map((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || UNSAFE_IN_FILE_NAME.has(c) ? "_" : c;
  });
  return chars.join("").trim().slice(0, 150).trim();
}

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
 *   that matches what it is. With `attachment` it is always a download, the stem as the user named it
 *   (RFC 6266: an ASCII `filename` for old clients and the UTF-8 `filename*`, so "Plan Ærøgade" is
 *   saved as that).
 */
export function userFileResponse(
  file: { data: Uint8Array; contentType: string },
  options: { stem: string; cacheControl: string; attachment?: boolean },
): Response {
  const extension = EXTENSIONS[file.contentType];
  const asciiStem = options.stem.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100) || "file";
  const name = `${asciiStem}.${extension ?? "bin"}`;
  let disposition = `${extension && !options.attachment ? "inline" : "attachment"}; filename="${name}"`;
  if (options.attachment && extension) {
    const stem = safeFileStem(options.stem) || asciiStem;
    // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's value may not hold them.
    const encoded = encodeURIComponent(`${stem}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    disposition += `; filename*=UTF-8''${encoded}`;
  }
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": extension ? file.contentType : "application/octet-stream",
      "content-disposition": disposition,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "cache-control": options.cacheControl,
    },
  });
}

import "server-only";
import { Readable } from "node:stream";
import { BODY_LENGTH_HEADER } from "../internal-headers";

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

/** Control characters and the characters above, each made "_"; everything else (letters of any language) stays. */
export function replaceUnsafeFileNameChars(name: string): string {
  return [...name]
    .map((c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 || (code >= 0x7f && code <= 0x9f) || UNSAFE_IN_FILE_NAME.has(c) ? "_" : c;
    })
    .join("");
}

/**
 * A name as a user gave it, fit to be a file's name on any system: control characters and the characters
 * above become "_", bidirectional controls are dropped, white space is trimmed, at most 150 characters.
 * Letters of any language stay.
 */
export function safeFileStem(name: string): string {
  return replaceUnsafeFileNameChars(name.replace(BIDI_CONTROLS, "")).trim().slice(0, 150).trim();
}

/** The sandboxing CSP every served user file carries (see userFileResponse). */
const USER_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * The headers every served user file carries, whatever its body (bytes in hand or a stream): its type,
 * `nosniff`, the sandboxing CSP, its Content-Disposition and caching, and its length when known.
 */
function userFileHeaders(contentType: string, disposition: string, cacheControl: string, size?: number): Record<string, string> {
  return {
    "content-type": contentType,
    "content-disposition": disposition,
    "x-content-type-options": "nosniff",
    "content-security-policy": USER_FILE_CSP,
    "cache-control": cacheControl,
    // Next drops Content-Length from route handlers' answers; server.ts restores it from BODY_LENGTH_HEADER.
    ...(size === undefined ? {} : { "content-length": String(size), [BODY_LENGTH_HEADER]: String(size) }),
  };
}

/** `attachment` with an ASCII `filename` for old clients and the UTF-8 `filename*` (RFC 6266, RFC 5987). */
function attachmentDisposition(asciiName: string, utf8Name: string): string {
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's value may not hold them.
  const encoded = encodeURIComponent(utf8Name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
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
  const disposition =
    options.attachment && extension
      ? attachmentDisposition(name, `${safeFileStem(options.stem) || asciiStem}.${extension}`)
      : `${extension && !options.attachment ? "inline" : "attachment"}; filename="${name}"`;
  return new Response(new Uint8Array(file.data), {
    headers: userFileHeaders(extension ? file.contentType : "application/octet-stream", disposition, options.cacheControl),
  });
}

/**
 * A stored file too large to hold (the archive's, up to 2 GiB) streamed as a download under the user's
 * own file name (already made safe on upload), with the same headers as userFileResponse: the stored
 * type as it is (nosniff: the browser takes it at its word), always an attachment, the sandboxing CSP,
 * and its length.
 */
export function userFileStreamResponse(
  file: { stream: Readable; contentType: string; size: number },
  options: { fileName: string; cacheControl: string },
): Response {
  // Not safeFileStem's 150 characters: an archive name has up to 255, and its extension is at the end.
  const utf8Name = replaceUnsafeFileNameChars(options.fileName.replace(BIDI_CONTROLS, "")).trim() || "file";
  const asciiName = utf8Name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(-100) || "file";
  const body = Readable.toWeb(file.stream) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: userFileHeaders(file.contentType, attachmentDisposition(asciiName, utf8Name), options.cacheControl, file.size),
  });
}

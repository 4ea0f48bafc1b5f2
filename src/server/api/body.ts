import "server-only";
import { ApiError, isClientAbort } from "./errors";
import { serverTranslator } from "../i18n";
import type { SiteId } from "@/sites/registry";

/**
 * The one reader of request bodies, JSON and multipart alike: each reads at most its limit, counting
 * while it streams, so an oversized body is refused (413) without being held in memory whole.
 */

/**
 * The limit of a JSON body that is not a plan. The largest valid one, PATCH /user-settings with its
 * 96 sign URLs of up to 2 KB, is about 200 KB; 1 MB leaves room for that and for any text a user types,
 * and still bounds what an anonymous caller can make the server hold.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Room for the multipart framing and the text fields beside a file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The deepest nesting a JSON body may have. A plan needs under 10 levels; 10,000 levels pass
 * JSON.parse but overflow the stack of the recursive code after it (zod, JSON.stringify).
 */
export const MAX_JSON_DEPTH = 100;

export interface BodyLimit {
  maxBytes: number;
  /** The 413's message, in the caller's language. */
  tooLarge: string;
}

/**
 * The body's bytes, at most `limit.maxBytes` (a 413 beyond it). The body may come gzipped
 * (`Content-Encoding: gzip`, RFC 9110 §8.4: the editor compresses a plan before it saves it); the limit
 * then holds for the body as unpacked, counted while it unpacks, so a small archive of a huge body is
 * refused as soon as it passes the limit. Any other encoding is a 415; a gzip stream that does not
 * unpack is `invalid` (a 400).
 */
async function readBytes(req: Request, site: SiteId, limit: BodyLimit, invalid: () => ApiError): Promise<Uint8Array> {
  const tooLarge = () => new ApiError(413, limit.tooLarge);
  const encoding = (req.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") throw new ApiError(415, serverTranslator(site)("api.errors.unsupportedEncoding"));
  if (Number(req.headers.get("content-length") ?? "0") > limit.maxBytes) throw tooLarge();
  if (!req.body) return new Uint8Array();
  const reader = (encoding === "gzip" ? req.body.pipeThrough(new DecompressionStream("gzip")) : req.body).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      if (encoding === "gzip" && !isClientAbort(error)) throw invalid();
      throw error;
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > limit.maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/** Whether JSON text nests deeper than `limit` (strings skipped), in one pass over its characters. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** `application/json` or a `+json` type, with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * A JSON body, at most JSON_BODY_LIMIT unless the endpoint names its own limit; an empty body is `{}`.
 * A body that is not JSON, or nests deeper than MAX_JSON_DEPTH, is a 400. A body not labelled as JSON
 * is a 415: a page on another site can send text/plain or a form to us without asking the browser's
 * CORS preflight, but not application/json, so the label keeps such pages away from the endpoints open
 * without a token (login, registration, the e-mail endpoints).
 */
export async function readJson(req: Request, site: SiteId, limit?: BodyLimit): Promise<unknown> {
  const t = serverTranslator(site);
  const invalid = () => new ApiError(400, t("api.errors.invalidJson"));
  const bytes = await readBytes(
    req,
    site,
    limit ?? { maxBytes: JSON_BODY_LIMIT, tooLarge: t("api.errors.tooLarge", { mb: JSON_BODY_LIMIT / 1024 / 1024 }) },
    invalid,
  );
  const text = new TextDecoder().decode(bytes);
  if (!text) return {};
  if (!JSON_MEDIA_TYPE.test(req.headers.get("content-type") ?? "")) throw new ApiError(415, t("api.errors.notJson"));
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ApiError(400, t("api.errors.tooDeep"));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid();
  }
}

/**
 * A multipart/form-data body of at most `limit.maxBytes`. A body of another type, or one that does not
 * parse as a form, is a 400 with `notAForm` (what the endpoint asks for, e.g. "Choose a file").
 */
export async function readForm(req: Request, site: SiteId, limit: BodyLimit & { notAForm: string }): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  const notAForm = () => new ApiError(400, limit.notAForm);
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) throw notAForm();
  const bytes = await readBytes(req, site, limit, notAForm);
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw notAForm();
  }
}

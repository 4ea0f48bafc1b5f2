import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { ApiError, isClientAbort } from "./errors";
import { uploadTempDir } from "../storage";
import { serverTranslator } from "../i18n";
import type { SiteId } from "@/sites/registry";

/**
 * The one reader of request bodies, JSON and multipart alike: each reads at most its limit, counting
 * while it streams, so an oversized body is refused (413) without being held in memory whole. A JSON
 * body is held (it is parsed whole anyway); a multipart upload is never: its file streams to the disk.
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

/** The body's Content-Encoding: none or gzip; any other is a 415. */
function bodyEncoding(req: Request, site: SiteId): "identity" | "gzip" {
  const encoding = (req.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") throw new ApiError(415, serverTranslator(site)("api.errors.unsupportedEncoding"));
  return encoding;
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
  const encoding = bodyEncoding(req, site);
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

/** The most text fields an upload form carries (an export has one, a sign image two). */
const MAX_FORM_FIELDS = 20;

/** The longest text field of an upload form, in bytes: an export's settings are at most 64 KiB (SETTINGS_TEXT_MAX). */
export const FORM_FIELD_MAX_BYTES = 64 * 1024;

/** An upload's file, as it arrived: in a temporary file, never in memory. */
export interface UploadedFile {
  /** The temporary file; removed when the upload's callback has returned (stored files are moved out first). */
  path: string;
  size: number;
  /** The name the browser gave it: for a download's name at most, never for its type. */
  name: string;
}

/** A multipart upload: its text fields (for a zod schema) and its part named "file" (null without one). */
export interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

export interface UploadLimit {
  /** The most bytes the file may have; the form around it may add FORM_OVERHEAD_BYTES. */
  maxFileBytes: number;
  /** The 413's message, in the caller's language. */
  tooLarge: string;
  /** The 400's message for a body that is not a form (what the endpoint asks for, e.g. "Choose a file"). */
  notAForm: string;
  /** The name of the file part, "file" unless the API documents another (the logo's is "logo"). */
  fileField?: string;
}

/**
 * Reads a multipart/form-data upload as it streams in and runs `handle` on it. The file part named "file"
 * goes to a temporary file as it arrives (busboy parses the stream; nothing holds the body whole), counted
 * against `limit.maxFileBytes` and the whole body against that plus FORM_OVERHEAD_BYTES: past either, the
 * request stream is cancelled and the answer is a 413. Text fields are bounded (FORM_FIELD_MAX_BYTES,
 * MAX_FORM_FIELDS). A body that is not a well-formed form is a 400 with `limit.notAForm`. The temporary
 * file is removed when `handle` has finished, whatever it did: to keep the file, store it with putFile.
 * Callers check the user's right to the target before calling this, so a body nobody may send is never read.
 */
export async function withUploadForm<T>(
  req: Request,
  site: SiteId,
  limit: UploadLimit,
  handle: (form: UploadForm) => Promise<T>,
): Promise<T> {
  const root = uploadTempDir();
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(path.join(root, "upload-"));
  try {
    const toDisk: FileSink<number> = async (stream) => {
      const out = createWriteStream(path.join(dir, "file"));
      await pipeline(stream, out);
      return out.bytesWritten;
    };
    const form = await readUploadForm(req, site, limit, toDisk);
    const file = form.file ? { path: path.join(dir, "file"), size: form.file.result, name: form.file.name } : null;
    return await handle({ fields: form.fields, file });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Where an upload's file part goes as it arrives (a temporary file, or straight into file storage): it
 * reads `stream` to its end and answers what it made of it. The stream ends early, cut at the limit, when
 * the file is too large (the form then fails with a 413), and errors when the client goes away; the sink
 * must keep nothing then, or say what it kept in its answer so that the caller can remove it.
 */
export type FileSink<R> = (stream: Readable, info: { name: string; mimeType: string }) => Promise<R>;

/** A form read through a FileSink: its text fields and what the sink made of the file part. */
export interface StreamedUploadForm<R> {
  fields: Record<string, string>;
  file: { result: R; name: string; mimeType: string } | null;
}

/**
 * Reads a multipart upload as withUploadForm does, handing the file part to `sink` as it streams in (the
 * archive's sink puts it straight into file storage). The form can still fail after the sink has
 * answered (a field too long, the file cut at its limit): a sink that stores remembers what it stored,
 * for the caller to remove then.
 */
export async function readUploadForm<R>(req: Request, site: SiteId, limit: UploadLimit, sink: FileSink<R>): Promise<StreamedUploadForm<R>> {
  const contentType = req.headers.get("content-type") ?? "";
  const notAForm = () => new ApiError(400, limit.notAForm);
  const tooLarge = () => new ApiError(413, limit.tooLarge);
  const maxBytes = limit.maxFileBytes + FORM_OVERHEAD_BYTES;
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) throw notAForm();
  const encoding = bodyEncoding(req, site);
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!req.body) throw notAForm();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send a file's name as UTF-8 ("Skilteplan Ærøgade.pdf"); busboy reads latin1 unless told.
      defParamCharset: "utf8",
      // busboy calls a file that reaches its fileSize "over the limit": one byte more is the first too many.
      limits: { fileSize: limit.maxFileBytes + 1, fields: MAX_FORM_FIELDS, fieldSize: FORM_FIELD_MAX_BYTES, parts: MAX_FORM_FIELDS + 4 },
    });
  } catch {
    throw notAForm(); // a boundary busboy cannot use
  }

  const fields: Record<string, string> = {};
  let file: { result: R; name: string; mimeType: string } | null = null;
  let fileSeen = false;
  const writes: Promise<void>[] = [];
  // The first thing that went wrong (an ApiError for the client, anything else is ours); the reading stops at it.
  let failure: unknown = null;
  let failed = () => {};
  const failedSignal = new Promise<void>((resolve) => (failed = resolve));
  const fail = (error: unknown) => {
    failure ??= error;
    failed();
  };
  const fieldTooLong = () => new ApiError(413, serverTranslator(site)("api.errors.fieldTooLong"));

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail(fieldTooLong());
    else fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== (limit.fileField ?? "file") || fileSeen) {
      stream.resume(); // another file part: counted against the body's limit, kept nowhere
      return;
    }
    fileSeen = true;
    stream.on("limit", () => fail(tooLarge()));
    const fileInfo = { name: info.filename ?? "", mimeType: info.mimeType };
    writes.push(
      sink(stream, fileInfo).then(
        (result) => void (file = { result, ...fileInfo }),
        (error: unknown) => fail(error), // the disk failed us (full, gone): not the client's fault, a 500
      ),
    );
  });
  parser.on("fieldsLimit", () => fail(fieldTooLong()));
  parser.on("partsLimit", () => fail(notAForm()));
  parser.on("error", () => fail(notAForm()));
  const parsed = new Promise<void>((resolve) => parser.on("close", resolve));

  const source = encoding === "gzip" ? req.body.pipeThrough(new DecompressionStream("gzip")) : req.body;
  const reader = source.getReader();
  let size = 0;
  try {
    while (!failure) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw encoding === "gzip" && !isClientAbort(error) ? notAForm() : error;
      }
      if (next.done) {
        parser.end();
        await Promise.race([parsed, failedSignal]);
        break;
      }
      size += next.value.byteLength;
      if (size > maxBytes) fail(tooLarge());
      else {
        const chunk = next.value;
        // Waits until busboy has taken the chunk: it holds back while the file's disk write catches up,
        // so a fast client on a slow disk waits in the network, not in our memory.
        await Promise.race([new Promise<void>((resolve) => parser.write(chunk, () => resolve())), failedSignal]);
      }
    }
    if (!failure) await Promise.all(writes);
  } catch (error) {
    fail(error);
  }
  if (failure) {
    parser.destroy();
    // The rest of the body is not read: cancelling tells the server to stop receiving it.
    await reader.cancel().catch(() => {});
    await Promise.allSettled(writes);
    throw failure;
  }
  return { fields, file };
}

/**
 * Cancels the body of a request that was refused before it was read (no user, no right to the plan, too
 * many uploads at once), so the server stops receiving it instead of reading what nobody will use.
 */
export function discardUnreadBody(req: Request): void {
  if (req.body && !req.bodyUsed && !req.body.locked) req.body.cancel().catch(() => {});
}

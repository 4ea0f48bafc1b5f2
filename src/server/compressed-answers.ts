/**
 * A plan's answer, compressed once and kept while it stays the same. Every answer Next gives is
 * compressed on the way out (./compression.ts), per request; for a plan that is the largest part of
 * the answer's time: about 12 ms of Brotli for 5,000 lines on this server's thread pool, streamed
 * behind the first bytes, while the browser waits for the plan to draw it. A plan is opened far more
 * often than it changes (every reload, every colleague, every read-only link), so its answer is kept
 * here compressed, and sent as it is while the text it was made from is unchanged.
 *
 * Unchanged means the same text: each entry holds a SHA-1 digest of the JSON it compressed (under a
 * millisecond for a large plan), and the caller's JSON is checked against it on every answer. So an
 * entry can never send anything but the answer the handler made for this very request: a save, a
 * rename, a direct change to the database or another user's view of the plan all make a different
 * text, and a new entry. The key only decides which entry replaces which.
 *
 * The answer goes through Next, which drops a route handler's Content-Encoding; it names its encoding
 * in PRECOMPRESSED_HEADER, and server.ts's compression layer makes that the Content-Encoding and
 * leaves the body as it is (./compression.ts).
 *
 * Bounded: an answer larger than MAX_ENTRY_BYTES compressed is not kept, and the least recently used
 * entries go once all of them together pass MAX_TOTAL_BYTES. The settings are the middleware's
 * (COMPRESSION_SETTINGS), so a kept answer is byte for byte what it would have sent.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { COMPRESSION_SETTINGS, PRECOMPRESSED_HEADER } from "./compression";
import { acceptedEncodings } from "./static-assets";

/** The most one kept answer may take, compressed (a plan of about 100,000 lines). */
export const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
/** The most all kept answers together may take. */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** Smaller answers are left to the middleware, as before (its threshold). */
const MIN_JSON_LENGTH = 1024;

type Encoding = "br" | "gzip";

interface Entry {
  digest: string;
  /** Copied once out of zlib's Buffer (a view into a shared pool), so a Response takes it as it is. */
  body: Uint8Array<ArrayBuffer>;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
const entries = new Map<string, Entry>();
let totalBytes = 0;
const counts = { hits: 0, misses: 0 };

function remove(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  totalBytes -= entry.body.length;
}

function keep(key: string, entry: Entry, limits: { entry: number; total: number }): void {
  remove(key);
  if (entry.body.length > limits.entry) return;
  entries.set(key, entry);
  totalBytes += entry.body.length;
  for (const oldest of entries.keys()) {
    if (totalBytes <= limits.total) break;
    remove(oldest);
  }
}

function compress(encoding: Encoding, text: Buffer): Promise<Buffer> {
  return encoding === "br" ? compressBrotli(text, { params: COMPRESSION_SETTINGS.brotli }) : compressGzip(text, { level: COMPRESSION_SETTINGS.gzipLevel });
}

function encodingFor(acceptEncoding: string | null): Encoding | null {
  const accepted = acceptedEncodings(acceptEncoding ?? undefined);
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

/**
 * A JSON answer for `key` (e.g. "plan:12"), compressed as the request accepts (Brotli, else gzip),
 * from the kept entry when it was made from the same text. An answer the client takes uncompressed,
 * or a small one, goes out as it is and is left to the middleware.
 */
export async function compressedJsonResponse(
  acceptEncoding: string | null,
  key: string,
  json: string,
  init: { headers: Headers },
  limits = { entry: MAX_ENTRY_BYTES, total: MAX_TOTAL_BYTES },
): Promise<Response> {
  const encoding = encodingFor(acceptEncoding);
  const { headers } = init;
  if (!encoding || json.length < MIN_JSON_LENGTH) return new Response(json, { headers });
  const entryKey = `${key} ${encoding}`;
  const digest = createHash("sha1").update(json).digest("base64");
  let entry = entries.get(entryKey);
  if (entry?.digest === digest) {
    counts.hits += 1;
    entries.delete(entryKey);
    entries.set(entryKey, entry);
  } else {
    counts.misses += 1;
    entry = { digest, body: new Uint8Array(await compress(encoding, Buffer.from(json))) };
    keep(entryKey, entry, limits);
  }
  // Next drops a route handler's Content-Encoding; server.ts's compression layer restores it (./compression.ts).
  headers.set(PRECOMPRESSED_HEADER, encoding);
  headers.append("vary", "Accept-Encoding");
  return new Response(entry.body, { headers }); // Response copies the bytes it is given
}

/** For tests: what the store holds and how often it answered from it. */
export function compressedAnswerStats(): { entries: number; bytes: number; hits: number; misses: number } {
  return { entries: entries.size, bytes: totalBytes, ...counts };
}

/** For tests: forgets everything. */
export function clearCompressedAnswers(): void {
  entries.clear();
  totalBytes = 0;
  counts.hits = 0;
  counts.misses = 0;
}

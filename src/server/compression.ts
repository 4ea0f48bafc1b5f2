/**
 * Every answer Next gives, compressed on the way out (server.ts runs each request that is not a
 * built file through this before Next; Next's own compression is off, next.config.ts). Next
 * compressed the pages it renders, but not what route handlers answer, so a plan (about 160 bytes of
 * JSON per line: 815 KB for 5,000 lines) crossed the network as it is on every open, and on a phone's
 * connection at a road works that is seconds. Compressing pages here too means a page's text can be
 * changed before it is compressed (src/server/map-first.ts). expressjs' `compression` negotiates the
 * encoding (Brotli, gzip), skips incompressible types (images, PDFs) and `Cache-Control: no-transform`,
 * and sets `Vary: Accept-Encoding`. (Its 1 KB threshold applies only to answers whose length is known
 * before the first write; Next streams route handlers' answers, so a small one is compressed too, at a
 * cost of microseconds.)
 *
 * Fast settings, since the answers are made per request: Brotli quality 2 and gzip level 1 compress that
 * plan to about 200 KB in about 8 ms, on zlib's thread pool rather than the server's one thread
 * (quality 5 or level 6 take 25–30 ms for 5 % less). An answer that is already encoded is passed on
 * as it is: a plan's answer comes compressed from ./compressed-answers.ts, which keeps it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants } from "node:zlib";
import compression from "compression";
import { beforeHeaders } from "./before-headers";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * compression's own filter (compressible types, no `no-transform`), given the Content-Type as a string:
 * Next sets the header of a route handler's answer as a one-element array, which that filter reads as
 * no type at all.
 */
function filter(req: IncomingMessage, res: ServerResponse): boolean {
  const type = res.getHeader("content-type");
  if (Array.isArray(type) && type.length === 1) res.setHeader("content-type", type[0]!);
  return compression.filter(req as never, res as never);
}

/** The settings, shared with the plans' kept answers (./compressed-answers.ts). */
export const COMPRESSION_SETTINGS = {
  brotli: { [constants.BROTLI_PARAM_QUALITY]: 2 },
  gzipLevel: 1,
} as const;

const compress = compression({
  filter,
  threshold: 1024,
  level: COMPRESSION_SETTINGS.gzipLevel,
  brotli: { params: COMPRESSION_SETTINGS.brotli },
}) as unknown as Middleware;

/**
 * How a route handler hands over an answer it compressed itself (./compressed-answers.ts): Next drops a
 * route handler's Content-Encoding (it cannot know the body was not decoded on the way), so the
 * handler names the encoding in this header instead, and withCompression makes it the answer's
 * Content-Encoding before the middleware looks, which then leaves the answer as it is.
 */
export const PRECOMPRESSED_HEADER = "x-precompressed-encoding";
const PRECOMPRESSED_ENCODINGS = new Set(["br", "gzip"]);

/** Runs `handle` with its answer compressed as the client accepts and the answer's type allows. */
export function withCompression(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  compress(req, res, () => {
    // Installed after the middleware's own hook, so this runs first when the headers go out.
    beforeHeaders(res, (answer) => {
      const named = answer.getHeader(PRECOMPRESSED_HEADER);
      if (named === undefined) return;
      answer.removeHeader(PRECOMPRESSED_HEADER);
      const encoding = String(Array.isArray(named) ? named[0] : named);
      if (PRECOMPRESSED_ENCODINGS.has(encoding)) answer.setHeader("content-encoding", encoding);
    });
    handle();
  });
}

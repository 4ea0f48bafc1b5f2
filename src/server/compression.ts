/**
 * Every answer Next gives, compressed on the way out (server.ts runs each request through this; Next's
 * own compression is off, next.config.ts). Next compresses the pages it renders but not what route
 * handlers answer, so a plan (about 160 bytes of JSON per line: 815 KB for 5,000 lines) would cross the
 * network as it is on every open, and on a phone's connection at a road works that is seconds. One layer
 * compresses everything alike. expressjs' `compression` negotiates the encoding (Brotli, gzip), skips
 * incompressible types (images, PDFs) and `Cache-Control: no-transform`, and sets
 * `Vary: Accept-Encoding`. (Its 1 KB threshold applies only to answers whose length is known before the
 * first write; Next streams route handlers' answers, so a small one is compressed too, at a cost of
 * microseconds.)
 *
 * Fast settings, since the answers are made per request: Brotli quality 2 and gzip level 1, on zlib's
 * thread pool rather than the server's one thread (README, "Compression", has the measurements).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants } from "node:zlib";
import compression from "compression";

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

const compress = compression({
  filter,
  threshold: 1024,
  level: 1,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
}) as unknown as Middleware;

/** Runs `handle` with its answer compressed as the client accepts and the answer's type allows. */
export function withCompression(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  compress(req, res, handle);
}

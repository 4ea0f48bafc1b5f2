/**
 * Headers between our route handlers and our own server, never sent on:
 * - `x-middleware-rewrite` names the internal path a page was rewritten to (/<site>/…). Next's App Router
 *   client never reads it (only the Pages Router's did), so it is dropped before the answer leaves.
 * - `x-body-length` (BODY_LENGTH_HEADER): Next drops Content-Length from every route handler's answer
 *   (send-response.js: a body fetch decoded would no longer match it), so a streamed download of a known
 *   size (the archive's, up to 2 GiB) would reach the browser without one, and without a total for its
 *   progress. The route names the length here; it becomes Content-Length when the answer goes out as it is,
 *   and is dropped when compression.ts compresses it (the length would be wrong).
 */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

export const BODY_LENGTH_HEADER = "x-body-length";

const INTERNAL = ["x-middleware-rewrite", BODY_LENGTH_HEADER] as const;

export function withoutInternalHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const named = res.getHeader(BODY_LENGTH_HEADER);
    const length = String(Array.isArray(named) ? named[0] : (named ?? ""));
    // compression.ts decides before this runs (its writeHead wraps this one) and sets Content-Encoding then.
    if (/^\d{1,16}$/.test(length) && !res.getHeader("content-encoding") && !res.headersSent) res.setHeader("content-length", length);
    for (const name of INTERNAL) res.removeHeader(name);
    for (const arg of args) {
      if (arg && typeof arg === "object" && !Array.isArray(arg)) {
        for (const key of Object.keys(arg))
          if ((INTERNAL as readonly string[]).includes(key.toLowerCase())) delete (arg as OutgoingHttpHeaders)[key];
      }
    }
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

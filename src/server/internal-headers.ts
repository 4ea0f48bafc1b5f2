/**
 * Headers Next leaves on its answers that only concern our own server: `x-middleware-rewrite` names the
 * internal path a page was rewritten to (/<site>/…). Next's App Router client never reads it (only the
 * Pages Router's did), so it is dropped before the answer leaves.
 */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

const INTERNAL = ["x-middleware-rewrite"] as const;

export function withoutInternalHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
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

/**
 * Serves the editor's map engine (scripts/build-engine.mjs) from server.ts, before Next sees the
 * request: /_engine/… from .engine/ (production: fingerprinted names, cached for a year as immutable,
 * like Next's own /_next/static) and, in development, /_engine-dev/… from .engine-dev/ (stable names,
 * revalidated on every load). Only plain file names under those folders are served; anything else is
 * a 404.
 */
import { createReadStream, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

export interface EngineAssetRoot {
  /** URL prefix with the trailing slash, e.g. "/_engine/". */
  url: string;
  dir: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** A plain file name in the folder that can be served, or null. */
export function engineAssetPath(root: EngineAssetRoot, pathname: string): string | null {
  if (!pathname.startsWith(root.url)) return null;
  const rest = pathname.slice(root.url.length);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.(js|mjs|map)$/.test(rest) || rest.includes("..")) return null;
  return path.join(root.dir, rest);
}

/** Answers the request when it is for an engine file; false when it is not (Next handles it). */
export function serveEngineAsset(roots: readonly EngineAssetRoot[], req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = (req.url ?? "/").split("?")[0]!;
  const root = roots.find((candidate) => pathname.startsWith(candidate.url));
  if (!root) return false;
  const file = engineAssetPath(root, pathname);
  let size = -1;
  let modified = 0;
  if (file) {
    try {
      const stats = statSync(file);
      if (stats.isFile()) {
        size = stats.size;
        modified = stats.mtimeMs;
      }
    } catch {
      // not there
    }
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return true;
  }
  if (!file || size < 0) {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Not found");
    return true;
  }
  const etag = `"${size.toString(16)}-${Math.floor(modified).toString(16)}"`;
  const headers = {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "cache-control": root.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    etag,
    "x-content-type-options": "nosniff",
  };
  if (req.headers["if-none-match"] === etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  res.writeHead(200, { ...headers, "content-length": String(size) });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
  return true;
}

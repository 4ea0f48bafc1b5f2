/**
 * Serves the build's static files from server.ts, before Next sees the request:
 * - /_next/static/… from .next/static (Next's fingerprinted chunks and CSS);
 * - /_engine/… from .engine (the editor's map engine, scripts/build-engine.mjs);
 * - in development, /_engine-dev/… from .engine-dev (stable names, revalidated on every load).
 *
 * The production files are compressed once, at build time (scripts/compress-assets.mjs writes a
 * `.br` and a `.gz` beside each one), and held in memory after their first request: a request costs
 * the server a lookup, not a compression. Next would gzip every chunk on every request on the one
 * thread that also answers the plan's API call; an open of /app asks for about twenty chunks at once.
 *
 * Only plain relative paths with known file types are served. A root that Next shares (/_next/static)
 * leaves a missing file to Next; the engine's own roots answer 404.
 */
import { readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { COMPRESSIBLE, ENCODINGS } from "../../scripts/compress-assets.mjs";

export interface StaticRoot {
  /** URL prefix with the trailing slash, e.g. "/_engine/". */
  url: string;
  dir: string;
  /** Fingerprinted names that never change: cached for a year by the browser and in memory here. */
  immutable: boolean;
  /** Files may sit in sub-folders (Next's chunks/ and <build id>/). */
  nested?: boolean;
  /** A file that is not there: answered 404 here, or left to Next ("next"). */
  missing?: "404" | "next";
  /** Only files with these extensions are served (default: every known type). */
  extensions?: readonly string[];
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
};

type Encoding = (typeof ENCODINGS)[number]["name"] | "identity";

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** The file a URL names under the root, or null when it is not a plain path of a known type. */
export function staticAssetPath(root: StaticRoot, pathname: string): string | null {
  if (!pathname.startsWith(root.url)) return null;
  const segments = pathname.slice(root.url.length).split("/");
  if (segments.length > (root.nested ? 4 : 1)) return null;
  if (!segments.every((segment) => SEGMENT.test(segment) && !segment.includes(".."))) return null;
  const file = path.join(root.dir, ...segments);
  const extension = path.extname(file);
  return TYPES[extension] && (!root.extensions || root.extensions.includes(extension)) ? file : null;
}

/**
 * The encodings the client accepts, from Accept-Encoding (RFC 9110 §12.5.3): a coding with q=0 is
 * refused, `*` stands for every coding not named, and identity is acceptable unless refused.
 */
export function acceptedEncodings(header: string | string[] | undefined): Set<Encoding> {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? (name === "identity" ? (weights.get("*") === 0 ? 0 : 1) : (weights.get("*") ?? 0));
  const accepted = new Set<Encoding>();
  for (const { name } of ENCODINGS) if (weight(name) > 0) accepted.add(name);
  if (weight("identity") > 0) accepted.add("identity");
  return accepted;
}

interface Variant {
  encoding: Encoding;
  body: Buffer | null;
  file: string;
  size: number;
  etag: string;
}

interface Asset {
  type: string;
  variants: Variant[];
}

/** Immutable files, read once: fingerprinted names never change while the server runs. */
const memory = new Map<string, Asset>();

function fileStats(file: string): { size: number; mtimeMs: number } | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : null;
  } catch {
    return null;
  }
}

function loadAsset(file: string, keep: boolean): Asset | null {
  const plain = fileStats(file);
  if (!plain) return null;
  const tag = `${plain.size.toString(16)}-${Math.floor(plain.mtimeMs).toString(16)}`;
  const variants: Variant[] = [];
  const add = (encoding: Encoding, variantFile: string, size: number) =>
    variants.push({ encoding, file: variantFile, size, body: keep ? readFileSync(variantFile) : null, etag: `"${tag}${encoding === "identity" ? "" : `-${encoding}`}"` });
  if (COMPRESSIBLE.has(path.extname(file))) {
    for (const { name, suffix } of ENCODINGS) {
      const compressed = fileStats(file + suffix);
      // A compressed file older than its source is stale (a rebuild without compression): not used.
      if (compressed && compressed.mtimeMs >= plain.mtimeMs) add(name, file + suffix, compressed.size);
    }
  }
  add("identity", file, plain.size);
  return { type: TYPES[path.extname(file)]!, variants };
}

function assetFor(file: string, immutable: boolean): Asset | null {
  if (!immutable) return loadAsset(file, false);
  const known = memory.get(file);
  if (known) return known;
  // Only files that exist are kept: a request for a missing name must not grow the cache.
  const asset = loadAsset(file, true);
  if (asset) memory.set(file, asset);
  return asset;
}

/** Answers the request when it is for a static file of one of the roots; false when Next should. */
export function serveStaticAsset(roots: readonly StaticRoot[], req: IncomingMessage, res: ServerResponse): boolean {
  const pathname = (req.url ?? "/").split("?")[0]!;
  const root = roots.find((candidate) => pathname.startsWith(candidate.url));
  if (!root) return false;
  const file = staticAssetPath(root, pathname);
  const asset = file ? assetFor(file, root.immutable) : null;
  if (!asset && root.missing === "next") return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return true;
  }
  if (!asset) {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Not found");
    return true;
  }
  const accepted = acceptedEncodings(req.headers["accept-encoding"]);
  // With identity refused and no other coding on disk, the plain file is still the best answer.
  const variant = asset.variants.find((candidate) => accepted.has(candidate.encoding)) ?? asset.variants.at(-1)!;
  const headers: Record<string, string> = {
    "content-type": asset.type,
    "cache-control": root.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    etag: variant.etag,
    "x-content-type-options": "nosniff",
  };
  if (asset.variants.length > 1) headers.vary = "Accept-Encoding";
  if (variant.encoding !== "identity") headers["content-encoding"] = variant.encoding;
  const validators = String(req.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (validators.includes(variant.etag)) {
    res.writeHead(304, headers).end();
    return true;
  }
  headers["content-length"] = String(variant.size);
  res.writeHead(200, headers);
  if (req.method === "HEAD") res.end();
  else res.end(variant.body ?? readFileSync(variant.file));
  return true;
}

/**
 * The static files as server.ts serves them (src/server/static-assets.ts), compressed at build time
 * (scripts/compress-assets.mjs): the best encoding the browser accepts, from memory, with its own
 * validator; Next's folder nested and left to Next where a file is missing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressTree } from "../../scripts/compress-assets.mjs";
import { acceptedEncodings, serveStaticAsset, staticAssetPath, type StaticRoot } from "@/server/static-assets";

const dir = mkdtempSync(path.join(tmpdir(), "static-assets-"));
const nextDir = path.join(dir, "next");
const devDir = path.join(dir, "dev");
const chunk = `export const chunk = ${JSON.stringify("abc ".repeat(5000))};\n`;
const roots: StaticRoot[] = [
  { url: "/_next/static/", dir: nextDir, immutable: true, nested: true, missing: "next" },
  { url: "/_dev/", dir: devDir, immutable: false, extensions: [".js"] },
];

let server: Server;
let port = 0;
beforeAll(async () => {
  mkdirSync(path.join(nextDir, "chunks"), { recursive: true });
  mkdirSync(devDir);
  writeFileSync(path.join(nextDir, "chunks", "main-abc.js"), chunk);
  writeFileSync(path.join(nextDir, "chunks", "tiny.js"), "1;");
  writeFileSync(path.join(nextDir, "chunks", "app.css"), "body{margin:0}".repeat(200));
  writeFileSync(path.join(devDir, "engine.js"), chunk);
  writeFileSync(path.join(devDir, "manifest.json"), "{}");
  server = createServer((req, res) => {
    if (!serveStaticAsset(roots, req, res)) res.writeHead(418).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: urlPath, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });

describe("compressing at build time", () => {
  it("writes Brotli and gzip beside every text file of 1 KB or more, and decompressing gives the file back", () => {
    const summary = compressTree(nextDir);
    expect(summary.files).toBe(2); // main-abc.js and app.css; tiny.js is too small to gain
    const file = path.join(nextDir, "chunks", "main-abc.js");
    expect(brotliDecompressSync(readFileSync(file + ".br")).toString()).toBe(chunk);
    expect(gunzipSync(readFileSync(file + ".gz")).toString()).toBe(chunk);
    expect(summary.br).toBeLessThan(summary.bytes / 10);
    expect(existsSync(path.join(nextDir, "chunks", "tiny.js.br"))).toBe(false);
  });
});

describe("serving the static files", () => {
  it("answers Brotli to a browser that accepts it, gzip to one that accepts only gzip, and the plain file otherwise", async () => {
    const url = "/_next/static/chunks/main-abc.js";
    const br = await get(url, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(chunk);

    const gzip = await get(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(chunk);

    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(chunk);

    const refused = await get(url, { "accept-encoding": "br;q=0, gzip;q=0.5" });
    expect(refused.headers["content-encoding"]).toBe("gzip");

    // Each encoding has its own validator, so a cached gzip body is never taken for the Brotli one.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect((await get(url, { "accept-encoding": "br", "if-none-match": String(br.headers.etag) })).status).toBe(304);
    expect((await get(url, { "accept-encoding": "gzip", "if-none-match": String(br.headers.etag) })).status).toBe(200);
  });

  it("serves a small file plain, without Vary, and answers HEAD without a body", async () => {
    const tiny = await get("/_next/static/chunks/tiny.js", { "accept-encoding": "br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.toString()).toBe("1;");
    const head = await get("/_next/static/chunks/main-abc.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves a missing file and anything outside the folder to Next in Next's folder, and refuses other methods", async () => {
    for (const other of ["/_next/static/chunks/missing.js", "/_next/static/../server.ts", "/_next/static/chunks/%2e%2e/x.js", "/_next/image?url=x", "/app"]) {
      expect((await get(other)).status, other).toBe(418);
    }
    expect((await get("/_next/static/chunks/main-abc.js", {}, "POST")).status).toBe(405);
    expect(staticAssetPath(roots[0]!, "/_next/static/chunks/main-abc.js")).toBe(path.join(nextDir, "chunks", "main-abc.js"));
    expect(staticAssetPath(roots[0]!, "/_next/static/chunks/main-abc.js.br")).toBeNull();
  });

  it("in development reads the file on every request and ignores compressed files older than it", async () => {
    compressTree(devDir);
    const file = path.join(devDir, "engine.js");
    expect((await get("/_dev/engine.js", { "accept-encoding": "br" })).headers["content-encoding"]).toBe("br");
    const changed = `${chunk}// changed\n`;
    writeFileSync(file, changed);
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const answer = await get("/_dev/engine.js", { "accept-encoding": "br" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.body.toString()).toBe(changed);
    // The root serves only its extensions, and answers 404 itself for the rest.
    expect((await get("/_dev/manifest.json")).status).toBe(404);
  });
});

describe("Accept-Encoding", () => {
  it("reads codings with their weights, a wildcard and a refused identity", () => {
    expect([...acceptedEncodings("gzip, deflate, br")].sort()).toEqual(["br", "gzip", "identity"]);
    expect([...acceptedEncodings(undefined)]).toEqual(["identity"]);
    expect([...acceptedEncodings("BR;q=1.0, gzip;q=0")].sort()).toEqual(["br", "identity"]);
    expect([...acceptedEncodings("*")].sort()).toEqual(["br", "gzip", "identity"]);
    expect([...acceptedEncodings("gzip, identity;q=0")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("br, *;q=0")]).toEqual(["br"]);
  });
});

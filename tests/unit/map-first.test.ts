/**
 * /app's HTML with Next's scripts held back until the map is drawn (src/server/map-first.ts): the
 * rewriting of the document's text, streamed in any pieces, and of real answers through server.ts's
 * chain (compression outside, the rewriting inside). The loader itself runs in a real browser in the
 * e2e tests (tests/e2e/editor.spec.ts, "the map is drawn before the application's scripts load").
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFERRED_SRC_ATTRIBUTE, mapFirstLoaderScript } from "@/lib/map-first";
import { withCompression } from "@/server/compression";
import { deferApplicationScripts, isMapFirstPage, ScriptDeferrer } from "@/server/map-first";

const chunk = (name: string) => `<script src="/_next/static/chunks/${name}.js" async=""></script>`;
const placeholder = (name: string) => `<script type="text/plain" ${DEFERRED_SRC_ATTRIBUTE}="/_next/static/chunks/${name}.js"></script>`;
/** A document as Next writes /app's: chunks in <head>, the engine's script, inline data, a chunk at the end of <body>. */
const page = [
  '<!DOCTYPE html><html lang="da"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/four.js"/>',
  chunk("one"),
  chunk("two"),
  '<script src="/_engine/engine-X.js" async=""></script>',
  chunk("three"),
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<script>self.__next_f=self.__next_f||[];self.__next_f.push([1,"æøå \\u003cscript\\u003e"])</script>',
  "</head><body><main>Åbner planen …</main>",
  chunk("four"),
  "</body></html>",
].join("");
const expected = page
  .replace('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/four.js"/>', "")
  .replace(chunk("one"), `<script>${mapFirstLoaderScript()}</script>${placeholder("one")}`)
  .replace(chunk("two"), placeholder("two"))
  .replace(chunk("three"), placeholder("three"))
  .replace(chunk("four"), placeholder("four"));

describe("the rewriting of /app's document", () => {
  it("turns each of Next's scripts into a placeholder, with the loader before the first, and leaves the rest as it was", () => {
    const deferrer = new ScriptDeferrer();
    const out = deferrer.push(page) + deferrer.flush();
    expect(out).toBe(expected);
    // The engine's script (written as Next's are, but from /_engine/), the no-module fallback, the style sheet and inline scripts are untouched; no
    // script of Next's is left to fetch or run.
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
    expect(out).not.toContain('rel="preload"');
    expect(out).toContain('<script src="/_engine/engine-X.js" async=""></script>');
    expect(out).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""></script>');
    expect(out).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
    expect(out.split(mapFirstLoaderScript())).toHaveLength(2);
  });

  it("gives the same document however the text is cut into pieces, and holds back only what a cut leaves unfinished", () => {
    for (const size of [1, 7, 64, 333]) {
      const deferrer = new ScriptDeferrer();
      let out = "";
      for (let i = 0; i < page.length; i += size) out += deferrer.push(page.slice(i, i + size));
      expect(out + deferrer.flush(), `pieces of ${size}`).toBe(expected);
    }
    const deferrer = new ScriptDeferrer();
    expect(deferrer.push("<html><head><meta charSet=\"utf-8\"/><scr")).toBe('<html><head><meta charSet="utf-8"/>');
    expect(deferrer.push('ipt src="/_next/static/chunks/x.js" async="">')).toBe("");
    expect(deferrer.push("</script><title>")).toContain(`${DEFERRED_SRC_ATTRIBUTE}="/_next/static/chunks/x.js"`);
  });

  it("applies to /app's document only", () => {
    const req = (method: string, url: string) => ({ method, url }) as never;
    expect(["/app", "/app?plan=12", "/app?"].every((url) => isMapFirstPage(req("GET", url)))).toBe(true);
    expect(isMapFirstPage(req("HEAD", "/app"))).toBe(true);
    expect(["/apps", "/app/x", "/view?token=a", "/api/signplan/1", "/"].some((url) => isMapFirstPage(req("GET", url)))).toBe(false);
    expect(isMapFirstPage(req("POST", "/app"))).toBe(false);
  });
});

describe("answers to /app through server.ts's chain", () => {
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    server = createServer((req, res) =>
      withCompression(req, res, () => {
        deferApplicationScripts(res);
        const url = new URL(req.url ?? "/", "http://x");
        const kind = url.searchParams.get("kind");
        const body = kind === "json" ? JSON.stringify({ page }) : page;
        const bytes = Buffer.from(body);
        if (kind === "redirect") {
          res.writeHead(307, { location: "/login" });
          res.end();
          return;
        }
        const type = kind === "json" ? "application/json" : "text/html; charset=utf-8";
        if (kind === "head-args") res.writeHead(200, { "Content-Type": type, "Content-Length": String(bytes.length) });
        else {
          res.setHeader("content-type", type);
          res.setHeader("content-length", String(bytes.length));
        }
        // Written in pieces that cut tags and a multi-byte letter (æ is two bytes) in two.
        for (let i = 0; i < bytes.length; i += 50) res.write(bytes.subarray(i, i + 50));
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(path: string, acceptEncoding: string | null): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (piece: Buffer) => chunks.push(piece));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("rewrites an HTML page, plain or compressed, with its stated length dropped", async () => {
    for (const path of ["/app", "/app?kind=head-args"]) {
      const plain = await get(path, null);
      expect(plain.headers["content-length"]).toBeUndefined();
      expect(plain.body.toString("utf8")).toBe(expected);
      const compressed = await get(path, "br, gzip");
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(compressed.body).toString("utf8")).toBe(expected);
    }
  });

  it("passes any other answer through as it was written", async () => {
    const json = await get("/app?kind=json", null);
    expect(json.body.toString("utf8")).toBe(JSON.stringify({ page }));
    expect(json.headers["content-length"]).toBe(String(Buffer.byteLength(JSON.stringify({ page }))));
    const redirect = await get("/app?kind=redirect", null);
    expect(redirect.status).toBe(307);
    expect(redirect.headers.location).toBe("/login");
  });
});

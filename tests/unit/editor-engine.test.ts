/**
 * The editor's map engine as the build makes it (scripts/build-engine.mjs) and as server.ts serves it
 * (src/server/static-assets.ts): one classic script without React, Next or MUI that defines
 * `__planEngine` once however often it runs, the sign catalogue in a script of its own, fingerprinted
 * names, and nothing served but those files.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createContext, runInContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { buildEngine, CONTENT_SCHEMA_DIR, contentSchemaFingerprint } from "../../scripts/build-engine.mjs";
import { ENGINE_DIRS } from "../../scripts/engine-paths.mjs";
import { staticAssetPath, serveStaticAsset } from "@/server/static-assets";

const dir = mkdtempSync(path.join(tmpdir(), "engine-build-"));
let manifest: Awaited<ReturnType<typeof buildEngine>>;
const fileOf = (url: string) => path.join(dir, url.slice(ENGINE_DIRS.production.url.length));

beforeAll(async () => {
  manifest = await buildEngine({ dir });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the engine's build", () => {
  it("writes the entry, the sign library and pdf.js under fingerprinted names, and a manifest naming them", () => {
    expect(manifest.entry).toMatch(/^\/_engine\/engine-[A-Z0-9]{8}\.js$/);
    expect(manifest.signs).toMatch(/^\/_engine\/signs-[A-Z0-9]{8}\.js$/);
    expect(manifest.pdfjs).toMatch(/^\/_engine\/pdf-[0-9a-f]{10}\.min\.mjs$/);
    expect(manifest.pdfjsWorker).toMatch(/^\/_engine\/pdf\.worker-[0-9a-f]{10}\.min\.mjs$/);
    for (const url of [manifest.entry, manifest.signs, manifest.pdfjs, manifest.pdfjsWorker]) expect(existsSync(fileOf(url))).toBe(true);
    expect(manifest.contentSchema).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"))).toEqual({
      entry: manifest.entry,
      signs: manifest.signs,
      pdfjs: manifest.pdfjs,
      pdfjsWorker: manifest.pdfjsWorker,
      contentSchema: manifest.contentSchema,
    });
  });

  it("keeps React, Next, MUI, pdf.js and the sign catalogue out of the engine, which loads the last two by URL", () => {
    const engineInputs = manifest.inputs.engine.join("\n");
    expect(engineInputs).toContain("node_modules/ol/Map.js");
    expect(engineInputs).toContain("src/editor/engine/boot.ts");
    expect(engineInputs).not.toMatch(/node_modules\/(react|react-dom|next|@mui|pdfjs-dist)\//);
    expect(engineInputs).not.toMatch(/src\/lib\/signs\/(catalogue|dk)/);
    expect(manifest.inputs.signs.join("\n")).toMatch(/src\/lib\/signs\/catalogue/);
    const code = readFileSync(fileOf(manifest.entry), "utf8");
    expect(code).toContain(JSON.stringify(manifest.pdfjs).slice(1, -1));
    expect(code).toContain(JSON.stringify(manifest.signs).slice(1, -1));
    // A classic script (the browser keeps a code cache for those), in strict mode as its modules expect.
    expect(code).not.toMatch(/(^|[;}])\s*export\s*\{/);
    expect(code.startsWith('"use strict";')).toBe(true);
  });

  it("makes scripts that define their global once: a second run in the same page changes nothing", () => {
    // Both run outside a browser (no window: the engine does not boot), in a context of their own.
    for (const [url, name, exported] of [
      [manifest.entry, "__planEngine", "PlanStore"],
      [manifest.signs, "__planSigns", "findSign"],
    ] as const) {
      const page = createContext({});
      const code = readFileSync(fileOf(url), "utf8");
      runInContext(code, page);
      const first = page[name] as Record<string, unknown>;
      expect(typeof first[exported], `${name}.${exported}`).toBe("function");
      runInContext(code, page);
      expect(page[name], name).toBe(first);
      expect((page[name] as Record<string, unknown>)[exported]).toBe(first[exported]);
    }
  });
});

describe("the plan content schema's fingerprint (src/lib/content-schema.ts)", () => {
  it("covers every source of the schema: they are all in its folder, or zod", async () => {
    const result = await build({
      entryPoints: [path.join(CONTENT_SCHEMA_DIR, "plan-content.ts")],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      logLevel: "silent",
      tsconfig: path.resolve(import.meta.dirname, "../../tsconfig.json"),
    });
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
    expect(inputs.length).toBeGreaterThan(5);
    const outside = inputs.filter((input) => path.dirname(input) !== CONTENT_SCHEMA_DIR && !input.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`));
    expect(outside).toEqual([]);
  });

  it("changes with any change to a schema source, is the same for the same sources, and is in the manifest", () => {
    const copy = mkdtempSync(path.join(tmpdir(), "schema-sources-"));
    try {
      cpSync(CONTENT_SCHEMA_DIR, copy, { recursive: true });
      expect(contentSchemaFingerprint(copy)).toBe(contentSchemaFingerprint());
      appendFileSync(path.join(copy, "line.ts"), "\n// a change\n");
      expect(contentSchemaFingerprint(copy)).not.toBe(contentSchemaFingerprint());
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    expect(manifest.contentSchema).toBe(contentSchemaFingerprint());
  });
});

describe("serving the engine", () => {
  let server: Server;
  let port = 0;
  const roots = [{ ...ENGINE_DIRS.production, dir, immutable: true }];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!serveStaticAsset(roots, req, res)) res.writeHead(418).end("next");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (urlPath: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: urlPath, method, headers }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    });

  it("serves the entry as JavaScript, cached for a year, and answers 304 to a revalidation", async () => {
    const answer = await get(manifest.entry);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body).toBe(readFileSync(fileOf(manifest.entry), "utf8"));
    const again = await get(manifest.entry, { "if-none-match": String(answer.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("answers 404 for anything but a file of the engine, and leaves other paths to Next", async () => {
    for (const bad of ["/_engine/manifest.json", "/_engine/../package.json", "/_engine/%2e%2e/server.ts", "/_engine/missing-ABCDEFGH.js", "/_engine/", "/_engine/sub/dir/x.js"]) {
      expect((await get(bad)).status, bad).toBe(404);
    }
    expect((await get(manifest.entry, {}, "POST")).status).toBe(405);
    expect((await get("/app")).status).toBe(418);
    expect(staticAssetPath(roots[0]!, "/_engine/engine-ABC.js")).toBe(path.join(dir, "engine-ABC.js"));
    expect(staticAssetPath(roots[0]!, "/_engine/..%2fx.js")).toBeNull();
  });
});

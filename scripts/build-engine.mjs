// The editor's map engine (src/editor/engine): a script of its own, built with esbuild beside the Next
// application and served by server.ts under /_engine/. Why a script of its own: the map must not wait
// for the application's shell (React, Next, MUI) to load and hydrate; /app's HTML starts it at once,
// it draws the plan as soon as the plan is there, and the React editor adopts what it drew.
//
// Production (`npm run build`, before `next build`): one minified classic script with a content hash in
// its name (served as immutable), the sign library beside it, and pdf.js's own modules (loaded only for
// a PDF background), into .engine/; the manifest .engine/manifest.json names the entry, and
// next.config.ts hands its URL to the app.
// Development (`npm run dev`): the same build unminified into .engine-dev/ with stable names, rebuilt
// by esbuild's watcher on every change. Paths and the manifest reader are in ./engine-paths.mjs.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import * as esbuild from "esbuild";
import { ENGINE_DIRS, MANIFEST } from "./engine-paths.mjs";

const root = path.resolve(import.meta.dirname, "..");
const ENGINE_ENTRY = path.join(root, "src", "editor", "engine", "index.ts");
/** The sign catalogue and renderer, a script of its own that the engine loads beside the plan. */
const SIGN_LIBRARY_ENTRY = path.join(root, "src", "editor", "engine", "sign-library.ts");
/** The modules the engine takes from the sign library at run time, and the names it uses of each. */
const SIGN_LIBRARY_MODULES = { "@/lib/signs/catalogue": ["findSign"], "@/lib/signs/dk": ["renderDkSignSvg"] };
// pdf.js ships ready ES modules: its library and its worker are copied beside the engine as they are.
const PDFJS_FILES = {
  library: { file: path.join(root, "node_modules", "pdfjs-dist", "build", "pdf.min.mjs"), name: "pdf" },
  worker: { file: path.join(root, "node_modules", "pdfjs-dist", "build", "pdf.worker.min.mjs"), name: "pdf.worker" },
};

/** Where the plan content's schema lives: every source of it is in this folder, or is zod (tests/unit/editor-engine.test.ts checks). */
export const CONTENT_SCHEMA_DIR = path.join(root, "src", "lib", "elements");

/**
 * The fingerprint of the plan content's schema (src/lib/content-schema.ts): a hash of its sources and
 * zod's version. The manifest hands it to Next (next.config.ts), whose server stamps and names it and
 * whose pages compare it; the engine only reads the page's verdict (EarlyPlanAnswer.validated).
 */
export function contentSchemaFingerprint(dir = CONTENT_SCHEMA_DIR) {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    hash.update(name).update("\0").update(readFileSync(path.join(dir, name))).update("\0");
  }
  hash.update(`zod@${JSON.parse(readFileSync(path.join(root, "node_modules", "zod", "package.json"), "utf8")).version}`);
  return hash.digest("hex").slice(0, 16);
}

/** The browser-side environment the engine reads: NEXT_PUBLIC_* as Next inlines them, and NODE_ENV. */
function defines(mode, urls = {}) {
  const define = { "process.env.NODE_ENV": JSON.stringify(mode) };
  for (const [name, url] of Object.entries(urls)) define[`process.env.${name}`] = JSON.stringify(url);
  const publicEnv = { NODE_ENV: mode };
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith("NEXT_PUBLIC_")) continue;
    define[`process.env.${key}`] = JSON.stringify(value);
    publicEnv[key] = value;
  }
  // Any other process.env.X reads undefined, as in Next's client bundles (there is no `process` in a page).
  define["process.env"] = JSON.stringify(publicEnv);
  return define;
}

/** pdf.js's files under their served names (fingerprinted in production). */
function pdfjsNames(production) {
  return Object.fromEntries(
    Object.entries(PDFJS_FILES).map(([key, { file, name }]) => {
      const hash = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 10);
      return [key, { file, name: production ? `${name}-${hash}.min.mjs` : `${name}.min.mjs` }];
    }),
  );
}

/** The engine's stand-ins for the sign library's modules: each export calls the loaded library. */
function signLibraryStandIn() {
  const filter = new RegExp(`^(${Object.keys(SIGN_LIBRARY_MODULES).map((name) => name.replace(/[/@]/g, "\\$&")).join("|")})$`);
  return {
    name: "sign-library-stand-in",
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "sign-library" }));
      build.onLoad({ filter: /.*/, namespace: "sign-library" }, (args) => ({
        loader: "js",
        contents: [
          "const library = () => { const loaded = globalThis.__planSigns; if (!loaded) throw new Error(\"The sign library is not loaded yet\"); return loaded; };",
          ...SIGN_LIBRARY_MODULES[args.path].map((name) => `export const ${name} = (...args) => library().${name}(...args);`),
        ].join("\n"),
      }));
    },
  };
}

/**
 * A script that defines the global `name` (its exports, read by src/client/script-global.ts) and does
 * nothing when that global is already there, so a second copy in the page neither runs the engine
 * twice nor makes a second OpenLayers. The banner's directive keeps the whole script in strict mode,
 * as the modules it is made of expect (esbuild's own "use strict" then follows inside the block).
 */
export function scriptGlobal(name) {
  return {
    globalName: name,
    banner: { js: `"use strict";if(!globalThis.${name}){` },
    footer: { js: "}" },
  };
}

function options(mode, dir = ENGINE_DIRS[mode].dir) {
  const { url } = ENGINE_DIRS[mode];
  const production = mode === "production";
  const pdfjs = pdfjsNames(production);
  const common = {
    bundle: true,
    // Classic scripts, each defining one global (scriptGlobal below), not ES modules: Chromium keeps a
    // V8 code cache for a returning visitor's classic scripts and uses it, and compiles a module afresh
    // on every load (Chromium 156; measured with the open benchmark's browser profile: the engine
    // ready 160 ms after navigation as a classic script, 265 ms as a module). One file each: no chunk
    // to discover only after the entry was parsed.
    format: "iife",
    splitting: false,
    platform: "browser",
    target: "es2022",
    minify: production,
    sourcemap: production ? false : "linked",
    legalComments: production ? "none" : "inline",
    outdir: dir,
    entryNames: production ? "[name]-[hash]" : "[name]",
    metafile: true,
    // pdf.js's module and the sign library are loaded by their URLs at run time.
    external: [`${url}*`],
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  };
  // The sign library's name is known only once it is built; the engine is built second.
  return {
    pdfjs,
    signLibrary: {
      ...common,
      entryPoints: { signs: SIGN_LIBRARY_ENTRY },
      ...scriptGlobal("__planSigns"),
      define: defines(mode),
      plugins: [forbid(/^(react|react-dom|next|@mui\/.*|server-only|pdfjs-dist|ol)(\/.*)?$/)],
    },
    engine: (signLibraryUrl) => ({
      ...common,
      entryPoints: { engine: ENGINE_ENTRY },
      ...scriptGlobal("__planEngine"),
      define: defines(mode, { SIGN_LIBRARY_URL: signLibraryUrl, PDFJS_URL: url + pdfjs.library.name, PDFJS_WORKER_URL: url + pdfjs.worker.name }),
      // The engine never imports server code, React or pdf.js's package (its copied module is loaded by URL).
      plugins: [signLibraryStandIn(), forbid(/^(react|react-dom|next|@mui\/.*|server-only|pdfjs-dist)(\/.*)?$/)],
    }),
  };
}

/** The served URL of the one entry esbuild wrote. */
function entryUrl(mode, metafile, dir = ENGINE_DIRS[mode].dir) {
  const { url } = ENGINE_DIRS[mode];
  const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint)?.[0];
  if (!entry) throw new Error("esbuild wrote no entry");
  return url + path.relative(dir, path.join(root, entry)).split(path.sep).join("/");
}

function copyPdfjs(dir, pdfjs) {
  for (const { file, name } of Object.values(pdfjs)) copyFileSync(file, path.join(dir, name));
}

function forbid(pattern) {
  return {
    name: "forbid",
    setup(build) {
      build.onResolve({ filter: pattern }, (args) => ({ errors: [{ text: `the map engine may not import ${args.path} (from ${args.importer})` }] }));
    },
  };
}

function writeManifest(dir, manifest) {
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Builds the production engine into .engine/ (or `dir`, for tests), emptied first, and answers its
 * manifest; `inputs` lists every source file each script was built from.
 */
export async function buildEngine({ dir = ENGINE_DIRS.production.dir } = {}) {
  const { url } = ENGINE_DIRS.production;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { pdfjs, signLibrary, engine } = options("production", dir);
  const signsBuild = await esbuild.build(signLibrary);
  const signs = entryUrl("production", signsBuild.metafile, dir);
  const engineBuild = await esbuild.build(engine(signs));
  const entry = entryUrl("production", engineBuild.metafile, dir);
  copyPdfjs(dir, pdfjs);
  const manifest = writeManifest(dir, { entry, signs, pdfjs: url + pdfjs.library.name, pdfjsWorker: url + pdfjs.worker.name, contentSchema: contentSchemaFingerprint() });
  const inputs = (build) => Object.keys(build.metafile.inputs);
  return Object.defineProperty(manifest, "inputs", { value: { engine: inputs(engineBuild), signs: inputs(signsBuild) }, enumerable: false });
}

/**
 * Development: builds into .engine-dev/ with stable names (no manifest) and rebuilds on every change
 * until the process ends; answers the entry's URL.
 */
export async function watchEngine() {
  const { dir, url } = ENGINE_DIRS.development;
  mkdirSync(dir, { recursive: true });
  const { pdfjs, signLibrary, engine } = options("development");
  copyPdfjs(dir, pdfjs);
  const contexts = [await esbuild.context(signLibrary), await esbuild.context(engine(`${url}signs.js`))];
  for (const context of contexts) {
    await context.rebuild();
    await context.watch();
  }
  return { entry: `${url}engine.js`, dispose: () => Promise.all(contexts.map((context) => context.dispose())) };
}

// `node scripts/build-engine.mjs`. (No top-level await: next.config.ts imports this file with require.)
if (import.meta.url === `file://${process.argv[1]}`) {
  buildEngine().then(
    (manifest) => console.log(`[engine] built ${manifest.entry}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// Where the editor's map engine is built and served (scripts/build-engine.mjs builds it, server.ts
// serves it, next.config.ts reads its manifest). No esbuild here: the server and Next's config load
// this at start-up.
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The engine's files that are served (its manifest is not). */
const extensions = [".js", ".mjs", ".map"];
/** Where the build writes, the URL prefix server.ts serves it under, and which files it serves. */
export const ENGINE_DIRS = {
  production: { dir: path.join(root, ".engine"), url: "/_engine/", extensions },
  development: { dir: path.join(root, ".engine-dev"), url: "/_engine-dev/", extensions },
};
export const MANIFEST = "manifest.json";

/** The production engine's manifest, or null when it has not been built. */
export function readManifest() {
  try {
    return JSON.parse(readFileSync(path.join(ENGINE_DIRS.production.dir, MANIFEST), "utf8"));
  } catch {
    return null;
  }
}

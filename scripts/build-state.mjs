// Decides whether the production build in .next/ matches the sources, so that `npm start` and
// `npm test` build only when something changed. The fingerprint is a hash of every input's content.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const INPUTS = ["src", "messages", "public", "next.config.ts", "package-lock.json", "tsconfig.json", "postcss.config.mjs"];
const STAMP = path.join(root, ".next", "source-fingerprint");

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

export function sourceFingerprint() {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  // Variables inlined into the client bundle at build time also decide what the build contains.
  for (const [key, value] of Object.entries(process.env).sort()) {
    if (key.startsWith("NEXT_PUBLIC_")) hash.update(`${key}=${value}\0`);
  }
  return hash.digest("hex");
}

export function buildIsCurrent() {
  return existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === sourceFingerprint();
}

/** Runs `next build` unless the existing build matches the sources. Exits the process on failure. */
export function ensureBuild({ force = false } = {}) {
  if (!force && buildIsCurrent()) return false;
  console.log("[build] building the app (sources changed or no build yet)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) {
    console.error("[build] next build failed");
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, sourceFingerprint());
  return true;
}

// Compresses the build's static files once, at build time: beside every text file of at least 1 KB
// it writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip, best level), which server.ts
// serves to browsers that accept them (src/server/static-assets.ts). Run by `npm run build` after the
// engine's and Next's builds.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The types worth compressing (text); images and fonts are compressed already. */
export const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".map", ".json", ".svg", ".txt"]);
/** The encodings written beside a file, in the server's order of preference. */
export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the compressed files for every compressible file under `dir`; answers what it wrote. */
export function compressTree(dir) {
  const summary = { files: 0, bytes: 0, br: 0, gzip: 0 };
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(file + ".br", br);
    writeFileSync(file + ".gz", gz);
    summary.files += 1;
    summary.bytes += body.length;
    summary.br += br.length;
    summary.gzip += gz.length;
  }
  return summary;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) {
    const { files, bytes, br, gzip } = compressTree(path.resolve(dir));
    const kb = (n) => `${Math.round(n / 1024)} KB`;
    console.log(`[build] compressed ${files} files in ${dir}: ${kb(bytes)} → ${kb(br)} Brotli, ${kb(gzip)} gzip`);
  }
}

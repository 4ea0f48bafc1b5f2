// `node --import tsx scripts/generate-signs.ts [--check]`: writes the Danish sign catalogue's files,
// public/signs/dk/<category>/<id>.svg (our renderer's drawing) and <id>.webp (256 px preview), for every
// DK_SIGNS entry, and removes files there that belong to no entry. `--check` writes nothing: it renders
// in memory and exits 1 listing files that differ, are missing or are extra (the catalogue test uses it).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { renderDefinitionSvg } from "../src/lib/signs/dk/define";
import { DK_SIGN_DEFINITIONS } from "../src/lib/signs/dk/index";

const ROOT = path.join(import.meta.dirname, "..", "public", "signs", "dk");
/** Longest side of the gallery preview in px. */
const PREVIEW_PX = 256;

// libvips runs the encoder on several threads; one thread keeps the webp bytes identical run to run.
sharp.concurrency(1);

async function renderFiles(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const def of DK_SIGN_DEFINITIONS) {
    const { id, category } = def.meta;
    const svg = renderDefinitionSvg(def, undefined, { pixels: PREVIEW_PX });
    const webp = await sharp(Buffer.from(svg))
      .resize(PREVIEW_PX, PREVIEW_PX, { fit: "inside" })
      .webp({ quality: 90, effort: 4, smartSubsample: false })
      .toBuffer();
    files.set(path.join(category, `${id}.svg`), Buffer.from(`${svg}\n`));
    files.set(path.join(category, `${id}.webp`), webp);
  }
  return files;
}

function listExisting(dir: string, base = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = path.join(base, name);
    return statSync(full).isDirectory() ? listExisting(full, rel) : [rel];
  });
}

function removeEmptyDirs(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      removeEmptyDirs(full);
      if (readdirSync(full).length === 0) rmdirSync(full);
    }
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const files = await renderFiles();
  const existing = new Set(listExisting(ROOT));
  const extra = [...existing].filter((f) => !files.has(f)).sort();

  if (check) {
    const problems: string[] = [];
    for (const [rel, content] of files) {
      if (!existing.has(rel)) problems.push(`missing  ${rel}`);
      else if (!readFileSync(path.join(ROOT, rel)).equals(content)) problems.push(`differs  ${rel}`);
    }
    for (const rel of extra) problems.push(`extra    ${rel}`);
    if (problems.length) {
      console.error(`public/signs/dk is not what the renderer draws (${problems.length}):\n${problems.join("\n")}`);
      console.error("Run: node --import tsx scripts/generate-signs.ts");
      process.exit(1);
    }
    console.log(`public/signs/dk matches the renderer (${files.size} files).`);
    return;
  }

  let written = 0;
  for (const [rel, content] of files) {
    const full = path.join(ROOT, rel);
    if (existing.has(rel) && readFileSync(full).equals(content)) continue;
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    written++;
  }
  for (const rel of extra) rmSync(path.join(ROOT, rel));
  removeEmptyDirs(ROOT);

  const counts = new Map<string, number>();
  for (const def of DK_SIGN_DEFINITIONS) counts.set(def.meta.category, (counts.get(def.meta.category) ?? 0) + 1);
  for (const [category, count] of counts) console.log(`${category.padEnd(10)} ${String(count).padStart(4)} signs`);
  console.log(`${DK_SIGN_DEFINITIONS.length} signs; ${written} files written, ${extra.length} stale files removed.`);
}

await main();

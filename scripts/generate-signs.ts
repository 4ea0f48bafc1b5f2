// `node --import tsx scripts/generate-signs.ts [--check]`: writes the catalogues' files, the Danish signs'
// public/signs/dk/<category>/<id>.svg (our renderer's drawing) and <id>.webp (256 px preview) and the
// sewer symbols' public/signs/sewer/<folder>/<id>.svg|webp (folder "LAR" for lar) and the Swedish signs'
// public/signs/se/<folder>/<id>.svg|webp (folder A, B, …, utrustning), for every entry, and
// removes files there that belong to no entry. `--check` writes nothing: it renders
// in memory and exits 1 listing files that differ, are missing or are extra (the catalogue test uses it).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { renderDefinitionSvg, toCatalogueSign as toDkSign } from "../src/lib/signs/dk/define";
import { DK_SIGN_DEFINITIONS } from "../src/lib/signs/dk/index";
import { renderSewerDefinitionSvg, toCatalogueSign as toSewerSymbol } from "../src/lib/signs/sewer/define";
import { SEWER_SYMBOL_DEFINITIONS } from "../src/lib/signs/sewer/index";
import { toSeCatalogueSign } from "../src/lib/signs/se/define";
import { SE_SIGN_DEFINITIONS } from "../src/lib/signs/se/index";

const PUBLIC = path.join(import.meta.dirname, "..", "public");
const ROOT = path.join(PUBLIC, "signs");

/** One entry to write: its catalogue, category, the URLs of its files, and its SVG at a given size. */
interface Entry {
  catalogue: string;
  category: string;
  svgUrl: string;
  imageUrl: string;
  svg(pixels: number): string;
}

/** Each catalogue owns a folder of public/signs; files there that belong to no entry are stale. */
const CATALOGUES: Record<string, readonly Entry[]> = {
  dk: DK_SIGN_DEFINITIONS.map((def) => ({
    catalogue: "dk",
    ...toDkSign(def),
    svg: (pixels) => renderDefinitionSvg(def, undefined, { pixels }),
  })),
  sewer: SEWER_SYMBOL_DEFINITIONS.map((def) => ({
    catalogue: "sewer",
    ...toSewerSymbol(def),
    svg: (pixels) => renderSewerDefinitionSvg(def, { pixels }),
  })),
  se: SE_SIGN_DEFINITIONS.map((def) => ({
    catalogue: "se",
    ...toSeCatalogueSign(def),
    svg: (pixels) => renderDefinitionSvg(def, undefined, { pixels }),
  })),
};

/** A served URL as a path relative to public/signs (decoded: ids may hold characters URLs escape). */
const fileOf = (url: string) => path.relative(ROOT, path.join(PUBLIC, decodeURIComponent(url)));
/** Longest side of the gallery preview in px. */
const PREVIEW_PX = 256;

// libvips runs the encoder on several threads; one thread keeps the webp bytes identical run to run.
sharp.concurrency(1);

async function renderFiles(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of Object.values(CATALOGUES).flat()) {
    const svg = entry.svg(PREVIEW_PX);
    const webp = await sharp(Buffer.from(svg))
      .resize(PREVIEW_PX, PREVIEW_PX, { fit: "inside" })
      .webp({ quality: 90, effort: 4, smartSubsample: false })
      .toBuffer();
    files.set(fileOf(entry.svgUrl), Buffer.from(`${svg}\n`));
    files.set(fileOf(entry.imageUrl), webp);
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
  const existing = new Set(Object.keys(CATALOGUES).flatMap((catalogue) => listExisting(path.join(ROOT, catalogue), catalogue)));
  const extra = [...existing].filter((f) => !files.has(f)).sort();

  if (check) {
    const problems: string[] = [];
    for (const [rel, content] of files) {
      if (!existing.has(rel)) problems.push(`missing  ${rel}`);
      else if (!readFileSync(path.join(ROOT, rel)).equals(content)) problems.push(`differs  ${rel}`);
    }
    for (const rel of extra) problems.push(`extra    ${rel}`);
    if (problems.length) {
      console.error(`public/signs is not what the renderer draws (${problems.length}):\n${problems.join("\n")}`);
      console.error("Run: node --import tsx scripts/generate-signs.ts");
      process.exit(1);
    }
    console.log(`public/signs matches the renderer (${files.size} files).`);
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
  for (const catalogue of Object.keys(CATALOGUES)) removeEmptyDirs(path.join(ROOT, catalogue));

  const counts = new Map<string, number>();
  for (const entry of Object.values(CATALOGUES).flat()) {
    const key = `${entry.catalogue}/${entry.category}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, count] of counts) console.log(`${key.padEnd(30)} ${String(count).padStart(4)} signs`);
  const total = Object.values(CATALOGUES).reduce((sum, entries) => sum + entries.length, 0);
  console.log(`${total} signs; ${written} files written, ${extra.length} stale files removed.`);
}

await main();

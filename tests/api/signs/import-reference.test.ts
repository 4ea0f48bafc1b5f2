/**
 * The importer on ../shared/reference/dk-road-signs: SVG files of Danish signs that other people drew
 * (Inkscape and other editors' output), to prove the sanitiser and the import command on files we did not
 * write. Runs when that folder exists. Uses the real catalogue: while it is being filled, codes it does not
 * have yet are reported unknown, which is expected.
 */
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as artwork from "@/app/api/sign-artwork/route";
import { importSignArtworkFolder } from "@/server/signs/import";
import { sanitizeSvg } from "@/server/signs/svg-sanitizer";
import { as } from "../../support/api";

const REFERENCE = path.resolve(import.meta.dirname, "../../../../shared/reference/dk-road-signs");

/** What would make the sanitiser refuse a file: active content or a reference outside it. */
const HOSTILE =
  /<script|<foreignObject|\son[a-z]+\s*=|<!ENTITY|href\s*=\s*["'](?!#|data:image\/(png|jpeg|webp);base64,)|url\(\s*['"]?(?!#)/i;

async function svgFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && /\.svg$/i.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

describe.runIf(existsSync(REFERENCE))("importing ../shared/reference/dk-road-signs", () => {
  it("accounts for every file (imported, refused with a reason, or unknown) and lists what it imported", { timeout: 120_000 }, async () => {
    const files = await svgFiles(REFERENCE);
    const report = await importSignArtworkFolder(REFERENCE);
    console.log(
      `reference import: ${report.imported.length} imported, ${report.refused.length} refused, ${report.unknown.length} unknown of ${files.length} files`,
    );
    for (const r of report.refused) console.log(`  refused ${r.file}: ${r.message}`);

    expect(report.imported.length + report.refused.length + report.unknown.length).toBe(files.length);
    for (const refused of report.refused) {
      expect(refused.message, refused.file).toMatch(/\S/);
      expect(refused.reason, refused.file).toBeTruthy();
    }
    const listed = (await as(null, artwork.GET)).json;
    for (const { signId } of report.imported)
      expect(listed[signId], signId).toMatch(new RegExp(`^/api/sign-images/[a-f0-9]{32}/${signId.replace(/\./g, "\\.")}\\.svg$`));
  });

  it("the sanitiser accepts every file that holds nothing hostile, and cleaning changes no pixel", { timeout: 120_000 }, async () => {
    const files = await svgFiles(REFERENCE);
    const wronglyRefused: string[] = [];
    const changed: string[] = [];
    let clean = 0;
    for (const file of files) {
      const bytes = await readFile(file);
      if (HOSTILE.test(bytes.toString("utf8"))) continue;
      clean += 1;
      const result = await sanitizeSvg(bytes);
      if (!result.ok) {
        wronglyRefused.push(`${path.relative(REFERENCE, file)}: ${result.reason} ${result.detail}`);
        continue;
      }
      // Rendered the same before and after: only editor baggage was removed.
      const render = (svg: Buffer) => sharp(svg).resize(64, 64, { fit: "contain", background: "#fff0" }).ensureAlpha().raw().toBuffer();
      const [before, after] = await Promise.all([render(bytes), render(Buffer.from(result.svg))]);
      let diff = 0;
      for (let i = 0; i < before.length; i += 1) diff += Math.abs(before[i]! - after[i]!);
      if (diff / before.length > 0.5)
        changed.push(`${path.relative(REFERENCE, file)}: mean difference ${(diff / before.length).toFixed(2)}`);
    }
    console.log(`reference sanitiser: ${clean} of ${files.length} files hold nothing hostile`);
    expect(clean).toBeGreaterThan(0);
    expect(wronglyRefused).toEqual([]);
    expect(changed).toEqual([]);
  });
});

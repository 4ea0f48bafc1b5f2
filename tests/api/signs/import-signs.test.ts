/** `npm run signs:import -- <folder>`: the importer on a folder of good and bad files, in-process and as the real command. */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as artwork from "@/app/api/sign-artwork/route";
import * as images from "@/app/api/sign-images/[key]/[file]/route";
import { getConfig } from "@/server/config";
import { importSignArtworkFolder, signIdFromFileName } from "@/server/signs/import";
import type { CatalogueSign } from "@/lib/signs/types";
import { as } from "../../support/api";
import { CLEAN_SVG, ONLOAD_SVG, SCRIPT_SVG, fetchSignImage, signRowCount } from "./support";

vi.mock("@/lib/signs/dk", async (real) => (await import("./test-catalogue")).withTestSigns(await real()));

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A temporary folder holding the given files (relative path → content). */
function folderWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "sign-import-"));
  folders.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

describe("signIdFromFileName", () => {
  it("takes the code without spaces as the catalogue id", () => {
    expect(signIdFromFileName("/x/A11.svg")).toBe("A11");
    expect(signIdFromFileName("/x/C 11.1.SVG")).toBe("C11.1");
    expect(signIdFromFileName("U 3.1.svg")).toBe("U3.1");
  });
});

describe("importSignArtworkFolder", () => {
  it("imports known codes (in sub-folders too), reports refused files with their reason and unknown codes, ignores other files", async () => {
    const folder = folderWith({
      "A11.svg": CLEAN_SVG,
      "nested/deeper/C 55.svg": CLEAN_SVG.replace("#c1121c", "#123456"),
      "U3.1.svg": SCRIPT_SVG,
      "X999.svg": CLEAN_SVG,
      "notes.txt": "not a drawing",
    });
    const rows = await signRowCount();
    const report = await importSignArtworkFolder(folder);
    expect(report.imported).toEqual([
      { file: "A11.svg", signId: "A11" },
      { file: path.join("nested", "deeper", "C 55.svg"), signId: "C55" },
    ]);
    expect(report.refused).toEqual([
      { file: "U3.1.svg", signId: "U3.1", reason: "script", message: "SVG-filen blev afvist: den indeholder script (<script>)." },
    ]);
    expect(report.unknown).toEqual([{ file: "X999.svg", signId: "X999" }]);
    expect(await signRowCount()).toBe(rows + 2);

    const listed = (await as(null, artwork.GET)).json;
    expect(Object.keys(listed).sort()).toEqual(["A11", "C55"]);
    const c55 = await (await fetchSignImage(images.GET, listed.C55)).text();
    expect(c55).toContain("#123456");
    expect(c55).not.toContain("inkscape");
  });

  it("a second run replaces the artwork it imported before", async () => {
    const before = (await as(null, artwork.GET)).json.A11;
    const report = await importSignArtworkFolder(folderWith({ "A11.svg": CLEAN_SVG, "A11-hostile/U3.1.svg": ONLOAD_SVG }));
    expect(report.imported.map((i) => i.signId)).toEqual(["A11"]);
    expect(report.refused.map((r) => r.reason)).toEqual(["eventAttribute"]);
    const after = (await as(null, artwork.GET)).json.A11;
    expect(after).not.toBe(before);
    expect((await fetchSignImage(images.GET, before)).status).toBe(404);
    expect((await fetchSignImage(images.GET, after)).status).toBe(200);
  });
});

describe("scripts/import-signs.ts", () => {
  const run = promisify(execFile);
  const command = (folder?: string) =>
    run(
      process.execPath,
      ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/import-signs.ts", ...(folder ? [folder] : [])],
      {
        cwd: path.resolve(import.meta.dirname, "../../.."),
        // The test's own database and file storage (a PostgreSQL schema or a SQLite file in DATA_DIR).
        env: { ...process.env, DATA_DIR: getConfig().dataDir },
      },
    ).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it("runs as a command: prints the counts and exits 0 although files were refused or unknown", { timeout: 60_000 }, async () => {
    // The child process sees the real catalogue (no test entries): use real codes when it has any.
    const { DK_SIGNS } = await vi.importActual<{ DK_SIGNS: readonly CatalogueSign[] }>("@/lib/signs/dk");
    const [good, bad] = DK_SIGNS;
    const files: Record<string, string> = { "ZZ 999.svg": CLEAN_SVG, "sub/ZZ998.svg": SCRIPT_SVG };
    if (good) files[`${good.id}.svg`] = CLEAN_SVG;
    if (bad) files[`sub/${bad.id}.svg`] = SCRIPT_SVG;
    const expected = { imported: good ? 1 : 0, refused: bad ? 1 : 0, unknown: 2 };

    const result = await command(folderWith(files));
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `imported ${expected.imported}, refused ${expected.refused}, unknown ${expected.unknown} (of 4 SVG files in`,
    );
    expect(result.stdout).toContain('unknown  ZZ 999.svg: no catalogue sign "ZZ999"');
    if (bad) expect(result.stdout).toContain(`refused  ${path.join("sub", `${bad.id}.svg`)} (${bad.id}): SVG-filen blev afvist`);
  });

  it("exits 2 without a folder", { timeout: 60_000 }, async () => {
    const result = await command();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("usage: npm run signs:import -- <folder>");
  });
});

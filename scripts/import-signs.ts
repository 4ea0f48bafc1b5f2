// `npm run signs:import -- <folder>`: imports a folder (recursively) of SVG files named by sign code
// (A11.svg, "C 11.1.svg") as artwork that replaces the built-in drawings. Every file goes through the
// SVG sanitiser; refused files and unknown codes are reported, and the run still succeeds (exit 0).
// Exit 2: no folder given or not a folder; 1: the run itself failed (e.g. the database).
import { stat } from "node:fs/promises";
import path from "node:path";
import { closeDb } from "../src/server/db";
import { importSignArtworkFolder } from "../src/server/signs/import";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: npm run signs:import -- <folder>");
  process.exit(2);
}
const root = path.resolve(folder);
if (!(await stat(root).catch(() => null))?.isDirectory()) {
  console.error(`Not a folder: ${root}`);
  process.exit(2);
}

try {
  const report = await importSignArtworkFolder(root);
  for (const { file, signId, message } of report.refused) console.log(`refused  ${file} (${signId}): ${message}`);
  for (const { file, signId } of report.unknown) console.log(`unknown  ${file}: no catalogue sign "${signId}"`);
  const total = report.imported.length + report.refused.length + report.unknown.length;
  console.log(
    `imported ${report.imported.length}, refused ${report.refused.length}, unknown ${report.unknown.length} (of ${total} SVG files in ${root})`,
  );
} catch (error) {
  console.error("The import stopped:", error);
  await closeDb();
  process.exit(1);
}
await closeDb();
process.exit(0);

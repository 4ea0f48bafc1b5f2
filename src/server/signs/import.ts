import "server-only";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { storeSignArtwork } from "./artwork";
import { isCatalogueSignId } from "./catalogue";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";

export interface SignImportReport {
  /** Files stored as artwork, with the catalogue id they replace. */
  imported: { file: string; signId: string }[];
  /** Files of a known sign that were refused, with the reason in the site's language. */
  refused: { file: string; signId: string; message: string; reason?: string }[];
  /** Files whose name is no catalogue code: reported and skipped. */
  unknown: { file: string; signId: string }[];
}

/** Every .svg under `folder`, sorted so a run's order (and its report) is the same each time. */
async function svgFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    // Symbolic links are not followed: a link to a parent folder would loop.
    if (entry.isDirectory()) found.push(...(await svgFiles(full)));
    else if (entry.isFile() && /\.svg$/i.test(entry.name)) found.push(full);
  }
  return found.sort();
}

/**
 * "C 11.1.svg" → "C11.1": a traffic sign's file is named by its code, whose id is the code without spaces;
 * a sewer symbol's by its id ("rensebrond-425.svg"), since its code ("RB Ø425") is no file name.
 */
export function signIdFromFileName(file: string): string {
  return path
    .basename(file)
    .replace(/\.svg$/i, "")
    .replace(/\s+/g, "");
}

/**
 * `npm run signs:import -- <folder>`: imports a folder (recursively) of SVG files named by sign code as
 * artwork, through the same sanitiser and write path as the admin upload. A refused file is reported, not
 * fatal; an unknown code is reported and skipped. Errors other than a refusal (the database) stop the run.
 */
export async function importSignArtworkFolder(
  folder: string,
  ctx: CallContext = { site: "skilteplanen", ip: "", origin: "" },
): Promise<SignImportReport> {
  const report: SignImportReport = { imported: [], refused: [], unknown: [] };
  for (const file of await svgFiles(folder)) {
    const relative = path.relative(folder, file);
    const signId = signIdFromFileName(file);
    if (!isCatalogueSignId(signId)) {
      report.unknown.push({ file: relative, signId });
      continue;
    }
    try {
      await storeSignArtwork(ctx, signId, new Uint8Array(await readFile(file)), null);
      report.imported.push({ file: relative, signId });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reason = typeof error.extra.reason === "string" ? error.extra.reason : undefined;
      report.refused.push({ file: relative, signId, message: error.message, ...(reason && { reason }) });
    }
  }
  return report;
}

import "server-only";
import { FORM_OVERHEAD_BYTES, readForm } from "../api/body";
import { serverTranslator } from "../i18n";
import { MAX_EXPORT_BYTES } from "@/lib/schemas/export-history";
import type { SiteId } from "@/sites/registry";

/** A saved export's multipart body: its text fields (for saveExportBodySchema) and the part named "file". */
export interface ExportForm {
  fields: Record<string, string>;
  /** Null when there is none. Its type is not trusted: the bytes decide (see saveExport). */
  file: File | null;
}

/** Reads at most MAX_EXPORT_BYTES (+ framing); beyond it a 413, read no further. */
export async function readExportForm(req: Request, site: SiteId): Promise<ExportForm> {
  const t = serverTranslator(site);
  const form = await readForm(req, site, {
    maxBytes: MAX_EXPORT_BYTES + FORM_OVERHEAD_BYTES,
    tooLarge: t("api.exports.tooLarge", { mb: MAX_EXPORT_BYTES / 1024 / 1024 }),
    notAForm: t("api.exports.fileMissing"),
  });
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = value;
  }
  return { fields, file };
}

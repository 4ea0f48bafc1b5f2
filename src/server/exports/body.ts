import "server-only";
import { withUploadForm, type UploadForm } from "../api/body";
import { serverTranslator } from "../i18n";
import { MAX_EXPORT_BYTES } from "@/lib/schemas/export-history";
import type { SiteId } from "@/sites/registry";

/**
 * Reads a saved export's multipart body (its text fields for saveExportBodySchema, and the part named
 * "file" in a temporary file) and runs `handle` on it. The file may have MAX_EXPORT_BYTES; past that a 413,
 * read no further. Its type is not trusted: the bytes decide (checkExportFile).
 */
export function withExportForm<T>(req: Request, site: SiteId, handle: (form: UploadForm) => Promise<T>): Promise<T> {
  const t = serverTranslator(site);
  return withUploadForm(
    req,
    site,
    {
      maxFileBytes: MAX_EXPORT_BYTES,
      tooLarge: t("api.exports.tooLarge", { mb: MAX_EXPORT_BYTES / 1024 / 1024 }),
      notAForm: t("api.exports.fileMissing"),
    },
    handle,
  );
}

import "server-only";
import { readFile } from "node:fs/promises";
import { withUploadForm } from "../api/body";
import { serverTranslator } from "../i18n";
import { MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";
import type { SiteId } from "@/sites/registry";

/** A multipart upload of a sign image: the text fields (for a zod schema) and the file's bytes. */
export interface SignUploadForm {
  fields: Record<string, string>;
  /** The part named "file"; null when there is none. Its name and type are not trusted: the bytes decide. */
  file: Uint8Array | null;
}

/**
 * A multipart upload whose file may have MAX_SIGN_UPLOAD_BYTES; beyond it a 413, read no further. The
 * file streams to a temporary file and is read back (at most its limit) for sharp or the SVG sanitiser.
 */
export function readSignUploadForm(req: Request, site: SiteId): Promise<SignUploadForm> {
  const t = serverTranslator(site);
  const limit = {
    maxFileBytes: MAX_SIGN_UPLOAD_BYTES,
    tooLarge: t("api.signs.tooLarge", { mb: MAX_SIGN_UPLOAD_BYTES / 1024 / 1024 }),
    notAForm: t("api.signs.fileMissing"),
  };
  return withUploadForm(req, site, limit, async (form) => ({
    fields: form.fields,
    file: form.file ? new Uint8Array(await readFile(form.file.path)) : null,
  }));
}

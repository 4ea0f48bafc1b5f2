import "server-only";
import { FORM_OVERHEAD_BYTES, readForm } from "../api/body";
import { serverTranslator } from "../i18n";
import { MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";
import type { SiteId } from "@/sites/registry";

/** A multipart upload of a sign image: the text fields (for a zod schema) and the file's bytes. */
export interface SignUploadForm {
  fields: Record<string, string>;
  /** The part named "file"; null when there is none. Its name and type are not trusted: the bytes decide. */
  file: Uint8Array | null;
}

/** A multipart body of at most MAX_SIGN_UPLOAD_BYTES (+ framing); beyond it a 413, read no further. */
export async function readSignUploadForm(req: Request, site: SiteId): Promise<SignUploadForm> {
  const t = serverTranslator(site);
  const form = await readForm(req, site, {
    maxBytes: MAX_SIGN_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
    tooLarge: t("api.signs.tooLarge", { mb: MAX_SIGN_UPLOAD_BYTES / 1024 / 1024 }),
    notAForm: t("api.signs.fileMissing"),
  });
  const fields: Record<string, string> = {};
  let file: Uint8Array | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = new Uint8Array(await value.arrayBuffer());
  }
  return { fields, file };
}

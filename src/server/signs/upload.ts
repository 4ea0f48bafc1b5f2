import "server-only";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";
import type { SiteId } from "@/sites/registry";

/** A multipart upload of a sign image: the text fields (for a zod schema) and the file's bytes. */
export interface SignUploadForm {
  fields: Record<string, string>;
  /** The part named "file"; null when there is none. Its name and type are not trusted: the bytes decide. */
  file: Uint8Array | null;
}

/** Room for the multipart framing and the text fields beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart body of at most MAX_SIGN_UPLOAD_BYTES (+ framing), streaming, so an oversized upload is
 * refused with a 413 without being held in memory whole (Request.formData() would read any size first).
 */
export async function readSignUploadForm(req: Request, site: SiteId): Promise<SignUploadForm> {
  const t = serverTranslator(site);
  const tooLarge = () => new ApiError(413, t("api.signs.tooLarge", { mb: MAX_SIGN_UPLOAD_BYTES / 1024 / 1024 }));
  const limit = MAX_SIGN_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  if (req.body) {
    const reader = req.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    // Not multipart at all, or a broken body: there is no file to speak of.
    throw new ApiError(400, t("api.signs.fileMissing"));
  }
  const fields: Record<string, string> = {};
  let file: Uint8Array | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = new Uint8Array(await value.arrayBuffer());
  }
  return { fields, file };
}

/**
 * The browser's own check of a file picked for a personal sign, before it is uploaded: the server makes
 * the same checks (src/server/signs/images.ts), but a wrong file is refused at once instead of after
 * sending up to 10 MB. Like the server it goes by the file's first bytes, not its name or type.
 */
import { MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";
import { sniffRasterFormat } from "@/lib/files/raster-format";

/** What the file input offers; a file of another kind can still be dropped, and is then refused. */
export const PERSONAL_SIGN_ACCEPT = ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp";

/** Why a file cannot become a personal sign (keys under api.signs, the server's texts), or null. */
export type SignFileProblem = "invalidType" | "readError" | "tooLarge";

export async function checkSignFile(file: Blob): Promise<SignFileProblem | null> {
  if (file.size === 0) return "readError";
  if (file.size > MAX_SIGN_UPLOAD_BYTES) return "tooLarge";
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  } catch {
    return "readError"; // the file went away or may not be read (a revoked permission)
  }
  return sniffRasterFormat(head) ? null : "invalidType";
}

/** The name a sign gets from its file: the file name without its extension, underscores as spaces. */
export function signNameOfFile(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, "");
  return stem.replace(/[_]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 100);
}

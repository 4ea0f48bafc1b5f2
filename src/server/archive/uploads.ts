import "server-only";
import type { Readable } from "node:stream";
import type { CallContext } from "../accounts/service";
import { FORM_OVERHEAD_BYTES, readUploadForm, type FileSink } from "../api/body";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { getStorage } from "../storage";
import { removeStoredObjects } from "./cleanup";
import { archiveNameKey, safeUploadName } from "./names";
import { archiveLimits, assertRoomFor, fileTooLarge } from "./quota";
import { fileDto, fileNameInUse, getFolderOrThrow, projectForChange, type FileRow } from "./service";
import type { ArchiveFileDto } from "@/lib/schemas/archive";
import { rowIdSchema } from "@/lib/schemas/project";

/*
 * Uploads into the archive, by either way in: one multipart request (POST /archive/files/{projectId}, files
 * up to ARCHIVE_RESUMABLE_FROM_BYTES from the screen) or tus (tus.ts, larger ones). Both stream the body
 * into file storage as it arrives, never holding a file whole, and end in recordUpload.
 */

/**
 * The type a version is stored and served with: what the browser declared, when it is a well-formed media
 * type (lower-cased, without parameters), else application/octet-stream. Served as given with nosniff,
 * always as an attachment under the sandboxing CSP, so a declared text/html is a download, never a page.
 */
export function storedContentType(declared: string | null | undefined): string {
  const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : "application/octet-stream";
}

/** Where an upload goes: a project, and a folder of it or its root. */
export interface UploadTarget {
  projectId: number;
  folderId: number | null;
}

/** Checks the target before a byte is read: the project (not in the trash) and the folder through the access rule. */
export async function checkUploadTarget(ctx: CallContext, user: SessionUser, target: UploadTarget): Promise<void> {
  const project = await projectForChange(ctx, user, target.projectId);
  if (target.folderId !== null) {
    const folder = await getFolderOrThrow(ctx, user, target.folderId);
    if (folder.project_id !== project.id) throw new ApiError(404, serverTranslator(ctx.site)("api.archive.folderNotFound"));
  }
}

/**
 * Records a stored upload as a file of the target folder: a new file, or, when a file of that name (letter
 * case aside) is already there, its newest version. The quota is asked again with the real size, in the
 * transaction that writes the rows. On any failure the stored object is removed: nothing is kept that no
 * row names.
 */
export async function recordUpload(
  ctx: CallContext,
  user: SessionUser,
  target: UploadTarget,
  upload: { name: string; key: string; size: number; contentType: string },
): Promise<ArchiveFileDto> {
  try {
    // The folder may have gone (or access ended) while the bytes arrived.
    await checkUploadTarget(ctx, user, target);
    const db = await getDb();
    const name = safeUploadName(upload.name);
    const key = archiveNameKey(name);
    const write = () =>
      db.transaction().execute(async (trx) => {
        await assertRoomFor(trx, ctx.site, target.projectId, upload.size);
        const now = new Date().toISOString();
        const findFile = () =>
          trx
            .selectFrom("archive_files")
            .selectAll()
            .where("project_id", "=", target.projectId)
            .where("folder_id", target.folderId === null ? "is" : "=", target.folderId)
            .where("name_key", "=", key)
            .executeTakeFirst();
        let file: FileRow | undefined = await findFile();
        if (file) {
          file = await trx
            .updateTable("archive_files")
            .set({ updated_at: now })
            .where("id", "=", file.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        } else {
          file = await trx
            .insertInto("archive_files")
            .values({ project_id: target.projectId, folder_id: target.folderId, name, name_key: key, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        await trx
          .insertInto("archive_file_versions")
          .values({
            file_id: file.id,
            storage_key: upload.key,
            size: upload.size,
            content_type: upload.contentType,
            created_at: now,
            uploaded_by: user.id,
          })
          .execute();
        return file;
      });
    let row: FileRow;
    try {
      row = await write();
    } catch (error) {
      // Two uploads of one new name at once (PostgreSQL; SQLite writes one at a time): the unique index
      // refused the second file row, and the second upload becomes a version of the first's file.
      if (error instanceof ApiError || !(await fileNameInUse(db, target.projectId, target.folderId, key))) throw error;
      row = await write();
    }
    return await fileDto(db, row);
  } catch (error) {
    await removeStoredObjects([upload.key]);
    throw error;
  }
}

/** A multipart form's optional folderId: absent, empty or "null" is the root. */
function folderIdField(value: string | undefined): number | null {
  if (value === undefined || value === "" || value === "null") return null;
  return rowIdSchema.parse(value);
}

/**
 * POST /archive/files/{projectId}, multipart with `file` and an optional `folderId`: the file streams
 * straight into file storage (storage.putStream) as busboy parses it, counted against the archive's
 * largest file: a Content-Length past it is refused before anything is read, and a body that passes it
 * anyway is cut off there and what was stored is removed (413). The quota is asked with the declared
 * length first and with the real size when the rows are written.
 */
export async function uploadMultipart(ctx: CallContext, user: SessionUser, projectId: number, req: Request): Promise<ArchiveFileDto> {
  const t = serverTranslator(ctx.site);
  await projectForChange(ctx, user, projectId);
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > archiveLimits.maxFileBytes + FORM_OVERHEAD_BYTES) throw fileTooLarge(ctx.site);
  const db = await getDb();
  if (declared > 0) await assertRoomFor(db, ctx.site, projectId, Math.max(0, declared - FORM_OVERHEAD_BYTES));

  const kept: { key?: string } = {};
  const toStorage: FileSink<{ key: string; size: number; contentType: string }> = async (stream: Readable, info) => {
    const contentType = storedContentType(info.mimeType);
    const stored = await getStorage().putStream(stream, contentType);
    kept.key = stored.key;
    return { ...stored, contentType };
  };
  let form;
  try {
    form = await readUploadForm(
      req,
      ctx.site,
      { maxFileBytes: archiveLimits.maxFileBytes, tooLarge: fileTooLarge(ctx.site).message, notAForm: t("api.archive.fileMissing") },
      toStorage,
    );
  } catch (error) {
    // Cut off past the limit (the stream ended early, so it was stored), or a field too long after the file.
    if (kept.key) await removeStoredObjects([kept.key]);
    if (error instanceof ApiError && error.status === 413 && error.message === fileTooLarge(ctx.site).message) throw fileTooLarge(ctx.site);
    throw error;
  }
  if (!form.file) throw new ApiError(400, t("api.archive.fileMissing"), { field: "file" });
  let folderId: number | null;
  try {
    folderId = folderIdField(form.fields.folderId);
  } catch (error) {
    await removeStoredObjects([form.file.result.key]);
    throw error;
  }
  return recordUpload(ctx, user, { projectId, folderId }, { name: form.file.name, ...form.file.result });
}

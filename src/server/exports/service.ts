import "server-only";
import type { Kysely } from "kysely";
import type { CallContext } from "../accounts/service";
import type { UploadedFile } from "../api/body";
import { ApiError } from "../api/errors";
import { inProcessingSlot } from "../api/upload-slots";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import type { SignplanExportsTable } from "../db/schema";
import { safeFileStem } from "../files/serve";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import type { SignplanRow } from "../signplans/dto";
import { canReadSignplan, getSignplanOrThrow } from "../signplans/read";
import { storeWithRow } from "../signs/images";
import { getStorage } from "../storage";
import { checkExportFile } from "./check";
import type { ExportDto, ExportFormat, ExportSettings } from "@/lib/schemas/export";
import {
  EXPORT_FILE_NAME_MAX,
  EXPORT_FILE_TYPES,
  EXPORT_HISTORY_LIMIT,
  EXPORT_QUOTA_BYTES,
  MAX_EXPORT_BYTES,
  exportFileUrl,
  type SaveExportBody,
} from "@/lib/schemas/export-history";

/*
 * A plan's export history (spec 2-content §3 and §7): the browser renders the PDF or JPG (src/editor/export)
 * and hands it here with the settings it was made with, so the list of earlier exports can download it
 * again and make it again. Access is the plan's: whoever may open the plan in the editor (its owner, and
 * the members of the organisation it is shared with) saves, lists and downloads its exports; the public
 * view's share link does not reach them.
 */

const nowIso = () => new Date().toISOString();

interface ExportRow {
  id: number;
  signplan_id: number;
  settings: string;
  file_name: string;
  size: number;
  created_at: string;
  created_by_name: string | null;
}

function toDto(row: ExportRow): ExportDto {
  return {
    id: row.id,
    signplanId: row.signplan_id,
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    // Validated when it was saved; a row from an older schema answers the fields of its time.
    settings: JSON.parse(row.settings) as ExportSettings,
    fileName: row.file_name,
    fileSize: row.size,
    fileUrl: exportFileUrl(row.id),
  };
}

function selectExports(db: Kysely<Database>) {
  return db
    .selectFrom("signplan_exports")
    .leftJoin("users", "users.id", "signplan_exports.created_by")
    .select([
      "signplan_exports.id",
      "signplan_exports.signplan_id",
      "signplan_exports.settings",
      "signplan_exports.file_name",
      "signplan_exports.size",
      "signplan_exports.created_at",
      "users.name as created_by_name",
    ]);
}

/**
 * The name the file is downloaded under: the one the browser sent, made safe for any file system, with
 * the extension of its format (whatever it was called); the plan's name when it sent none.
 */
function exportFileName(given: string, planName: string, format: ExportFormat): string {
  const extension = EXPORT_FILE_TYPES[format].extension;
  const base = given.split(/[\\/]/).pop() ?? "";
  const stem = safeFileStem(base.replace(/\.[A-Za-z0-9]{1,5}$/, "")) || safeFileStem(planName) || "plan";
  return `${stem.slice(0, EXPORT_FILE_NAME_MAX - extension.length - 1).trim()}.${extension}`;
}

/**
 * Removes a plan's exports beyond the newest EXPORT_HISTORY_LIMIT, rows first and then their files (a
 * file without a row is only wasted space; a row without its file would be a broken download).
 */
async function pruneExports(signplanId: number): Promise<void> {
  const db = await getDb();
  // A plan holds at most one export more than the limit here, so reading its keys and cutting in code is cheap.
  const rows = await db
    .selectFrom("signplan_exports")
    .select(["id", "storage_key"])
    .where("signplan_id", "=", signplanId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const old = rows.slice(EXPORT_HISTORY_LIMIT);
  if (old.length === 0) return;
  await db
    .deleteFrom("signplan_exports")
    .where(
      "id",
      "in",
      old.map((row) => row.id),
    )
    .execute();
  await deleteExportFiles(old.map((row) => row.storage_key));
}

/** Removes stored export files; a failure is logged, not thrown: the rows are gone either way. */
export async function deleteExportFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await getStorage()
      .delete(key)
      .catch((e) => log.error("exports", "file not removed", e));
}

/** The storage keys of the plans' exports, read before the plans are deleted (their rows go with them). */
export async function exportFileKeys(db: Kysely<Database>, signplanIds: readonly number[]): Promise<string[]> {
  if (signplanIds.length === 0) return [];
  const rows = await db.selectFrom("signplan_exports").select("storage_key").where("signplan_id", "in", signplanIds).execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Bytes the account that owns `plan`'s project has in stored exports once a new export of `plan` is
 * saved, not counting the new one: the plan's oldest exports that saving one more removes (pruneExports)
 * are left out, so a plan at its history limit can always take the next.
 */
async function exportBytesAfterPruning(plan: Pick<SignplanRow, "id" | "project_id">): Promise<{ ownerId: number; bytes: number }> {
  const db = await getDb();
  const { owner_id: ownerId } = await db
    .selectFrom("projects")
    .select("owner_id")
    .where("id", "=", plan.project_id)
    .executeTakeFirstOrThrow();
  const total = await db
    .selectFrom("signplan_exports")
    .innerJoin("signplans", "signplans.id", "signplan_exports.signplan_id")
    .innerJoin("projects", "projects.id", "signplans.project_id")
    .where("projects.owner_id", "=", ownerId)
    .select((eb) => eb.fn.sum<number | string | null>("signplan_exports.size").as("bytes"))
    .executeTakeFirstOrThrow();
  const planSizes = await db
    .selectFrom("signplan_exports")
    .select("size")
    .where("signplan_id", "=", plan.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const pruned = planSizes.slice(EXPORT_HISTORY_LIMIT - 1).reduce((sum, row) => sum + row.size, 0);
  return { ownerId, bytes: Number(total.bytes ?? 0) - pruned };
}

/** Refuses (413) an export of `size` bytes that would take the project owner's exports past EXPORT_QUOTA_BYTES. */
async function assertExportRoom(ctx: CallContext, plan: Pick<SignplanRow, "id" | "project_id">, size: number): Promise<void> {
  const { bytes } = await exportBytesAfterPruning(plan);
  if (bytes + size > EXPORT_QUOTA_BYTES)
    throw new ApiError(413, serverTranslator(ctx.site)("api.exports.quota", { gb: EXPORT_QUOTA_BYTES / 1024 ** 3 }));
}

/**
 * What POST /exports/signplan/{id} checks before it reads the body: the plan (404 for anyone who may not
 * open it) and room for an export of at least `declaredBytes` (the body's Content-Length less the form
 * around the file), so a body that cannot be kept is not read.
 */
export async function assertCanSaveExport(
  ctx: CallContext,
  user: SessionUser,
  signplanId: number,
  declaredBytes: number,
): Promise<SignplanRow> {
  const plan = await getSignplanOrThrow(ctx, user, signplanId);
  await assertExportRoom(ctx, plan, Math.max(1, declaredBytes));
  return plan;
}

/**
 * POST /exports/signplan/{id}: stores an export the browser made, with its settings. The file must be
 * what `settings.format` says (checkExportFile); it is stored as it came, moved from its temporary file
 * without being read into memory (the user downloads it again and nobody opens it inside our origin: it
 * is always served as an attachment, see getExportFile).
 */
export async function saveExport(
  ctx: CallContext,
  user: SessionUser,
  signplanId: number,
  body: SaveExportBody,
  file: UploadedFile | null,
): Promise<ExportDto> {
  const t = serverTranslator(ctx.site);
  const plan = await getSignplanOrThrow(ctx, user, signplanId);
  if (!file || file.size === 0) throw new ApiError(400, t("api.exports.fileMissing"));
  if (file.size > MAX_EXPORT_BYTES) throw new ApiError(413, t("api.exports.tooLarge", { mb: MAX_EXPORT_BYTES / 1024 / 1024 }));
  const { format } = body.settings;
  await inProcessingSlot(() => checkExportFile(ctx.site, file, format));
  await assertExportRoom(ctx, plan, file.size);
  const type = EXPORT_FILE_TYPES[format];
  const db = await getDb();
  const row = await storeWithRow({ path: file.path }, type.contentType, (storageKey) =>
    db
      .insertInto("signplan_exports")
      .values({
        signplan_id: plan.id,
        created_by: user.id,
        settings: JSON.stringify(body.settings),
        storage_key: storageKey,
        file_name: exportFileName(file.name, plan.name, format),
        content_type: type.contentType as SignplanExportsTable["content_type"],
        size: file.size,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  await pruneExports(plan.id);
  const saved = await selectExports(db).where("signplan_exports.id", "=", row.id).executeTakeFirstOrThrow();
  return toDto(saved);
}

/** GET /exports/signplan/{id}: the plan's exports, newest first. */
export async function listExports(ctx: CallContext, user: SessionUser, signplanId: number): Promise<ExportDto[]> {
  await getSignplanOrThrow(ctx, user, signplanId);
  const db = await getDb();
  const rows = await selectExports(db)
    .where("signplan_exports.signplan_id", "=", signplanId)
    .orderBy("signplan_exports.created_at", "desc")
    .orderBy("signplan_exports.id", "desc")
    .execute();
  return rows.map(toDto);
}

/**
 * GET /exports/{exportId}/file: the stored file and its name. The export's row is loaded, then its
 * plan's access rule asked; an export of a plan the caller cannot open is "not found", like the plan.
 */
export async function getExportFile(
  ctx: CallContext,
  user: SessionUser,
  exportId: number,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const notFound = () => new ApiError(404, serverTranslator(ctx.site)("api.exports.notFound"));
  const db = await getDb();
  const row = await db
    .selectFrom("signplan_exports")
    .select(["signplan_id", "storage_key", "file_name", "content_type"])
    .where("id", "=", exportId)
    .executeTakeFirst();
  if (!row || !(await canReadSignplan(user, row.signplan_id))) throw notFound();
  const file = await getStorage().get(row.storage_key);
  if (!file) throw notFound();
  return { data: file.data, contentType: row.content_type, fileName: row.file_name };
}

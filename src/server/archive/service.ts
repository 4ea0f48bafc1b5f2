import "server-only";
import { sql, type Kysely, type Selectable } from "kysely";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { projectAccessibleBy } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDatabaseHandle, getDb, type Database } from "../db";
import type { ArchiveFilesTable, ArchiveFoldersTable, ProjectsTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { getProjectOrThrow } from "../projects/service";
import { getSignplanOrThrow } from "../signplans/read";
import { updateSignplan } from "../signplans/save";
import { getStorage, type StoredStream } from "../storage";
import { removeStoredObjects } from "./cleanup";
import { archiveNameKey, typedArchiveName } from "./names";
import { archiveLimits, quotaHolderOf, usedBytes } from "./quota";
import { folderChain, subtreeFolderIds } from "./tree";
import type {
  ArchiveContentsDto,
  ArchiveFileDto,
  ArchiveFileVersionDto,
  ArchiveFolderDto,
  ArchiveFolderPathDto,
  ArchiveItemType,
  ArchivePlanType,
  ArchiveSignplanDto,
} from "@/lib/schemas/archive";
import { planNameSchema } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

/*
 * The project archive (issue 35; content §3 Archive entities, §7 Archive): folders, files and their
 * versions, listed with the project's saved plans. Who may reach any of it is the one access rule,
 * projectAccessibleBy: every folder, file and version is loaded through its project with that rule, and
 * anyone it excludes gets the same 404 as for an id that does not exist.
 */

export type FolderRow = Selectable<ArchiveFoldersTable>;
export type FileRow = Selectable<ArchiveFilesTable>;

const nowIso = () => new Date().toISOString();

const folderNotFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.archive.folderNotFound"));
const fileNotFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.archive.fileNotFound"));
const projectNotFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.plans.notFound"));
const nameTaken = (site: SiteId, name: string) =>
  new ApiError(409, serverTranslator(site)("api.archive.nameTaken", { name }), { code: "ARCHIVE_NAME_TAKEN", field: "name" });

/** Where a version downloads from: through the app, with the access rule (see the README's "Project archive"). */
export function versionUrl(fileId: number, versionId: number): string {
  return `/api/archive/files/${fileId}/versions/${versionId}`;
}

export function toFolderDto(row: FolderRow): ArchiveFolderDto {
  return { id: row.id, name: row.name, parentId: row.parent_id, createdAt: row.created_at };
}

/**
 * A project the caller may reach, for a change that adds to its archive: a project in the trash takes
 * nothing new (as it takes no new plan), so it answers "not found" for that.
 */
export async function projectForChange(ctx: CallContext, user: SessionUser, projectId: number): Promise<Selectable<ProjectsTable>> {
  const project = await getProjectOrThrow(ctx, user, projectId);
  if (project.deleted_at) throw projectNotFound(ctx.site);
  return project;
}

/** A folder through its project's access rule; "not found" for anyone without access. */
export async function getFolderOrThrow(ctx: CallContext, user: SessionUser, id: number, db?: Kysely<Database>): Promise<FolderRow> {
  const row = await (db ?? (await getDb()))
    .selectFrom("archive_folders")
    .innerJoin("projects", "projects.id", "archive_folders.project_id")
    .where(projectAccessibleBy(user))
    .selectAll("archive_folders")
    .where("archive_folders.id", "=", id)
    .executeTakeFirst();
  if (!row) throw folderNotFound(ctx.site);
  return row;
}

/** A file through its project's access rule; "not found" for anyone without access. */
export async function getFileOrThrow(ctx: CallContext, user: SessionUser, id: number): Promise<FileRow> {
  const row = await (
    await getDb()
  )
    .selectFrom("archive_files")
    .innerJoin("projects", "projects.id", "archive_files.project_id")
    .where(projectAccessibleBy(user))
    .selectAll("archive_files")
    .where("archive_files.id", "=", id)
    .executeTakeFirst();
  if (!row) throw fileNotFound(ctx.site);
  return row;
}

/** Versions of the given files (or of a whole project's), newest first, each with its uploader's name. */
async function versionsOf(db: Kysely<Database>, scope: { fileId: number } | { projectId: number }) {
  let query = db
    .selectFrom("archive_file_versions")
    .innerJoin("archive_files", "archive_files.id", "archive_file_versions.file_id")
    .leftJoin("users", "users.id", "archive_file_versions.uploaded_by")
    .select([
      "archive_file_versions.id",
      "archive_file_versions.file_id",
      "archive_file_versions.size",
      "archive_file_versions.content_type",
      "archive_file_versions.created_at",
      "users.name as uploader",
    ]);
  query =
    "fileId" in scope
      ? query.where("archive_file_versions.file_id", "=", scope.fileId)
      : query.where("archive_files.project_id", "=", scope.projectId);
  const rows = await query.orderBy("archive_file_versions.created_at", "desc").orderBy("archive_file_versions.id", "desc").execute();
  const byFile = new Map<number, ArchiveFileVersionDto[]>();
  for (const row of rows) {
    const list = byFile.get(row.file_id) ?? [];
    list.push({
      id: row.id,
      fileUrl: versionUrl(row.file_id, row.id),
      size: Number(row.size),
      contentType: row.content_type,
      createdAt: row.created_at,
      uploadedBy: row.uploader ?? null,
    });
    byFile.set(row.file_id, list);
  }
  return byFile;
}

function toFileDto(row: FileRow, versions: ArchiveFileVersionDto[]): ArchiveFileDto {
  return { id: row.id, name: row.name, folderId: row.folder_id, createdAt: row.created_at, versions };
}

export async function fileDto(db: Kysely<Database>, row: FileRow): Promise<ArchiveFileDto> {
  return toFileDto(row, (await versionsOf(db, { fileId: row.id })).get(row.id) ?? []);
}

/**
 * Which site's app opens a saved plan. Plans have no site column, so it is read from what the plan holds:
 * pipes or the sewer catalogue's wells make it a sewer drawing (kloakplanen); Swedish signs or
 * Lantmäteriet's map make it a Swedish plan (ta-planen); Danish road signs a sign plan (skilteplanen); a
 * plan with none of these (an empty one, say) opens on the site the archive is looked at from. A match on
 * the stored JSON (JSON.stringify's, without blanks), so the database answers it without the content
 * leaving it; LIKE is the same on SQLite and PostgreSQL (the patterns hold no _ or %).
 */
const planTypeExpression = sql<ArchivePlanType | null>`case
  when signplans.content like '%"pipes":[{%' or signplans.content like '%"imageUrl":"/signs/sewer/%' then 'kloakplanen'
  when signplans.content like '%"imageUrl":"/signs/se/%' or signplans.content like '%"activeMapLayerId":"lantmateriet-topo"%' then 'ta-planen'
  when signplans.content like '%"imageUrl":"/signs/dk/%' then 'skilteplanen'
  else null end`;

/** The project's plans as the archive lists them, with the site whose app opens each. */
function savedPlans(db: Kysely<Database>) {
  return db.selectFrom("signplans").select(["signplans.id", "signplans.name", "signplans.created_at", planTypeExpression.as("type")]);
}

function toPlanDto(row: { id: number; name: string; created_at: string; type: ArchivePlanType | null }, site: SiteId): ArchiveSignplanDto {
  return { id: row.id, name: row.name, type: row.type ?? site, created_at: row.created_at };
}

/** GET /archive/contents/{projectId}: every folder and file of the project, its saved plans and the space used. */
export async function getContents(ctx: CallContext, user: SessionUser, projectId: number): Promise<ArchiveContentsDto> {
  const project = await getProjectOrThrow(ctx, user, projectId);
  const db = await getDb();
  const folders = await db
    .selectFrom("archive_folders")
    .selectAll()
    .where("project_id", "=", project.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const files = await db
    .selectFrom("archive_files")
    .selectAll()
    .where("project_id", "=", project.id)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const versions = await versionsOf(db, { projectId: project.id });
  // The saved plans: those in use (neither archived nor in the trash), as the project's plan list shows them.
  const plans = await savedPlans(db)
    .where("signplans.project_id", "=", project.id)
    .where("signplans.deleted_at", "is", null)
    .where("signplans.archived_at", "is", null)
    .orderBy("signplans.created_at", "desc")
    .orderBy("signplans.id", "desc")
    .execute();
  const used = await usedBytes(db, await quotaHolderOf(db, project.id));
  return {
    folders: folders.map(toFolderDto),
    files: files.map((row) => toFileDto(row, versions.get(row.id) ?? [])),
    signplans: plans.map((plan) => toPlanDto(plan, ctx.site)),
    usage: { usedBytes: used, quotaBytes: archiveLimits.quotaBytes },
  };
}

/** Whether the unique index on (project, parent, name_key) refused a write: the name was taken meanwhile. */
async function folderNameInUse(db: Kysely<Database>, projectId: number, parentId: number | null, key: string, exceptId?: number) {
  let query = db
    .selectFrom("archive_folders")
    .select("id")
    .where("project_id", "=", projectId)
    .where("name_key", "=", key)
    .where("parent_id", parentId === null ? "is" : "=", parentId);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function fileNameInUse(db: Kysely<Database>, projectId: number, folderId: number | null, key: string, exceptId?: number) {
  let query = db
    .selectFrom("archive_files")
    .select("id")
    .where("project_id", "=", projectId)
    .where("name_key", "=", key)
    .where("folder_id", folderId === null ? "is" : "=", folderId);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Runs a write that may break a unique name: a name checked free before can be taken by a request that ran
 * in between, and the unique index then refuses the write; that is the same 409.
 */
async function writeUniquely<T>(site: SiteId, name: string, inUse: () => Promise<boolean>, write: () => Promise<T>): Promise<T> {
  if (await inUse()) throw nameTaken(site, name);
  try {
    return await write();
  } catch (error) {
    if (await inUse().catch(() => false)) throw nameTaken(site, name);
    throw error;
  }
}

/** POST /archive/folders {projectId, name, parentId}: a new folder at the root or in `parentId`. */
export async function createFolder(
  ctx: CallContext,
  user: SessionUser,
  body: { projectId: number; name: string; parentId: number | null },
): Promise<ArchiveFolderDto> {
  const name = typedArchiveName(ctx.site, body.name);
  const project = await projectForChange(ctx, user, body.projectId);
  if (body.parentId !== null) {
    const parent = await getFolderOrThrow(ctx, user, body.parentId);
    if (parent.project_id !== project.id) throw folderNotFound(ctx.site);
  }
  const db = await getDb();
  const key = archiveNameKey(name);
  const row = await writeUniquely(
    ctx.site,
    name,
    () => folderNameInUse(db, project.id, body.parentId, key),
    () =>
      db
        .insertInto("archive_folders")
        .values({ project_id: project.id, parent_id: body.parentId, name, name_key: key, created_at: nowIso(), created_by: user.id })
        .returningAll()
        .executeTakeFirstOrThrow(),
  );
  return toFolderDto(row);
}

/**
 * PATCH /archive/folders/{id} {name?, parentId?}: a new name, a new place, or both. A folder moves within
 * its project only, and never into itself or a folder below it (400): the target is checked against the
 * folder's subtree in the transaction of the move, with the project's row locked on PostgreSQL, so two
 * moves at once (A into B, B into A) cannot make a cycle (SQLite runs one write transaction at a time).
 */
export async function updateFolder(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  body: { name?: string; parentId?: number | null },
): Promise<ArchiveFolderDto> {
  const t = serverTranslator(ctx.site);
  const folder = await getFolderOrThrow(ctx, user, id);
  const name = body.name === undefined ? folder.name : typedArchiveName(ctx.site, body.name);
  const parentId = body.parentId === undefined ? folder.parent_id : body.parentId;
  if (parentId !== null && parentId !== folder.parent_id) {
    const target = await getFolderOrThrow(ctx, user, parentId);
    if (target.project_id !== folder.project_id) throw new ApiError(400, t("api.archive.moveToOtherProject"), { field: "parentId" });
  }
  const handle = await getDatabaseHandle();
  const key = archiveNameKey(name);
  const row = await handle.db.transaction().execute(async (trx) => {
    if (handle.dialect === "postgres") {
      await trx.selectFrom("projects").select("id").where("id", "=", folder.project_id).forUpdate().execute();
    }
    if (parentId !== null && parentId !== folder.parent_id && (await subtreeFolderIds(trx, id)).includes(parentId)) {
      throw new ApiError(400, t("api.archive.moveIntoItself"), { field: "parentId", code: "ARCHIVE_MOVE_CYCLE" });
    }
    return writeUniquely(
      ctx.site,
      name,
      () => folderNameInUse(trx, folder.project_id, parentId, key, id),
      () =>
        trx
          .updateTable("archive_folders")
          .set({ name, name_key: key, parent_id: parentId })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
  });
  return toFolderDto(row);
}

/** GET /archive/folders/{id}: the folder and its breadcrumb, from the root down to it (a recursive query). */
export async function getFolderPath(ctx: CallContext, user: SessionUser, id: number): Promise<ArchiveFolderPathDto> {
  const folder = await getFolderOrThrow(ctx, user, id);
  return { folder: toFolderDto(folder), path: await folderChain(await getDb(), id) };
}

/**
 * DELETE /archive/folders/{id}: the folder with everything below it, its files and all their versions, and
 * their stored objects. The rows go in one transaction; the objects are removed after it commits (a failure
 * then leaves an object without a row, logged, never a row without its object).
 */
export async function deleteFolder(
  ctx: CallContext,
  user: SessionUser,
  id: number,
): Promise<{ id: number; folders: number; files: number }> {
  await getFolderOrThrow(ctx, user, id);
  const db = await getDb();
  const { keys, folders, files } = await db.transaction().execute(async (trx) => {
    const folderIds = await subtreeFolderIds(trx, id);
    const fileRows = await trx.selectFrom("archive_files").select("id").where("folder_id", "in", folderIds).execute();
    const versionKeys = fileRows.length
      ? await trx
          .selectFrom("archive_file_versions")
          .select("storage_key")
          .where(
            "file_id",
            "in",
            fileRows.map((row) => row.id),
          )
          .execute()
      : [];
    // Children first: the cascade would do it, but explicit deletes do not depend on it reaching every depth.
    if (fileRows.length)
      await trx
        .deleteFrom("archive_files")
        .where(
          "id",
          "in",
          fileRows.map((row) => row.id),
        )
        .execute();
    await trx.deleteFrom("archive_folders").where("id", "in", folderIds).execute();
    return { keys: versionKeys.map((row) => row.storage_key), folders: folderIds.length, files: fileRows.length };
  });
  await removeStoredObjects(keys);
  return { id, folders, files };
}

/** DELETE /archive/files/{id}: the file, all its versions and their stored objects. */
export async function deleteFile(ctx: CallContext, user: SessionUser, id: number): Promise<{ id: number; versions: number }> {
  await getFileOrThrow(ctx, user, id);
  const db = await getDb();
  const keys = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("archive_file_versions").select("storage_key").where("file_id", "=", id).execute();
    await trx.deleteFrom("archive_files").where("id", "=", id).execute();
    return rows.map((row) => row.storage_key);
  });
  await removeStoredObjects(keys);
  return { id, versions: keys.length };
}

/** A file renamed within its folder (409 when another file there has the name). */
async function renameFile(ctx: CallContext, user: SessionUser, id: number, rawName: string): Promise<ArchiveFileDto> {
  const file = await getFileOrThrow(ctx, user, id);
  const name = typedArchiveName(ctx.site, rawName);
  const db = await getDb();
  const key = archiveNameKey(name);
  const row = await writeUniquely(
    ctx.site,
    name,
    () => fileNameInUse(db, file.project_id, file.folder_id, key, id),
    () => db.updateTable("archive_files").set({ name, name_key: key }).where("id", "=", id).returningAll().executeTakeFirstOrThrow(),
  );
  return fileDto(db, row);
}

/**
 * A saved plan renamed through the plans' own rename (PUT /signplan/{id}'s service), so a plan's rules
 * hold: its name rule, unique in the project letter case aside (409 PLAN_NAME_TAKEN), a new version.
 */
async function renamePlan(ctx: CallContext, user: SessionUser, id: number, rawName: string): Promise<ArchiveSignplanDto> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const name = planNameSchema.parse(rawName);
  const saved = await updateSignplan(ctx, user, id, { version: plan.version, name });
  const row = await savedPlans(await getDb())
    .where("signplans.id", "=", saved.id)
    .executeTakeFirstOrThrow();
  return toPlanDto(row, ctx.site);
}

/** PATCH /archive/item/rename {id, type, name}: a file, a folder or a saved plan, each by its own rules. */
export async function renameItem(
  ctx: CallContext,
  user: SessionUser,
  body: { id: number; type: ArchiveItemType; name: string },
): Promise<ArchiveFolderDto | ArchiveFileDto | ArchiveSignplanDto> {
  if (body.type === "folder") return updateFolder(ctx, user, body.id, { name: body.name });
  if (body.type === "file") return renameFile(ctx, user, body.id, body.name);
  return renamePlan(ctx, user, body.id, body.name);
}

/** A version's bytes to download, through its project's access rule; "not found" for anyone without access. */
export async function openVersion(
  ctx: CallContext,
  user: SessionUser,
  fileId: number,
  versionId: number,
): Promise<{ name: string; stored: StoredStream }> {
  const row = await (
    await getDb()
  )
    .selectFrom("archive_file_versions")
    .innerJoin("archive_files", "archive_files.id", "archive_file_versions.file_id")
    .innerJoin("projects", "projects.id", "archive_files.project_id")
    .where(projectAccessibleBy(user))
    .select(["archive_files.name", "archive_file_versions.storage_key", "archive_file_versions.content_type"])
    .where("archive_file_versions.id", "=", versionId)
    .where("archive_file_versions.file_id", "=", fileId)
    .executeTakeFirst();
  if (!row) throw fileNotFound(ctx.site);
  const stored = await getStorage().open(row.storage_key);
  if (!stored) {
    log.error("archive", `version ${versionId} of file ${fileId}: its stored object ${row.storage_key} is missing`);
    throw fileNotFound(ctx.site);
  }
  // The type recorded with the row is the one served (a backend may not keep types the way the disk does).
  return { name: row.name, stored: { ...stored, contentType: row.content_type } };
}

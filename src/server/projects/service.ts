import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { projectAccessibleBy } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import type { ProjectsTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { revokeShareLinks } from "../signplans/share-revocation";
import type { ProjectDto } from "@/lib/schemas/project";

type ProjectRow = Selectable<ProjectsTable>;
export type ProjectFilter = "active" | "archived" | "deleted";

const nowIso = () => new Date().toISOString();

function toDto(row: ProjectRow & { plan_count: number | string | bigint }, user: SessionUser): ProjectDto {
  return {
    id: row.id,
    name: row.name,
    isShared: row.is_shared === 1,
    planCount: Number(row.plan_count),
    archived: row.archived_at !== null,
    deleted: row.deleted_at !== null,
    isOwner: row.owner_id === user.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The user's own projects and those shared with their organisation. */
function visibleProjects(db: Kysely<Database>, user: SessionUser) {
  return db.selectFrom("projects").where(projectAccessibleBy(user));
}

/** Every user has a 'Standardprojekt' (core §3); created on first need, once even under concurrency. */
export async function ensureDefaultProject(ctx: CallContext, user: SessionUser): Promise<void> {
  const db = await getDb();
  const existing = await db
    .selectFrom("projects")
    .select("id")
    .where("owner_id", "=", user.id)
    .where("is_default", "=", 1)
    .executeTakeFirst();
  if (existing) return;
  const now = nowIso();
  try {
    await db
      .insertInto("projects")
      .values({
        owner_id: user.id,
        name: serverTranslator(ctx.site)("api.plans.defaultName"),
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    // A simultaneous request created it (unique index on the default project): that one stands.
    const again = await db
      .selectFrom("projects")
      .select("id")
      .where("owner_id", "=", user.id)
      .where("is_default", "=", 1)
      .executeTakeFirst();
    if (!again) throw error;
  }
}

/** GET /project, /project/archived, /project/deleted — each with the number of plans in the same state. */
export async function listProjects(ctx: CallContext, user: SessionUser, filter: ProjectFilter): Promise<ProjectDto[]> {
  if (filter === "active") await ensureDefaultProject(ctx, user);
  const db = await getDb();
  let query = visibleProjects(db, user)
    .selectAll("projects")
    .select((eb) =>
      eb
        .selectFrom("signplans")
        .select(eb.fn.countAll().as("n"))
        .whereRef("signplans.project_id", "=", "projects.id")
        .where(filter === "deleted" ? "signplans.deleted_at" : "signplans.deleted_at", filter === "deleted" ? "is not" : "is", null)
        .as("plan_count"),
    );
  if (filter === "active") query = query.where("projects.archived_at", "is", null).where("projects.deleted_at", "is", null);
  if (filter === "archived") query = query.where("projects.archived_at", "is not", null).where("projects.deleted_at", "is", null);
  if (filter === "deleted") query = query.where("projects.deleted_at", "is not", null);
  const rows = await query.orderBy("projects.is_default", "desc").orderBy("projects.name").orderBy("projects.id").execute();
  return rows.map((row) => toDto({ ...row, plan_count: row.plan_count ?? 0 }, user));
}

/** Loads a project through the access rule; "not found" for anyone without access. */
export async function getProjectOrThrow(ctx: CallContext, user: SessionUser, id: number): Promise<ProjectRow> {
  const db = await getDb();
  const project = await visibleProjects(db, user).selectAll().where("projects.id", "=", id).executeTakeFirst();
  if (!project) throw new ApiError(404, serverTranslator(ctx.site)("api.plans.notFound"));
  return project;
}

async function projectDto(user: SessionUser, id: number): Promise<ProjectDto> {
  const db = await getDb();
  const row = await db
    .selectFrom("projects")
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom("signplans")
        .select(eb.fn.countAll().as("n"))
        .whereRef("signplans.project_id", "=", "projects.id")
        .where("signplans.deleted_at", "is", null)
        .as("plan_count"),
    )
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return toDto({ ...row, plan_count: row.plan_count ?? 0 }, user);
}

/** POST /project. Sharing at creation follows the same rule as sharing later. */
export async function createProject(ctx: CallContext, user: SessionUser, body: { name: string; isShared: boolean }): Promise<ProjectDto> {
  if (body.isShared && user.organizationId === null) throw notInOrganisation(ctx);
  const db = await getDb();
  const now = nowIso();
  const row = await db
    .insertInto("projects")
    .values({
      owner_id: user.id,
      name: body.name,
      is_shared: body.isShared ? 1 : 0,
      organisation_id: body.isShared ? user.organizationId : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return projectDto(user, row.id);
}

function notInOrganisation(ctx: CallContext): ApiError {
  return new ApiError(400, serverTranslator(ctx.site)("api.plans.notInOrganisation"));
}

async function updateProjectRow(user: SessionUser, id: number, changes: Partial<Omit<ProjectRow, "id">>): Promise<ProjectDto> {
  const db = await getDb();
  await db
    .updateTable("projects")
    .set({ ...changes, updated_at: nowIso() })
    .where("id", "=", id)
    .execute();
  return projectDto(user, id);
}

/** PUT /project/{id} */
export async function renameProject(ctx: CallContext, user: SessionUser, id: number, name: string): Promise<ProjectDto> {
  await getProjectOrThrow(ctx, user, id);
  return updateProjectRow(user, id, { name });
}

/** PUT /project/{id}/share: shares with the caller's organisation; permanent (core §4). */
export async function shareProject(ctx: CallContext, user: SessionUser, id: number): Promise<ProjectDto> {
  const project = await getProjectOrThrow(ctx, user, id);
  if (project.is_shared === 1) return projectDto(user, id);
  if (user.organizationId === null) throw notInOrganisation(ctx);
  return updateProjectRow(user, id, { is_shared: 1, organisation_id: user.organizationId });
}

export async function archiveProject(ctx: CallContext, user: SessionUser, id: number, archived: boolean): Promise<ProjectDto> {
  await getProjectOrThrow(ctx, user, id);
  // Archiving a project ends its plans' share links for good (see signplans/share.ts).
  if (archived) await revokeShareLinks(await getDb(), { projectId: id });
  return updateProjectRow(user, id, { archived_at: archived ? nowIso() : null });
}

/** DELETE /project/{id}: to the trash, with the plans that were not already there. */
export async function deleteProject(ctx: CallContext, user: SessionUser, id: number): Promise<ProjectDto> {
  await getProjectOrThrow(ctx, user, id);
  const db = await getDb();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("projects").set({ deleted_at: now, updated_at: now }).where("id", "=", id).execute();
    // Restoring the project does not bring the links back (see signplans/share.ts).
    await revokeShareLinks(trx, { projectId: id }, now);
    await trx
      .updateTable("signplans")
      .set({ deleted_at: now, deleted_with_project: 1, updated_at: now })
      .where("project_id", "=", id)
      .where("deleted_at", "is", null)
      .execute();
  });
  return projectDto(user, id);
}

/** POST /project/{id}/restore: the project and the plans that went to the trash with it. */
export async function restoreProject(ctx: CallContext, user: SessionUser, id: number): Promise<ProjectDto> {
  await getProjectOrThrow(ctx, user, id);
  const db = await getDb();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("projects").set({ deleted_at: null, updated_at: now }).where("id", "=", id).execute();
    await trx
      .updateTable("signplans")
      .set({ deleted_at: null, deleted_with_project: 0, updated_at: now })
      .where("project_id", "=", id)
      .where("deleted_with_project", "=", 1)
      .execute();
  });
  return projectDto(user, id);
}

import "server-only";
import type { CallContext } from "../accounts/service";
import type { SessionUser } from "../auth/session";
import { archiveKeysOfProjects, removeStoredObjects } from "../archive/cleanup";
import { getDb } from "../db";
import { deleteExportFiles, exportFileKeys } from "../exports/service";
import { log } from "../log";
import { getStorage } from "../storage";
import { nowIso, toSummary, type SignplanRow } from "./dto";
import { getSignplanOrThrow } from "./read";
import { revokeShareLinks } from "./share-revocation";
import { TRASH_RETENTION_DAYS, type SignplanSummaryDto } from "@/lib/schemas/signplan";

/*
 * A plan's life after its creation: archived and back, to the trash and back, and out of the trash
 * for good after TRASH_RETENTION_DAYS. (The other concerns live beside it: read.ts, save.ts, copy.ts,
 * share.ts, background.ts.)
 */

async function setState(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  changes: Partial<Pick<SignplanRow, "archived_at" | "deleted_at" | "deleted_with_project">>,
) {
  await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  const row = await db.transaction().execute(async (trx) => {
    // Archiving or deleting a plan ends its share link for good (see share.ts).
    if (changes.archived_at || changes.deleted_at) await revokeShareLinks(trx, { signplanId: id });
    return trx
      .updateTable("signplans")
      .set({ ...changes, updated_at: nowIso() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toSummary(row);
}

export const archiveSignplan = (ctx: CallContext, user: SessionUser, id: number, archived: boolean) =>
  setState(ctx, user, id, { archived_at: archived ? nowIso() : null });

export const deleteSignplan = (ctx: CallContext, user: SessionUser, id: number) =>
  setState(ctx, user, id, { deleted_at: nowIso(), deleted_with_project: 0 });

/** POST /signplan/restore/{id}. A plan whose project is in the trash brings the project back with it. */
export async function restoreSignplan(ctx: CallContext, user: SessionUser, id: number): Promise<SignplanSummaryDto> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  await db
    .updateTable("projects")
    .set({ deleted_at: null, updated_at: nowIso() })
    .where("id", "=", plan.project_id)
    .where("deleted_at", "is not", null)
    .execute();
  return setState(ctx, user, id, { deleted_at: null, deleted_with_project: 0 });
}

/**
 * Removes plans and projects that have been in the trash longer than TRASH_RETENTION_DAYS, with
 * their history, background files, exports and archives (with their stored objects). Runs at start-up and every few hours (server.ts).
 */
export async function purgeTrash(now = new Date()): Promise<{ plans: number; projects: number }> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 3600_000).toISOString();
  const db = await getDb();
  const expiredProjects = await db.selectFrom("projects").select("id").where("deleted_at", "<", cutoff).execute();
  const projectIds = expiredProjects.map((p) => p.id);
  let planQuery = db.selectFrom("signplans").select(["id", "background_key"]).where("deleted_at", "<", cutoff);
  if (projectIds.length)
    planQuery = db
      .selectFrom("signplans")
      .select(["id", "background_key"])
      .where((eb) => eb.or([eb("deleted_at", "<", cutoff), eb("project_id", "in", projectIds)]));
  const plans = await planQuery.execute();
  // Their exports' rows go with them (cascade); the files are read first and removed after.
  const exportKeys = await exportFileKeys(
    db,
    plans.map((p) => p.id),
  );
  if (plans.length)
    await db
      .deleteFrom("signplans")
      .where(
        "id",
        "in",
        plans.map((p) => p.id),
      )
      .execute();
  // The projects' archives go with them (cascade); their stored objects are read first and removed after.
  const archiveKeys = await archiveKeysOfProjects(db, { ids: projectIds });
  if (projectIds.length) await db.deleteFrom("projects").where("id", "in", projectIds).execute();
  for (const plan of plans)
    if (plan.background_key)
      await getStorage()
        .delete(plan.background_key)
        .catch((e) => log.error("trash", "file not removed", e));
  await deleteExportFiles(exportKeys);
  await removeStoredObjects(archiveKeys);
  if (plans.length || projectIds.length)
    log.info("trash", `purged ${plans.length} plan(s) and ${projectIds.length} project(s) deleted before ${cutoff}`);
  return { plans: plans.length, projects: projectIds.length };
}

import "server-only";
import { getProjectOrThrow } from "../projects/service";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { projectAccessibleBy } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { sharedTurns } from "../turns";
import { SUMMARY_COLUMNS, toJson, toSummary, type SignplanRow } from "./dto";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

export type SignplanFilter = "active" | "archived" | "deleted";

export const planNotFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.plans.planNotFound"));

/** The plans a user may read and change: those of the projects the access rule lets them see. */
async function accessiblePlans(user: Pick<SessionUser, "id" | "organizationId">) {
  const db = await getDb();
  return db.selectFrom("signplans").innerJoin("projects", "projects.id", "signplans.project_id").where(projectAccessibleBy(user));
}

/** Loads a plan through its project's access rule; "not found" for anyone without access. */
export async function getSignplanOrThrow(ctx: CallContext, user: SessionUser, id: number): Promise<SignplanRow> {
  const row = await (await accessiblePlans(user)).selectAll("signplans").where("signplans.id", "=", id).executeTakeFirst();
  if (!row) throw planNotFound(ctx.site);
  return row;
}

/** Whether the user may read the plan (the socket gateway asks before it lets them follow its updates). */
export async function canReadSignplan(user: Pick<SessionUser, "id" | "organizationId">, id: number): Promise<boolean> {
  const row = await (await accessiblePlans(user)).select("signplans.id").where("signplans.id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** GET /signplan (optionally of one project), /signplan/archived, /signplan/deleted: summaries without content. */
export async function listSignplans(
  ctx: CallContext,
  user: SessionUser,
  filter: SignplanFilter,
  projectId?: number,
): Promise<SignplanSummaryDto[]> {
  if (projectId !== undefined) await getProjectOrThrow(ctx, user, projectId);
  let query = (await accessiblePlans(user)).select(SUMMARY_COLUMNS);
  if (projectId !== undefined) query = query.where("signplans.project_id", "=", projectId);
  if (filter === "active") query = query.where("signplans.archived_at", "is", null).where("signplans.deleted_at", "is", null);
  if (filter === "archived") query = query.where("signplans.archived_at", "is not", null).where("signplans.deleted_at", "is", null);
  if (filter === "deleted") query = query.where("signplans.deleted_at", "is not", null);
  const rows = await query.orderBy("signplans.updated_at", "desc").orderBy("signplans.id", "desc").execute();
  return rows.map(toSummary);
}

/**
 * Plan reads, the public view's too, take turns (see Turns): with many readers at once they would
 * otherwise fill every turn of the event loop and leave saves waiting (README, "Benchmarks"). Eight a
 * turn (some 50 ms of work on SQLite) beside one save (save.ts) shares a busy server about evenly.
 */
export const planReads = sharedTurns("plan-reads", 8);
const utf8 = new TextEncoder();

/**
 * A plan's answer as UTF-8 bytes (see toJson), made in its turn. Bytes, because a Response built from a
 * string first checks and then encodes all of it, a plan's hundreds of kilobytes twice more.
 */
export function planAnswer(read: () => Promise<SignplanRow>): Promise<Uint8Array<ArrayBuffer>> {
  return planReads.run(async () => utf8.encode(toJson(await read())));
}

/** GET /signplan/{id}: the plan with its content, as JSON bytes. */
export function getSignplanJson(ctx: CallContext, user: SessionUser, id: number): Promise<Uint8Array<ArrayBuffer>> {
  return planAnswer(() => getSignplanOrThrow(ctx, user, id));
}

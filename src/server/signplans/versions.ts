import "server-only";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { toSummary } from "./dto";
import { withPlanLock } from "./plan-lock";
import { getSignplanOrThrow } from "./read";
import { saveNewVersion, validateContent } from "./save";
import { contentChanges } from "@/lib/elements/merge";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";
import type { SignplanVersionDto, SignplanVersionEntryDto, SignplanVersionsDto } from "@/lib/schemas/signplan-versions";
import { sharedTurns } from "../turns";

/**
 * The version history (issue 36, src/lib/schemas/signplan-versions.ts): the plan's current version and
 * those its history keeps, who made each and when, one version's content with what it changed, and
 * a restore (a new version with an older one's content). Read by whoever may read the plan.
 *
 * Who made a version: the change log (its row of that version) and the history row's made_by/made_at,
 * written by the save that moved the version there. A history row's saved_by/saved_at are the save
 * that replaced it, so for a version from before issue 36 the row of the version before it tells who
 * made it; where nothing does (the oldest row of such a plan), savedAt is the time it was replaced,
 * the latest it can have been made, and savedBy null.
 */

interface Made {
  by: number | null;
  at: string;
  count: number | null;
}

async function userNames(ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await (await getDb()).selectFrom("users").select(["id", "name"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

function entry(version: number, made: Made, names: Map<number, string>, current: boolean): SignplanVersionEntryDto {
  const name = made.by === null ? undefined : names.get(made.by);
  return {
    version,
    savedAt: made.at,
    savedBy: made.by !== null && name !== undefined ? { id: made.by, name } : null,
    changedCount: made.count,
    current,
  };
}

/** Who made the plan's current version: its change-log row, else the history row before it, else the plan's last update. */
async function currentMade(id: number, version: number, updatedAt: string): Promise<Made> {
  const db = await getDb();
  const logged = await db
    .selectFrom("signplan_changes")
    .select(["user_id", "created_at", "changed_count"])
    .where("signplan_id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  if (logged) return { by: logged.user_id, at: logged.created_at, count: logged.changed_count };
  const before = await db
    .selectFrom("signplan_history")
    .select(["saved_by", "saved_at"])
    .where("signplan_id", "=", id)
    .where("version", "=", version - 1)
    .executeTakeFirst();
  return before ? { by: before.saved_by, at: before.saved_at, count: null } : { by: null, at: updatedAt, count: null };
}

interface HistoryMoment {
  version: number;
  saved_by: number | null;
  saved_at: string;
  made_by: number | null;
  made_at: string | null;
  changed_count: number | null;
}

/** A history row's maker: its own columns, else the replacing save of the version before it (rows from before issue 36). */
function madeOf(row: HistoryMoment, byVersion: Map<number, HistoryMoment>): Made {
  if (row.made_at !== null) return { by: row.made_by, at: row.made_at, count: row.changed_count };
  const before = byVersion.get(row.version - 1);
  if (before) return { by: before.saved_by, at: before.saved_at, count: row.changed_count };
  return { by: null, at: row.saved_at, count: row.changed_count };
}

/** GET /signplan/{id}/versions: newest first, the current version first of all. */
export async function listVersions(ctx: CallContext, user: SessionUser, id: number): Promise<SignplanVersionsDto> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  const rows = await db
    .selectFrom("signplan_history")
    .select(["version", "saved_by", "saved_at", "made_by", "made_at", "changed_count"])
    .where("signplan_id", "=", id)
    .orderBy("version", "desc")
    .execute();
  const byVersion = new Map(rows.map((row) => [row.version, row]));
  const current = await currentMade(id, plan.version, plan.updated_at);
  const made = rows.map((row) => ({ version: row.version, made: madeOf(row, byVersion) }));
  const names = await userNames([current.by, ...made.map((m) => m.made.by)]);
  return {
    signplanId: id,
    versions: [
      entry(plan.version, current, names, true),
      ...made.filter((m) => m.version < plan.version).map((m) => entry(m.version, m.made, names, false)),
    ],
  };
}

const versionNotFound = (ctx: CallContext, version: number) =>
  new ApiError(404, serverTranslator(ctx.site)("api.plans.versionNotFound", { version }));

/** The content of one version (the current one or a kept one) as stored, or null. */
async function contentAt(id: number, version: number, plan: { version: number; content: string }): Promise<string | null> {
  if (version === plan.version) return plan.content;
  const row = await (
    await getDb()
  )
    .selectFrom("signplan_history")
    .select("content")
    .where("signplan_id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  return row?.content ?? null;
}

/** GET /signplan/{id}/versions/{version}: the content, and what it changed against the version before (where that is kept). */
export async function getVersion(ctx: CallContext, user: SessionUser, id: number, version: number): Promise<SignplanVersionDto> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const content = await contentAt(id, version, plan);
  if (content === null) throw versionNotFound(ctx, version);
  const before = version > 1 ? await contentAt(id, version - 1, plan) : null;
  const listed = (await listVersions(ctx, user, id)).versions.find((v) => v.version === version)!;
  const parsed = JSON.parse(content) as PlanContent;
  return {
    ...listed,
    signplanId: id,
    content: parsed,
    changes: before === null ? null : contentChanges(JSON.parse(before) as PlanContent, parsed),
  };
}

/** Restores take the saves' turn with PUT and PATCH (save.ts) for the same reason: a whole plan validated and written. */
const restores = sharedTurns("plan-saves", 1);

/**
 * POST /signplan/{id}/versions/{version}/restore {version: current}: a new version with that version's
 * content (validated and brought to today's form, as a PUT's), logged and sent like every save; 409 with
 * the current version when `current` is stale, 404 for a version the history does not keep. The plan's
 * name stays: a restore brings back the drawing, not a rename.
 */
export async function restoreVersion(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  version: number,
  current: number,
): Promise<SignplanSummaryDto> {
  return restores.run(() =>
    withPlanLock(id, async () => {
      const plan = await getSignplanOrThrow(ctx, user, id);
      if (plan.version !== current) throw new ApiError(409, serverTranslator(ctx.site)("api.plans.conflict"), { version: plan.version });
      const content = await contentAt(id, version, plan);
      if (content === null) throw versionNotFound(ctx, version);
      const restored = validateContent(ctx.site, JSON.parse(content));
      return toSummary((await saveNewVersion(ctx, user, plan, current, { content: restored })).row);
    }),
  );
}

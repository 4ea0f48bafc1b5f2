import "server-only";
import { contentColumns, isValidatedContent, validatedContentColumns, validatedContentHash } from "./content-hash";
import { getProjectOrThrow } from "../projects/service";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { emitSignplanChanges, emitSignplanUpdate } from "../realtime/emitter";
import { sharedTurns } from "../turns";
import { nowIso, toDto, toSummary, type SignplanRow } from "./dto";
import { changesBetween, findLoggedSave, logChange } from "./changes";
import { withPlanLock } from "./plan-lock";
import { getSignplanOrThrow } from "./read";
import {
  PLAN_CHANGE_CONFLICT,
  PLAN_TOO_FAR_BEHIND,
  type ChangeConflictDto,
  type LoggedOperation,
  type PatchAnswerChanges,
  type PlanChange,
} from "@/lib/elements/changes";
import { countChangedElements, diffContentByValue, rebaseOperations } from "@/lib/elements/merge";
import { applyOperations, type ElementOperation, type OperationError, type PatchSignplanBody } from "@/lib/elements/operations";
import { countElements, defaultPlanContent, parsePlanContent, resetPlanContent, type PlanContent } from "@/lib/elements/plan-content";
import { MAX_PLAN_CONTENT_BYTES, type SignplanDto, type SignplanSummaryDto } from "@/lib/schemas/signplan";
import { HISTORY_KEPT, keptHistoryVersions } from "@/lib/schemas/signplan-versions";
import type { SiteId } from "@/sites/registry";
import type { Transaction } from "kysely";
import type { Database } from "../db";

/** History entries kept per plan (at least 50 are promised): defined with the version history's API, issue 36. */
export { HISTORY_KEPT };

/**
 * Validates a plan document against the element registry. A 400 names the first invalid field;
 * schemas carry translation keys as messages where the user can act on them (the width rule).
 */
export function validateContent(site: SiteId, raw: unknown): PlanContent {
  const t = serverTranslator(site);
  const result = parsePlanContent(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = ["content", ...(issue?.path ?? [])].join(".");
  const key = `validation.${issue?.message ?? ""}`;
  const detail = issue && t.has(key as never) ? ` ${t(key as never)}` : "";
  throw new ApiError(400, `${t("api.plans.invalidContent", { field })}${detail}`, { field });
}

/**
 * The content as it is stored, JSON.stringify's output, held to MAX_PLAN_CONTENT_BYTES exactly (the
 * body's own limit leaves room for the other fields and for whitespace the client may send).
 */
export function storedContentJson(site: SiteId, content: PlanContent): string {
  const json = JSON.stringify(content);
  if (Buffer.byteLength(json) > MAX_PLAN_CONTENT_BYTES) {
    throw new ApiError(413, serverTranslator(site)("api.plans.tooLarge", { mb: MAX_PLAN_CONTENT_BYTES / 1024 / 1024 }));
  }
  return json;
}

/**
 * Refuses a name another plan in the project already has (archived ones too, not those in the trash),
 * letter case aside: two plans of one name cannot be told apart in the lists or the exports. A check,
 * not a constraint: two people naming two plans alike in the same instant both get theirs.
 */
export async function assertPlanNameFree(ctx: CallContext, projectId: number, name: string, exceptId?: number): Promise<void> {
  const db = await getDb();
  const rows = await db
    .selectFrom("signplans")
    .select(["id", "name"])
    .where("project_id", "=", projectId)
    .where("deleted_at", "is", null)
    .execute();
  const wanted = name.trim().toLocaleLowerCase();
  if (rows.some((row) => row.id !== exceptId && row.name.trim().toLocaleLowerCase() === wanted)) {
    throw new ApiError(409, serverTranslator(ctx.site)("api.plans.nameTaken", { name: name.trim() }), { code: "PLAN_NAME_TAKEN" });
  }
}

/** POST /signplan: a new plan, with the default content unless content is given. */
export async function createSignplan(
  ctx: CallContext,
  user: SessionUser,
  body: { name: string; project_id: number; paperSize?: string | null; scale?: string | null; content?: unknown },
): Promise<SignplanDto> {
  const project = await getProjectOrThrow(ctx, user, body.project_id);
  if (project.deleted_at) throw new ApiError(404, serverTranslator(ctx.site)("api.plans.notFound"));
  const content = body.content === undefined ? defaultPlanContent() : validateContent(ctx.site, body.content);
  await assertPlanNameFree(ctx, project.id, body.name);
  const db = await getDb();
  const now = nowIso();
  const row = await db
    .insertInto("signplans")
    .values({
      project_id: project.id,
      owner_id: user.id,
      name: body.name,
      ...validatedContentColumns(storedContentJson(ctx.site, content)),
      element_count: countElements(content),
      paper_size: body.paperSize ?? null,
      scale: body.scale ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDto(row);
}

/**
 * Saves take turns like plan reads (read.ts): a save of a large plan is tens of milliseconds of
 * validation and writing, and fifty of them arriving together would fill one turn of the event loop for
 * seconds, holding up every read and every other save's next step. One a turn.
 */
const planSaves = sharedTurns("plan-saves", 1);

/**
 * PUT /signplan/{id}: the one way a plan's content changes. Carries the version the client loaded;
 * the update only happens where that is still the stored version (a compare-and-set in SQL), so two
 * simultaneous saves can never both win. The previous content goes to the history first.
 */
export async function updateSignplan(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  body: { version: number; name?: string; content?: unknown },
): Promise<SignplanSummaryDto> {
  return planSaves.run(() => withPlanLock(id, () => updateInTurn(ctx, user, id, body)));
}

async function updateInTurn(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  body: { version: number; name?: string; content?: unknown },
): Promise<SignplanSummaryDto> {
  const current = await getSignplanOrThrow(ctx, user, id);
  // A stale save is refused before its content is validated: with many editors on one plan most saves
  // can be stale, and each would otherwise cost a validation of up to thousands of elements. The
  // compare-and-set below still decides; this only answers early what it would answer anyway.
  if (current.version !== body.version) throw await conflictWithCurrent(ctx, id, current.version);
  if (body.name !== undefined && body.name !== current.name) await assertPlanNameFree(ctx, current.project_id, body.name, id);
  const content = body.content === undefined ? undefined : validateContent(ctx.site, body.content);
  // The answer leaves out the content the client has just sent: an autosave of a large plan would
  // otherwise download as much as it uploads, every few seconds.
  const viewOnly =
    content && (body.name === undefined || body.name === current.name) ? withOnlyTheViewChanged(current.content, content) : null;
  if (viewOnly !== null) return toSummary(await saveView(ctx, current, body.version, viewOnly));
  return toSummary((await saveNewVersion(ctx, user, current, body.version, { name: body.name, content })).row);
}

/** PATCH's answer: the summary, and every change after the save's base version up to and including its own. */
export type PatchAnswer = SignplanSummaryDto & PatchAnswerChanges;

/** Times a PATCH is merged again when another process saved the plan between its read and its write. */
const PATCH_ATTEMPTS = 5;

/**
 * PATCH /signplan/{id} {version, operations, clientId?, saveId?}: the editor's autosave, sending what
 * changed rather than the whole plan (src/lib/elements/operations.ts). Issue 36: a save based on an
 * older version than the plan's is merged per element and field onto the plan as it is now, using the
 * change log since its base (src/lib/elements/merge.ts), and refused with 409 PLAN_CHANGE_CONFLICT only
 * where another client changed the same fields (PLAN_TOO_FAR_BEHIND where the log no longer reaches its
 * base). Only the elements the operations bring are validated (the stored ones were, when they were
 * saved); a change of the map view alone is stored in place at the same version; anything else is a new
 * version with the previous content in the history, logged and sent (saveNewVersion). A save sent again
 * with the same (clientId, saveId) is answered with the version it made, not applied twice.
 *
 * The per-process turn orders this process's saves; the compare-and-set on the version decides between
 * processes: a save that lost the race to another process reads the plan again and merges again.
 */
export async function patchSignplan(ctx: CallContext, user: SessionUser, id: number, body: PatchSignplanBody): Promise<PatchAnswer> {
  return planSaves.run(() =>
    withPlanLock(id, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await patchOnce(ctx, user, id, body);
        } catch (error) {
          if (!(error instanceof LostRace)) throw error;
          // Other processes keep winning: the client is told to try again, as for any stale save.
          if (attempt >= PATCH_ATTEMPTS) throw await conflictWithCurrent(ctx, id);
        }
      }
    }),
  );
}

async function patchOnce(ctx: CallContext, user: SessionUser, id: number, body: PatchSignplanBody): Promise<PatchAnswer> {
  const t = serverTranslator(ctx.site);
  const current = await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  const clientId = body.clientId ?? null;
  if (clientId !== null && body.saveId !== undefined) {
    const earlier = await findLoggedSave(id, clientId, body.saveId);
    if (earlier) {
      const changes = await changesBetween(db, id, Math.min(body.version, earlier.version - 1), earlier.version);
      if (!changes) throw new ApiError(409, t("api.plans.tooFarBehind"), { version: current.version, code: PLAN_TOO_FAR_BEHIND });
      return { ...toSummary({ ...current, version: earlier.version }), changes };
    }
  }
  // A base ahead of the plan was never handed out by this server.
  if (body.version > current.version) throw await conflictWithCurrent(ctx, id, current.version);
  const stored = JSON.parse(current.content) as PlanContent;
  let operations: readonly ElementOperation[] = body.operations;
  let since: PlanChange[] = [];
  if (body.version < current.version) {
    const logged = await changesBetween(db, id, body.version, current.version);
    if (!logged) throw new ApiError(409, t("api.plans.tooFarBehind"), { version: current.version, code: PLAN_TOO_FAR_BEHIND });
    since = logged;
    const rebased = rebaseOperations(body.operations, since, stored, clientId);
    if (!rebased.ok) throw changeConflict(ctx.site, current.version, rebased.conflicts);
    operations = rebased.operations;
  }
  const answer = (row: Parameters<typeof toSummary>[0], own: PlanChange[]): PatchAnswer => ({
    ...toSummary(row),
    changes: [...since, ...own],
  });
  // Everything the save asked for was done already (another client removed what it removes).
  if (operations.length === 0) return answer(current, []);
  const applied = applyOperations(stored, operations as ElementOperation[]);
  if (!applied.ok) throw operationError(ctx.site, applied.error);
  // The operations' elements were validated; the rest is known valid under today's schema only when the
  // stored content's hash says so (content-hash.ts), and only then is the result's hash stamped.
  const wholeValidated = isValidatedContent(current);
  try {
    if (!applied.changesContent)
      return answer(await saveView(ctx, current, current.version, storedContentJson(ctx.site, applied.content), wholeValidated), []);
    const saved = await saveNewVersion(ctx, user, current, current.version, { content: applied.content }, wholeValidated, {
      operations: diffContentByValue(stored, applied.content),
      clientId,
      saveId: clientId === null ? null : (body.saveId ?? null),
    });
    return answer(saved.row, [saved.change]);
  } catch (error) {
    // Another process saved between the read and the write: merge again onto what it made.
    if (error instanceof ApiError && error.status === 409 && !("code" in error.extra)) throw new LostRace();
    throw error;
  }
}

/** A compare-and-set lost to a save of another process; patchSignplan merges again. */
class LostRace extends Error {}

/** The 409 of a save that changes fields another client changed since its base, naming them. */
function changeConflict(site: SiteId, version: number, conflicts: ChangeConflictDto[]): ApiError {
  return new ApiError(409, serverTranslator(site)("api.plans.changeConflict", { count: conflicts.length }), {
    version,
    code: PLAN_CHANGE_CONFLICT,
    conflicts,
  });
}

/** A 400 naming the operation's field (as validateContent names a plan's), with the schema's message where the user can act on it. */
function operationError(site: SiteId, error: OperationError): ApiError {
  const t = serverTranslator(site);
  if (error.code === "unknownElement") {
    return new ApiError(400, t("api.plans.unknownElement", { id: error.id }), {
      field: `operations.${error.index}`,
      code: "UNKNOWN_ELEMENT",
    });
  }
  const path = error.code === "invalid" ? error.path : ["element", "id"];
  const field = ["operations", error.index, ...path].join(".");
  const key = `validation.${error.code === "invalid" ? error.message : "duplicateElementId"}`;
  const detail = t.has(key as never) ? ` ${t(key as never)}` : "";
  return new ApiError(400, `${t("api.plans.invalidContent", { field })}${detail}`, { field });
}

/**
 * `next` as JSON when it is the stored content with another map view only (the user panned, zoomed,
 * turned the map or picked another base map), else null. `next` with the stored view put back must
 * write exactly the stored JSON; content stored in an older form never does, and is saved as a new version.
 */
function withOnlyTheViewChanged(storedJson: string, next: PlanContent): string | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storedJson);
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null || !("mapView" in stored)) return null;
  if (JSON.stringify({ ...next, mapView: stored.mapView }) !== storedJson) return null;
  // Only the map view differs from stored content within the limit; a view is a few numbers.
  return JSON.stringify(next);
}

/** The 409 of a save that did not start from the plan's current version, naming that version. */
async function conflictWithCurrent(ctx: CallContext, id: number, known?: number): Promise<ApiError> {
  const version =
    known ?? (await (await getDb()).selectFrom("signplans").select("version").where("id", "=", id).executeTakeFirstOrThrow()).version;
  return new ApiError(409, serverTranslator(ctx.site)("api.plans.conflict"), { version });
}

/**
 * A change of the map view alone: saved in place, at the same version, without a history entry and
 * without telling the plan's other editors. Where the map was looked at is not an edit: it must not
 * push real versions out of the history (it keeps the last HISTORY_KEPT), make another editor reload,
 * turn another editor's pending edits into a conflict, or change the plan's "last changed". The
 * compare-and-set on the version still holds: a save from another editor in between makes this a 409.
 */
async function saveView(
  ctx: CallContext,
  current: SignplanRow,
  expectedVersion: number,
  json: string,
  wholeValidated = true,
): Promise<SignplanRow> {
  const db = await getDb();
  const changes = contentColumns(json, wholeValidated);
  const result = await db
    .updateTable("signplans")
    .set(changes)
    .where("id", "=", current.id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw await conflictWithCurrent(ctx, current.id);
  // The row as this save left it: reading it back could show a save that landed since, with its version.
  return { ...current, ...changes };
}

/** A saved row is read back without its content, which the save has in hand: a large plan's JSON read back costs about as much as writing it. */
const COLUMNS_BUT_CONTENT = [
  "id",
  "project_id",
  "owner_id",
  "name",
  "element_count",
  "version",
  "background_key",
  "background_kind",
  "paper_size",
  "scale",
  "archived_at",
  "deleted_at",
  "deleted_with_project",
  "created_at",
  "updated_at",
] as const satisfies readonly Exclude<keyof SignplanRow, "content">[];

/** What the change log says of a save: its operations (computed from the contents when left out) and its client's ids. */
export interface ChangeLogEntry {
  operations?: LoggedOperation[];
  clientId: string | null;
  saveId: number | null;
}

/**
 * A new version: the plan's row by compare-and-set on the version, the previous content to the history
 * (with who made that version and when, from the change log), the history pruned to what it keeps
 * (keptHistoryVersions), and the change logged (logChange), in one transaction; then signplanChanges and
 * signplanUpdate to the plan's room. A whole content's change is logged as its value diff against the
 * stored one (diffContentByValue); a change of the name alone logs no operations, but still a version.
 */
export async function saveNewVersion(
  ctx: CallContext,
  user: SessionUser,
  current: SignplanRow,
  expectedVersion: number,
  changes: { name?: string; content?: PlanContent },
  /** Whether the whole new content is known valid under today's schema (content-hash.ts); a PATCH knows it only of its own elements. */
  wholeValidated = true,
  entry: ChangeLogEntry = { clientId: null, saveId: null },
): Promise<{ row: SignplanRow; change: PlanChange }> {
  if (current.version !== expectedVersion) throw await conflictWithCurrent(ctx, current.id, current.version);
  const json = changes.content === undefined ? undefined : storedContentJson(ctx.site, changes.content);
  const operations =
    entry.operations ??
    (changes.content === undefined ? [] : diffContentByValue(JSON.parse(current.content) as PlanContent, changes.content));
  const db = await getDb();
  const now = nowIso();
  const change: PlanChange = {
    signplanId: current.id,
    version: expectedVersion + 1,
    doneByUserId: user.id,
    clientId: entry.clientId,
    saveId: entry.saveId,
    at: now,
    operations,
  };
  const saved = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("signplans")
      .set({
        version: expectedVersion + 1,
        updated_at: now,
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(json !== undefined && changes.content !== undefined
          ? { ...contentColumns(json, wholeValidated), element_count: countElements(changes.content) }
          : {}),
      })
      .where("id", "=", current.id)
      .where("version", "=", expectedVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    await keepInHistory(trx, current, user.id, now);
    await logChange(trx, change, countChangedElements(operations));
    const row = await trx.selectFrom("signplans").select(COLUMNS_BUT_CONTENT).where("id", "=", current.id).executeTakeFirstOrThrow();
    return {
      ...row,
      content: json ?? current.content,
      content_hash: json !== undefined ? (wholeValidated ? validatedContentHash(json) : null) : current.content_hash,
    };
  });
  if (!saved) throw await conflictWithCurrent(ctx, current.id);
  emitSignplanChanges(change);
  emitSignplanUpdate({ signplanId: current.id, doneByUserId: user.id });
  return { row: saved, change };
}

/**
 * The replaced version's content to the history, with who made it and when: the change log's entry of
 * that version, or (made before the log) the history row of the version before it, whose replacing save
 * made it; version 1 was made with the plan. Then the history pruned to keptHistoryVersions.
 */
async function keepInHistory(trx: Transaction<Database>, current: SignplanRow, savedBy: number, now: string): Promise<void> {
  const version = current.version;
  const logged = await trx
    .selectFrom("signplan_changes")
    .select(["user_id", "created_at", "changed_count"])
    .where("signplan_id", "=", current.id)
    .where("version", "=", version)
    .executeTakeFirst();
  let made: { by: number | null; at: string | null; count: number | null } = logged
    ? { by: logged.user_id, at: logged.created_at, count: logged.changed_count }
    : { by: null, at: version === 1 ? current.created_at : null, count: null };
  if (!logged && version > 1) {
    const before = await trx
      .selectFrom("signplan_history")
      .select(["saved_by", "saved_at"])
      .where("signplan_id", "=", current.id)
      .where("version", "=", version - 1)
      .executeTakeFirst();
    if (before) made = { by: before.saved_by, at: before.saved_at, count: null };
  }
  await trx
    .insertInto("signplan_history")
    .values({
      signplan_id: current.id,
      version,
      name: current.name,
      content: current.content,
      saved_by: savedBy,
      saved_at: now,
      made_by: made.by,
      made_at: made.at,
      changed_count: made.count,
    })
    .execute();
  // Retention reads every row's version and time: at most HISTORY_KEPT + HISTORY_DAILY_DAYS small rows.
  const moments = await trx
    .selectFrom("signplan_history")
    .select(["version", "made_at", "saved_at"])
    .where("signplan_id", "=", current.id)
    .execute();
  const kept = keptHistoryVersions(
    moments.map((row) => ({ version: row.version, at: row.made_at ?? row.saved_at })),
    new Date(now),
    { version: version + 1, at: now },
  );
  const pruned = moments.map((row) => row.version).filter((v) => !kept.has(v));
  if (pruned.length > 0)
    await trx.deleteFrom("signplan_history").where("signplan_id", "=", current.id).where("version", "in", pruned).execute();
}

/** Reset: removes every sign, text and drawing; the history keeps what was there. */
export async function resetSignplan(ctx: CallContext, user: SessionUser, id: number, version: number): Promise<SignplanDto> {
  return withPlanLock(id, () => resetInLock(ctx, user, id, version));
}

async function resetInLock(ctx: CallContext, user: SessionUser, id: number, version: number): Promise<SignplanDto> {
  const current = await getSignplanOrThrow(ctx, user, id);
  if (current.version !== version) throw await conflictWithCurrent(ctx, id, current.version);
  const content = resetPlanContent(validateContent(ctx.site, JSON.parse(current.content)));
  return toDto((await saveNewVersion(ctx, user, current, version, { content })).row);
}

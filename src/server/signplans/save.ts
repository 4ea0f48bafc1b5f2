import "server-only";
import { contentColumns, isValidatedContent, validatedContentColumns, validatedContentHash } from "./content-hash";
import { getProjectOrThrow } from "../projects/service";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { emitSignplanUpdate } from "../realtime/emitter";
import { sharedTurns } from "../turns";
import { nowIso, toDto, toSummary, type SignplanRow } from "./dto";
import { getSignplanOrThrow } from "./read";
import { applyOperations, type OperationError, type PatchSignplanBody } from "@/lib/elements/operations";
import { countElements, defaultPlanContent, parsePlanContent, resetPlanContent, type PlanContent } from "@/lib/elements/plan-content";
import { MAX_PLAN_CONTENT_BYTES, type SignplanDto, type SignplanSummaryDto } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

/** History entries kept per plan (at least 50 are promised; the oldest beyond this are pruned). */
export const HISTORY_KEPT = 100;

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
  return planSaves.run(() => updateInTurn(ctx, user, id, body));
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
  return toSummary(await saveNewVersion(ctx, user, current, body.version, { name: body.name, content }));
}

/**
 * PATCH /signplan/{id} {version, operations}: the editor's autosave, sending what changed rather than
 * the whole plan (src/lib/elements/operations.ts). The same rules as PUT: a stale version is a 409
 * naming the current one before anything is validated; only the elements the operations bring are
 * validated (the stored ones were, when they were saved); a change of the map view alone is stored in
 * place at the same version; anything else is a new version with the previous content in the history
 * and signplanUpdate sent, all through saveNewVersion as a PUT.
 */
export async function patchSignplan(ctx: CallContext, user: SessionUser, id: number, body: PatchSignplanBody): Promise<SignplanSummaryDto> {
  return planSaves.run(async () => {
    const current = await getSignplanOrThrow(ctx, user, id);
    if (current.version !== body.version) throw await conflictWithCurrent(ctx, id, current.version);
    const applied = applyOperations(JSON.parse(current.content) as PlanContent, body.operations);
    if (!applied.ok) throw operationError(ctx.site, applied.error);
    // The operations' elements were validated; the rest is known valid under today's schema only when the
    // stored content's hash says so (content-hash.ts), and only then is the result's hash stamped.
    const wholeValidated = isValidatedContent(current);
    if (!applied.changesContent)
      return toSummary(await saveView(ctx, current, body.version, storedContentJson(ctx.site, applied.content), wholeValidated));
    return toSummary(await saveNewVersion(ctx, user, current, body.version, { content: applied.content }, wholeValidated));
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

export async function saveNewVersion(
  ctx: CallContext,
  user: SessionUser,
  current: SignplanRow,
  expectedVersion: number,
  changes: { name?: string; content?: PlanContent },
  /** Whether the whole new content is known valid under today's schema (content-hash.ts); a PATCH knows it only of its own elements. */
  wholeValidated = true,
): Promise<SignplanRow> {
  if (current.version !== expectedVersion) throw await conflictWithCurrent(ctx, current.id, current.version);
  const json = changes.content === undefined ? undefined : storedContentJson(ctx.site, changes.content);
  const db = await getDb();
  const now = nowIso();
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
    await trx
      .insertInto("signplan_history")
      .values({
        signplan_id: current.id,
        version: expectedVersion,
        name: current.name,
        content: current.content,
        saved_by: user.id,
        saved_at: now,
      })
      .execute();
    await trx
      .deleteFrom("signplan_history")
      .where("signplan_id", "=", current.id)
      .where("version", "<=", expectedVersion - HISTORY_KEPT)
      .execute();
    const row = await trx.selectFrom("signplans").select(COLUMNS_BUT_CONTENT).where("id", "=", current.id).executeTakeFirstOrThrow();
    return {
      ...row,
      content: json ?? current.content,
      content_hash: json !== undefined ? (wholeValidated ? validatedContentHash(json) : null) : current.content_hash,
    };
  });
  if (!saved) throw await conflictWithCurrent(ctx, current.id);
  emitSignplanUpdate({ signplanId: current.id, doneByUserId: user.id });
  return saved;
}

/** Reset: removes every sign, text and drawing; the history keeps what was there. */
export async function resetSignplan(ctx: CallContext, user: SessionUser, id: number, version: number): Promise<SignplanDto> {
  const current = await getSignplanOrThrow(ctx, user, id);
  if (current.version !== version) throw await conflictWithCurrent(ctx, id, current.version);
  const content = resetPlanContent(validateContent(ctx.site, JSON.parse(current.content)));
  return toDto(await saveNewVersion(ctx, user, current, version, { content }));
}

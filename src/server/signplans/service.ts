import "server-only";
import type { Selectable } from "kysely";
import { SignJWT, jwtVerify } from "jose";
import { getProjectOrThrow } from "../projects/service";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { canAccessProject } from "../auth/permissions";
import { getJwtSecret } from "../auth/secret";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import type { SignplansTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { emitSignplanUpdate } from "../realtime/emitter";
import { getStorage } from "../storage";
import { countElements, defaultPlanContent, parsePlanContent, resetPlanContent, type PlanContent } from "@/lib/elements/plan-content";
import { MAX_BACKGROUND_BYTES, TRASH_RETENTION_DAYS, type SignplanDto, type SignplanSummaryDto } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

type SignplanRow = Selectable<SignplansTable>;
export type SignplanFilter = "active" | "archived" | "deleted";

/** History entries kept per plan (at least 50 are promised; the oldest beyond this are pruned). */
export const HISTORY_KEPT = 100;

const nowIso = () => new Date().toISOString();

const SUMMARY_COLUMNS = [
  "signplans.id",
  "signplans.name",
  "signplans.project_id",
  "signplans.version",
  "signplans.archived_at",
  "signplans.deleted_at",
  "signplans.background_kind",
  "signplans.paper_size",
  "signplans.scale",
  "signplans.element_count",
  "signplans.created_at",
  "signplans.updated_at",
] as const;

type SummaryRow = Pick<SignplanRow, "id" | "name" | "project_id" | "version" | "archived_at" | "deleted_at" | "background_kind" | "paper_size" | "scale" | "element_count" | "created_at" | "updated_at">;

function toSummary(row: SummaryRow): SignplanSummaryDto {
  return {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    version: row.version,
    archived: row.archived_at !== null,
    deleted: row.deleted_at !== null,
    backgroundKind: row.background_kind,
    paperSize: row.paper_size,
    scale: row.scale,
    elementCount: row.element_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDto(row: SignplanRow): SignplanDto {
  return { ...toSummary(row), content: JSON.parse(row.content) as unknown };
}

/**
 * The DTO as JSON, with the stored content written into it as it is, unparsed: content is validated on
 * every write and stored as JSON.stringify's output, and for a large plan parsing and writing it again
 * would be most of the request's work.
 */
function toJson(row: SignplanRow): string {
  return `${JSON.stringify(toSummary(row)).slice(0, -1)},"content":${row.content}}`;
}

const notFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.plans.planNotFound"));

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

/** Loads a plan and checks access through its project, in that order (STYLE.md). */
export async function getSignplanOrThrow(ctx: CallContext, user: SessionUser, id: number): Promise<SignplanRow> {
  const db = await getDb();
  const row = await db
    .selectFrom("signplans")
    .innerJoin("projects", "projects.id", "signplans.project_id")
    .selectAll("signplans")
    .select(["projects.owner_id as project_owner_id", "projects.is_shared", "projects.organisation_id"])
    .where("signplans.id", "=", id)
    .executeTakeFirst();
  if (!row || !canAccessProject(user, { owner_id: row.project_owner_id, is_shared: row.is_shared, organisation_id: row.organisation_id })) {
    throw notFound(ctx.site);
  }
  const { project_owner_id: _owner, is_shared: _shared, organisation_id: _org, ...plan } = row;
  return plan;
}

/** For the socket gateway: may this user follow the plan's updates? */
export async function canOpenSignplan(user: SessionUser, id: number): Promise<boolean> {
  try {
    await getSignplanOrThrow({ site: "skilteplanen", ip: "", origin: "" }, user, id);
    return true;
  } catch {
    return false;
  }
}

/** GET /signplan (optionally of one project), /signplan/archived, /signplan/deleted: summaries without content. */
export async function listSignplans(ctx: CallContext, user: SessionUser, filter: SignplanFilter, projectId?: number): Promise<SignplanSummaryDto[]> {
  const db = await getDb();
  if (projectId !== undefined) await getProjectOrThrow(ctx, user, projectId);
  let query = db
    .selectFrom("signplans")
    .innerJoin("projects", "projects.id", "signplans.project_id")
    .select(SUMMARY_COLUMNS)
    .where((eb) =>
      user.organizationId === null
        ? eb("projects.owner_id", "=", user.id)
        : eb.or([
            eb("projects.owner_id", "=", user.id),
            eb.and([eb("projects.is_shared", "=", 1), eb("projects.organisation_id", "=", user.organizationId)]),
          ]),
    );
  if (projectId !== undefined) query = query.where("signplans.project_id", "=", projectId);
  if (filter === "active") query = query.where("signplans.archived_at", "is", null).where("signplans.deleted_at", "is", null);
  if (filter === "archived") query = query.where("signplans.archived_at", "is not", null).where("signplans.deleted_at", "is", null);
  if (filter === "deleted") query = query.where("signplans.deleted_at", "is not", null);
  const rows = await query.orderBy("signplans.updated_at", "desc").orderBy("signplans.id", "desc").execute();
  return rows.map(toSummary);
}

/** GET /signplan/{id}: the plan with its content, as JSON (see toJson). */
export async function getSignplanJson(ctx: CallContext, user: SessionUser, id: number): Promise<string> {
  return toJson(await getSignplanOrThrow(ctx, user, id));
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
  const db = await getDb();
  const now = nowIso();
  const row = await db
    .insertInto("signplans")
    .values({
      project_id: project.id,
      owner_id: user.id,
      name: body.name,
      content: JSON.stringify(content),
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
  const current = await getSignplanOrThrow(ctx, user, id);
  const content = body.content === undefined ? undefined : validateContent(ctx.site, body.content);
  // The answer leaves out the content the client has just sent: an autosave of a large plan would
  // otherwise download as much as it uploads, every few seconds.
  const viewOnly = content && (body.name === undefined || body.name === current.name) && current.version === body.version ? withOnlyTheViewChanged(current.content, content) : null;
  if (viewOnly !== null) return toSummary(await saveView(ctx, current, body.version, viewOnly));
  return toSummary(await saveNewVersion(ctx, user, current, body.version, { name: body.name, content }));
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
  return JSON.stringify(next);
}

/** The 409 of a save that did not start from the plan's current version, naming that version. */
async function conflictWithCurrent(ctx: CallContext, id: number, known?: number): Promise<ApiError> {
  const version = known ?? (await (await getDb()).selectFrom("signplans").select("version").where("id", "=", id).executeTakeFirstOrThrow()).version;
  return new ApiError(409, serverTranslator(ctx.site)("api.plans.conflict"), { version });
}

/**
 * A change of the map view alone: saved in place, at the same version, without a history entry and
 * without telling the plan's other editors. Where the map was looked at is not an edit: it must not
 * push real versions out of the history (it keeps the last HISTORY_KEPT), make another editor reload,
 * turn another editor's pending edits into a conflict, or change the plan's "last changed". The
 * compare-and-set on the version still holds: a save from another editor in between makes this a 409.
 */
async function saveView(ctx: CallContext, current: SignplanRow, expectedVersion: number, json: string): Promise<SignplanRow> {
  const db = await getDb();
  const changes = { content: json };
  const result = await db.updateTable("signplans").set(changes).where("id", "=", current.id).where("version", "=", expectedVersion).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw await conflictWithCurrent(ctx, current.id);
  // The row as this save left it: reading it back could show a save that landed since, with its version.
  return { ...current, ...changes };
}

async function saveNewVersion(
  ctx: CallContext,
  user: SessionUser,
  current: SignplanRow,
  expectedVersion: number,
  changes: { name?: string; content?: PlanContent },
): Promise<SignplanRow> {
  if (current.version !== expectedVersion) throw await conflictWithCurrent(ctx, current.id, current.version);
  const db = await getDb();
  const now = nowIso();
  const saved = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("signplans")
      .set({
        version: expectedVersion + 1,
        updated_at: now,
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.content !== undefined
          ? { content: JSON.stringify(changes.content), element_count: countElements(changes.content) }
          : {}),
      })
      .where("id", "=", current.id)
      .where("version", "=", expectedVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    await trx
      .insertInto("signplan_history")
      .values({ signplan_id: current.id, version: expectedVersion, name: current.name, content: current.content, saved_by: user.id, saved_at: now })
      .execute();
    await trx
      .deleteFrom("signplan_history")
      .where("signplan_id", "=", current.id)
      .where("version", "<=", expectedVersion - HISTORY_KEPT)
      .execute();
    return trx.selectFrom("signplans").selectAll().where("id", "=", current.id).executeTakeFirstOrThrow();
  });
  if (!saved) throw await conflictWithCurrent(ctx, current.id);
  emitSignplanUpdate({ signplanId: current.id, doneByUserId: user.id });
  return saved;
}

/** Reset: removes every sign, text and drawing; the history keeps what was there. */
export async function resetSignplan(ctx: CallContext, user: SessionUser, id: number, version: number): Promise<SignplanDto> {
  const current = await getSignplanOrThrow(ctx, user, id);
  const content = resetPlanContent(validateContent(ctx.site, JSON.parse(current.content)));
  return toDto(await saveNewVersion(ctx, user, current, version, { content }));
}

async function setState(ctx: CallContext, user: SessionUser, id: number, changes: Partial<Pick<SignplanRow, "archived_at" | "deleted_at" | "deleted_with_project">>) {
  await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  const row = await db.updateTable("signplans").set({ ...changes, updated_at: nowIso() }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
  return toSummary(row);
}

export const archiveSignplan = (ctx: CallContext, user: SessionUser, id: number, archived: boolean) =>
  setState(ctx, user, id, { archived_at: archived ? nowIso() : null });

export const deleteSignplan = (ctx: CallContext, user: SessionUser, id: number) => setState(ctx, user, id, { deleted_at: nowIso(), deleted_with_project: 0 });

/** POST /signplan/restore/{id}. A plan whose project is in the trash brings the project back with it. */
export async function restoreSignplan(ctx: CallContext, user: SessionUser, id: number): Promise<SignplanSummaryDto> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  await db.updateTable("projects").set({ deleted_at: null, updated_at: nowIso() }).where("id", "=", plan.project_id).where("deleted_at", "is not", null).execute();
  return setState(ctx, user, id, { deleted_at: null, deleted_with_project: 0 });
}

/** POST /signplan/{id}/copy {name, project_id}: same content and background, version 1, into a project the user may edit. */
export async function copySignplan(ctx: CallContext, user: SessionUser, id: number, body: { name: string; project_id: number }): Promise<SignplanDto> {
  const source = await getSignplanOrThrow(ctx, user, id);
  const target = await getProjectOrThrow(ctx, user, body.project_id);
  let backgroundKey: string | null = null;
  if (source.background_key) {
    // A copy owns its own file, so deleting either plan never takes the other's background.
    const file = await getStorage().get(source.background_key);
    if (file) backgroundKey = await getStorage().put(file.data, file.contentType);
  }
  const db = await getDb();
  const now = nowIso();
  const row = await db
    .insertInto("signplans")
    .values({
      project_id: target.id,
      owner_id: user.id,
      name: body.name,
      content: source.content,
      element_count: source.element_count,
      background_key: backgroundKey,
      background_kind: backgroundKey ? source.background_kind : null,
      paper_size: source.paper_size,
      scale: source.scale,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDto(row);
}

const VIEW_PURPOSE = "view";

/** POST /signplan/{id}/share: a read-only link. The token names one plan and can do nothing else. */
export async function shareSignplan(ctx: CallContext, user: SessionUser, id: number): Promise<{ token: string; link: string }> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  const token = await new SignJWT({ purpose: VIEW_PURPOSE, signplanId: plan.id, sv: plan.share_version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .sign(getJwtSecret());
  return { token, link: `${ctx.origin}/view?token=${token}` };
}

/** The plan a view token opens, or a 404 for any token that is not a valid, current view token for it. */
export async function readPublicSignplan(ctx: CallContext, id: number, token: string | null): Promise<SignplanRow> {
  const invalid = () => new ApiError(404, serverTranslator(ctx.site)("api.plans.invalidShareLink"));
  if (!token) throw invalid();
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, getJwtSecret(), { algorithms: ["HS256"] })).payload;
  } catch {
    throw invalid();
  }
  if (payload.purpose !== VIEW_PURPOSE || payload.signplanId !== id) throw invalid();
  const db = await getDb();
  const plan = await db.selectFrom("signplans").selectAll().where("id", "=", id).executeTakeFirst();
  if (!plan || plan.deleted_at || plan.share_version !== payload.sv) throw invalid();
  return plan;
}

/** GET /signplan/public/{id}: the plan a view token opens, as JSON (see toJson). */
export async function getPublicSignplanJson(ctx: CallContext, id: number, token: string | null): Promise<string> {
  return toJson(await readPublicSignplan(ctx, id, token));
}

const SIGNATURES: { kind: "image" | "pdf"; type: string; test: (b: Uint8Array) => boolean }[] = [
  { kind: "image", type: "image/png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { kind: "image", type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { kind: "image", type: "image/webp", test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP" },
  { kind: "pdf", type: "application/pdf", test: (b) => String.fromCharCode(...b.slice(0, 5)) === "%PDF-" },
];

/**
 * POST /signplan/{id}/background: the plan's background image or PDF, once, right after creation.
 * The type is decided by the file's bytes, not by its name or the browser's claim.
 */
export async function setSignplanBackground(ctx: CallContext, user: SessionUser, id: number, file: File | null): Promise<SignplanSummaryDto> {
  const t = serverTranslator(ctx.site);
  const plan = await getSignplanOrThrow(ctx, user, id);
  if (plan.background_key) throw new ApiError(409, t("api.plans.backgroundExists"));
  if (!file || file.size === 0) throw new ApiError(400, t("api.plans.backgroundMissing"));
  if (file.size > MAX_BACKGROUND_BYTES) throw new ApiError(413, t("api.plans.backgroundTooLarge", { mb: MAX_BACKGROUND_BYTES / 1024 / 1024 }));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const match = SIGNATURES.find((s) => s.test(bytes));
  if (!match) throw new ApiError(400, t("api.plans.backgroundType"));
  const key = await getStorage().put(bytes, match.type);
  const db = await getDb();
  const result = await db
    .updateTable("signplans")
    .set({ background_key: key, background_kind: match.kind, updated_at: nowIso() })
    .where("id", "=", id)
    .where("background_key", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    await getStorage().delete(key); // another upload won the race
    throw new ApiError(409, t("api.plans.backgroundExists"));
  }
  return toSummary(await db.selectFrom("signplans").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
}

/** The background file of a plan the caller may read (as a user, or with the plan's view token). */
export async function getSignplanBackground(ctx: CallContext, plan: Pick<SignplanRow, "background_key">): Promise<{ data: Buffer; contentType: string }> {
  const file = plan.background_key ? await getStorage().get(plan.background_key) : null;
  if (!file) throw notFound(ctx.site);
  return file;
}

/**
 * Removes plans and projects that have been in the trash longer than TRASH_RETENTION_DAYS, with
 * their history and background files. Runs at start-up and every few hours (server.ts).
 */
export async function purgeTrash(now = new Date()): Promise<{ plans: number; projects: number }> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 3600_000).toISOString();
  const db = await getDb();
  const expiredProjects = await db.selectFrom("projects").select("id").where("deleted_at", "<", cutoff).execute();
  const projectIds = expiredProjects.map((p) => p.id);
  let planQuery = db.selectFrom("signplans").select(["id", "background_key"]).where("deleted_at", "<", cutoff);
  if (projectIds.length) planQuery = db.selectFrom("signplans").select(["id", "background_key"]).where((eb) => eb.or([eb("deleted_at", "<", cutoff), eb("project_id", "in", projectIds)]));
  const plans = await planQuery.execute();
  if (plans.length) await db.deleteFrom("signplans").where("id", "in", plans.map((p) => p.id)).execute();
  if (projectIds.length) await db.deleteFrom("projects").where("id", "in", projectIds).execute();
  for (const plan of plans) if (plan.background_key) await getStorage().delete(plan.background_key).catch((e) => log.error("trash", "file not removed", e));
  if (plans.length || projectIds.length) log.info("trash", `purged ${plans.length} plan(s) and ${projectIds.length} project(s) deleted before ${cutoff}`);
  return { plans: plans.length, projects: projectIds.length };
}

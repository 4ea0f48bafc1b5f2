import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { canManagePipePreset } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import type { PipePresetsTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { MAX_PIPE_PRESETS, pipePresetNameKey, type PipePresetBody, type PipePresetDto } from "@/lib/schemas/pipe-presets";
import { SITES } from "@/sites/registry";

type PresetRow = Selectable<PipePresetsTable>;

const nowIso = () => new Date().toISOString();

function toDto(row: PresetRow): PipePresetDto {
  return {
    id: String(row.id),
    name: row.name,
    colour: row.colour,
    widthMm: Number(row.width_mm),
    dashPattern: row.dash_pattern,
    textAbove: row.text_above,
    textBelow: row.text_below,
    ...(row.dimension !== null && { dimension: Number(row.dimension) }),
    ...(row.material !== null && { material: row.material }),
    ...(row.fall_per_mille !== null && { fallPerMille: Number(row.fall_per_mille) }),
    ...(row.water_kind !== null && { waterKind: row.water_kind }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns a body sets; a PUT sets all of them, so a field left out of the body is cleared. */
function columnsOf(body: PipePresetBody) {
  return {
    name: body.name,
    name_key: pipePresetNameKey(body.name),
    colour: body.colour,
    width_mm: body.widthMm,
    dash_pattern: body.dashPattern,
    text_above: body.textAbove,
    text_below: body.textBelow,
    dimension: body.dimension ?? null,
    material: body.material ?? null,
    fall_per_mille: body.fallPerMille ?? null,
    water_kind: body.waterKind ?? null,
  };
}

const notFound = (ctx: CallContext) => new ApiError(404, serverTranslator(ctx.site)("api.pipePresets.notFound"));
const nameTaken = (ctx: CallContext) => new ApiError(409, serverTranslator(ctx.site)("validation.pipePresetNameTaken"));

/**
 * Another preset of the user's (not `exceptId`) already has this name as pipePresetNameKey folds it. The
 * names are folded here rather than matched by name_key: rows saved before the key folded width and
 * invisible characters hold the older, narrower key (a user has at most MAX_PIPE_PRESETS names to read).
 */
async function nameInUse(db: Kysely<Database>, user: SessionUser, body: PipePresetBody, exceptId?: number): Promise<boolean> {
  const key = pipePresetNameKey(body.name);
  let query = db.selectFrom("pipe_presets").select(["name", "name_key"]).where("user_id", "=", user.id);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.execute()).some((row) => row.name_key === key || pipePresetNameKey(row.name) === key);
}

/**
 * Runs a write that may break the unique name: a name checked free before can be taken by a request
 * that ran in between, and the unique index on name_key then refuses the write; that is the same 409.
 */
async function writeUniquely<T>(
  ctx: CallContext,
  db: Kysely<Database>,
  user: SessionUser,
  body: PipePresetBody,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (await nameInUse(db, user, body, exceptId)) throw nameTaken(ctx);
  try {
    return await write();
  } catch (error) {
    if (await nameInUse(db, user, body, exceptId)) throw nameTaken(ctx);
    throw error;
  }
}

/**
 * GET /pipe-presets: the caller's presets by name, in the order of the site's language (Danish puts
 * æ, ø, å after z; the database's byte order would not), so the menu reads like a word list.
 */
export async function listPipePresets(ctx: CallContext, user: SessionUser): Promise<PipePresetDto[]> {
  const db = await getDb();
  const rows = await db.selectFrom("pipe_presets").selectAll().where("user_id", "=", user.id).execute();
  const collator = new Intl.Collator(SITES[ctx.site].locale, { numeric: true });
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id).map(toDto);
}

/**
 * POST /pipe-presets: a new preset of the caller's; at most MAX_PIPE_PRESETS per user (a bound on
 * storage, counted before the insert: two creations at the same moment may pass it by one).
 */
export async function createPipePreset(ctx: CallContext, user: SessionUser, body: PipePresetBody): Promise<PipePresetDto> {
  const db = await getDb();
  const { count } = await db
    .selectFrom("pipe_presets")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", user.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_PIPE_PRESETS)
    throw new ApiError(400, serverTranslator(ctx.site)("validation.pipePresetLimit", { max: MAX_PIPE_PRESETS }));
  const now = nowIso();
  const row = await writeUniquely(ctx, db, user, body, undefined, () =>
    db
      .insertInto("pipe_presets")
      .values({ user_id: user.id, ...columnsOf(body), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toDto(row);
}

/** The preset for its owner; anyone else (and a preset that does not exist) gets a 404. */
async function ownPresetOrThrow(db: Kysely<Database>, ctx: CallContext, user: SessionUser, id: number): Promise<PresetRow> {
  const row = await db.selectFrom("pipe_presets").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !canManagePipePreset(user, row)) throw notFound(ctx);
  return row;
}

/**
 * PUT /pipe-presets/{id}: the preset replaced whole by the body (the editor sends the preset as the
 * user sees it). Pipes drawn with it keep their copy of the old style.
 */
export async function updatePipePreset(ctx: CallContext, user: SessionUser, id: number, body: PipePresetBody): Promise<PipePresetDto> {
  const db = await getDb();
  await ownPresetOrThrow(db, ctx, user, id);
  const row = await writeUniquely(ctx, db, user, body, id, () =>
    db
      .updateTable("pipe_presets")
      .set({ ...columnsOf(body), updated_at: nowIso() })
      .where("id", "=", id)
      .where("user_id", "=", user.id)
      .returningAll()
      .executeTakeFirst(),
  );
  // Deleted (in another tab) since it was read.
  if (!row) throw notFound(ctx);
  return toDto(row);
}

/** DELETE /pipe-presets/{id}: the preset is gone; pipes drawn with it keep their style and its name. */
export async function deletePipePreset(ctx: CallContext, user: SessionUser, id: number): Promise<void> {
  const db = await getDb();
  await ownPresetOrThrow(db, ctx, user, id);
  await db.deleteFrom("pipe_presets").where("id", "=", id).where("user_id", "=", user.id).execute();
}

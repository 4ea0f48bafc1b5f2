import "server-only";
import type { SessionUser } from "../auth/session";
import { getDatabaseHandle, getDb } from "../db";
import { log } from "../log";
import * as z from "zod";
import {
  MAX_RECENT_SIGNS,
  recentSignUrlSchema,
  userSettingsSchema,
  type UpdateUserSettingsBody,
  type UserSettingsDto,
} from "@/lib/schemas/signs";
import { mergeDrawingStyles, mergePipeWaterKindLooks } from "@/lib/schemas/user-settings";

const DEFAULTS: UserSettingsDto = { standardSignSize: null, recentSigns: [], drawingStyles: {}, pipeWaterKinds: {} };

/** Reads a stored JSON field defensively: a row written by an older version never breaks the editor. */
function parseStored<T>(
  json: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  fallback: T,
  name: string,
): T {
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  log.warn("settings", `unreadable ${name} ignored`);
  return fallback;
}

/**
 * The stored recent signs that are URLs of ours: one saved before only those were taken (another host's
 * image) is dropped alone, and the rest of the list kept.
 */
function recentSignsOf(json: string): string[] {
  const stored = parseStored(json, z.array(z.unknown()), [], "recent_signs");
  const urls = stored.filter((url): url is string => recentSignUrlSchema.safeParse(url).success);
  if (urls.length < stored.length) log.warn("settings", `${stored.length - urls.length} recent signs that are not ours dropped`);
  return [...new Set(urls)].slice(0, MAX_RECENT_SIGNS);
}

/** GET /user-settings: the caller's settings; the defaults until anything was saved. */
export async function getUserSettings(user: SessionUser): Promise<UserSettingsDto> {
  const db = await getDb();
  const row = await db
    .selectFrom("user_settings")
    .select(["standard_sign_size", "recent_signs", "drawing_styles", "pipe_water_kinds"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!row) return { ...DEFAULTS };
  return {
    standardSignSize: row.standard_sign_size === null ? null : Number(row.standard_sign_size),
    recentSigns: recentSignsOf(row.recent_signs),
    drawingStyles: parseStored(row.drawing_styles, userSettingsSchema.shape.drawingStyles, {}, "drawing_styles"),
    pipeWaterKinds: parseStored(row.pipe_water_kinds, userSettingsSchema.shape.pipeWaterKinds, {}, "pipe_water_kinds"),
  };
}

/**
 * PATCH /user-settings: changes only the fields the body names (one upsert, so two tabs saving different
 * fields at once do not undo each other) and answers the whole settings. Drawing styles and the water
 * kinds' looks are merged per kind into the stored maps, read and written with the row held, so two tabs
 * styling different kinds at once keep both.
 */
export async function updateUserSettings(user: SessionUser, body: UpdateUserSettingsBody): Promise<UserSettingsDto> {
  const changes = {
    ...(body.standardSignSize !== undefined && { standard_sign_size: body.standardSignSize }),
    ...(body.recentSigns !== undefined && { recent_signs: JSON.stringify(body.recentSigns) }),
    updated_at: new Date().toISOString(),
  };
  const db = await getDb();
  await db
    .insertInto("user_settings")
    .values({
      user_id: user.id,
      standard_sign_size: DEFAULTS.standardSignSize,
      recent_signs: JSON.stringify(DEFAULTS.recentSigns),
      drawing_styles: JSON.stringify(DEFAULTS.drawingStyles),
      pipe_water_kinds: JSON.stringify(DEFAULTS.pipeWaterKinds),
      ...changes,
    })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(changes))
    .execute();
  if (body.drawingStyles || body.pipeWaterKinds) await mergeStoredMaps(user, body);
  return getUserSettings(user);
}

/**
 * Read, merge and write in one transaction holding the row: PostgreSQL locks it (FOR UPDATE), so tabs
 * styling at once take turns instead of failing after a number of retries; SQLite runs one transaction
 * at a time on its single connection.
 */
async function mergeStoredMaps(user: SessionUser, body: Pick<UpdateUserSettingsBody, "drawingStyles" | "pipeWaterKinds">): Promise<void> {
  const { db, dialect } = await getDatabaseHandle();
  await db.transaction().execute(async (trx) => {
    const read = trx.selectFrom("user_settings").select(["drawing_styles", "pipe_water_kinds"]).where("user_id", "=", user.id);
    const row = await (dialect === "postgres" ? read.forUpdate() : read).executeTakeFirstOrThrow();
    const shape = userSettingsSchema.shape;
    await trx
      .updateTable("user_settings")
      .set({
        ...(body.drawingStyles && {
          drawing_styles: JSON.stringify(
            mergeDrawingStyles(parseStored(row.drawing_styles, shape.drawingStyles, {}, "drawing_styles"), body.drawingStyles),
          ),
        }),
        ...(body.pipeWaterKinds && {
          pipe_water_kinds: JSON.stringify(
            mergePipeWaterKindLooks(parseStored(row.pipe_water_kinds, shape.pipeWaterKinds, {}, "pipe_water_kinds"), body.pipeWaterKinds),
          ),
        }),
      })
      .where("user_id", "=", user.id)
      .execute();
  });
}

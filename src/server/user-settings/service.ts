import "server-only";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { log } from "../log";
import { userSettingsSchema, type UpdateUserSettingsBody, type UserSettingsDto } from "@/lib/schemas/signs";

const DEFAULTS: UserSettingsDto = { standardSignSize: null, recentSigns: [] };

/** Reads a stored list defensively: a row written by an older version never breaks the editor. */
function parseRecent(json: string): string[] {
  try {
    const parsed = userSettingsSchema.shape.recentSigns.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  log.warn("settings", "unreadable recent_signs ignored");
  return [];
}

/** GET /user-settings: the caller's settings; the defaults until anything was saved. */
export async function getUserSettings(user: SessionUser): Promise<UserSettingsDto> {
  const db = await getDb();
  const row = await db
    .selectFrom("user_settings")
    .select(["standard_sign_size", "recent_signs"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!row) return { ...DEFAULTS };
  return {
    standardSignSize: row.standard_sign_size === null ? null : Number(row.standard_sign_size),
    recentSigns: parseRecent(row.recent_signs),
  };
}

/**
 * PATCH /user-settings: changes only the fields the body names (one upsert, so two tabs saving different
 * fields at once do not undo each other) and answers the whole settings.
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
      ...changes,
    })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(changes))
    .execute();
  return getUserSettings(user);
}

import "server-only";
import { getProjectOrThrow } from "../projects/service";
import type { CallContext } from "../accounts/service";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { getStorage } from "../storage";
import { nowIso, toDto } from "./dto";
import { getSignplanOrThrow } from "./read";
import { assertPlanNameFree } from "./save";
import type { SignplanDto } from "@/lib/schemas/signplan";

/** POST /signplan/{id}/copy {name, project_id}: same content and background, version 1, into a project the user may edit. */
export async function copySignplan(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  body: { name: string; project_id: number },
): Promise<SignplanDto> {
  const source = await getSignplanOrThrow(ctx, user, id);
  const target = await getProjectOrThrow(ctx, user, body.project_id);
  await assertPlanNameFree(ctx, target.id, body.name);
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
      // The same content under the same schema: its hash stays true.
      content_hash: source.content_hash,
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

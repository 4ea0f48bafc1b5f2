import "server-only";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { getStorage } from "../storage";
import { nowIso, toSummary, type SignplanRow } from "./dto";
import { getSignplanOrThrow, planNotFound } from "./read";
import { MAX_BACKGROUND_BYTES, type SignplanSummaryDto } from "@/lib/schemas/signplan";

const SIGNATURES: { kind: "image" | "pdf"; type: string; test: (b: Uint8Array) => boolean }[] = [
  { kind: "image", type: "image/png", test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { kind: "image", type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    kind: "image",
    type: "image/webp",
    test: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
  { kind: "pdf", type: "application/pdf", test: (b) => String.fromCharCode(...b.slice(0, 5)) === "%PDF-" },
];

/**
 * POST /signplan/{id}/background: the plan's background image or PDF, once, right after creation.
 * The type is decided by the file's bytes, not by its name or the browser's claim.
 */
export async function setSignplanBackground(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  file: File | null,
): Promise<SignplanSummaryDto> {
  const t = serverTranslator(ctx.site);
  const plan = await getSignplanOrThrow(ctx, user, id);
  if (plan.background_key) throw new ApiError(409, t("api.plans.backgroundExists"));
  if (!file || file.size === 0) throw new ApiError(400, t("api.plans.backgroundMissing"));
  if (file.size > MAX_BACKGROUND_BYTES)
    throw new ApiError(413, t("api.plans.backgroundTooLarge", { mb: MAX_BACKGROUND_BYTES / 1024 / 1024 }));
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
export async function getSignplanBackground(
  ctx: CallContext,
  plan: Pick<SignplanRow, "background_key">,
): Promise<{ data: Buffer; contentType: string }> {
  const file = plan.background_key ? await getStorage().get(plan.background_key) : null;
  if (!file) throw planNotFound(ctx.site);
  return file;
}

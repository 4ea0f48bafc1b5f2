import "server-only";
import { randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { Kysely, Selectable } from "kysely";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { getJwtSecret } from "../auth/secret";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import type { SignplanShareLinksTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { nowIso, type SignplanRow } from "./dto";
import { getSignplanOrThrow, planAnswer } from "./read";
import { revokeShareLinks } from "./share-revocation";
import type { ShareLinkDto, ShareSignplanBody } from "@/lib/schemas/signplan";

/*
 * Read-only share links (core §4, §7). A plan has at most one active link: a row in
 * signplan_share_links that is neither revoked nor expired. Its token is a JWT naming the plan and the
 * row, so it opens that plan and nothing else, and only while the row allows it; the plan must also be
 * neither archived nor deleted, nor its project. What ends a link for good: DELETE /signplan/{id}/share,
 * archiving or deleting the plan or its project, and a password change or reset of the user who made it.
 */

const VIEW_PURPOSE = "view";

type ShareLinkRow = Selectable<SignplanShareLinksTable>;

/** Signed without a time of issue, so the same row gives the same token: the owner sees the link they sent. */
function tokenOf(row: ShareLinkRow): Promise<string> {
  return new SignJWT({ purpose: VIEW_PURPOSE, signplanId: row.signplan_id, lid: row.id })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(getJwtSecret());
}

async function toDto(ctx: CallContext, row: ShareLinkRow): Promise<ShareLinkDto> {
  const token = await tokenOf(row);
  return { token, link: `${ctx.origin}/view?token=${token}`, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** The plan's link that works at `now`, if any. */
function findActiveLink(db: Kysely<Database>, signplanId: number, now: string): Promise<ShareLinkRow | undefined> {
  return db
    .selectFrom("signplan_share_links")
    .selectAll()
    .where("signplan_id", "=", signplanId)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .executeTakeFirst();
}

/** GET /signplan/{id}/share: the plan's active link, or null when it has none. */
export async function getShareLink(ctx: CallContext, user: SessionUser, id: number): Promise<ShareLinkDto | null> {
  await getSignplanOrThrow(ctx, user, id);
  const row = await findActiveLink(await getDb(), id, nowIso());
  return row ? toDto(ctx, row) : null;
}

/**
 * POST /signplan/{id}/share {expiresAt?}: the plan's active link, made when it has none (sharing again
 * does not replace a link already sent). With expiresAt, the link gets that expiry (null: none).
 * A link works only while the plan is in use, so an archived or deleted plan cannot be shared.
 */
export async function shareSignplan(ctx: CallContext, user: SessionUser, id: number, body: ShareSignplanBody = {}): Promise<ShareLinkDto> {
  await getSignplanOrThrow(ctx, user, id);
  const db = await getDb();
  const live = await db
    .selectFrom("signplans")
    .innerJoin("projects", "projects.id", "signplans.project_id")
    .select("signplans.id")
    .where("signplans.id", "=", id)
    .where("signplans.archived_at", "is", null)
    .where("signplans.deleted_at", "is", null)
    .where("projects.archived_at", "is", null)
    .where("projects.deleted_at", "is", null)
    .executeTakeFirst();
  if (!live) throw new ApiError(409, serverTranslator(ctx.site)("api.plans.shareInactive"));

  // Stored in one form (UTC, ms), because timestamps are compared as text.
  const expiresAt = body.expiresAt ? new Date(body.expiresAt).toISOString() : body.expiresAt;
  const now = nowIso();
  const row = await db.transaction().execute(async (trx) => {
    // An expired link is revoked, so that the plan can get a new one (one unrevoked link per plan).
    await trx
      .updateTable("signplan_share_links")
      .set({ revoked_at: now })
      .where("signplan_id", "=", id)
      .where("revoked_at", "is", null)
      .where("expires_at", "<=", now)
      .execute();
    // Two shares at once both land here: the unique index keeps one row and the other reads it.
    await trx
      .insertInto("signplan_share_links")
      .values({
        id: randomBytes(16).toString("base64url"),
        signplan_id: id,
        created_by: user.id,
        created_at: now,
        expires_at: expiresAt ?? null,
        revoked_at: null,
      })
      .onConflict((oc) => oc.column("signplan_id").where("revoked_at", "is", null).doNothing())
      .execute();
    const active = await findActiveLink(trx, id, now);
    if (!active) throw new Error(`plan ${id} has no share link after sharing`);
    if (expiresAt === undefined || active.expires_at === expiresAt) return active;
    await trx.updateTable("signplan_share_links").set({ expires_at: expiresAt }).where("id", "=", active.id).execute();
    return { ...active, expires_at: expiresAt };
  });
  return toDto(ctx, row);
}

/** DELETE /signplan/{id}/share: ends the plan's link for good; the next share makes a new one. */
export async function revokeShareLink(ctx: CallContext, user: SessionUser, id: number): Promise<void> {
  await getSignplanOrThrow(ctx, user, id);
  await revokeShareLinks(await getDb(), { signplanId: id });
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
  if (payload.purpose !== VIEW_PURPOSE || payload.signplanId !== id || typeof payload.lid !== "string") throw invalid();
  const db = await getDb();
  const now = nowIso();
  const plan = await db
    .selectFrom("signplan_share_links as link")
    .innerJoin("signplans", "signplans.id", "link.signplan_id")
    .innerJoin("projects", "projects.id", "signplans.project_id")
    .selectAll("signplans")
    .where("link.id", "=", payload.lid)
    .where("link.signplan_id", "=", id)
    .where("link.revoked_at", "is", null)
    .where((eb) => eb.or([eb("link.expires_at", "is", null), eb("link.expires_at", ">", now)]))
    .where("signplans.archived_at", "is", null)
    .where("signplans.deleted_at", "is", null)
    .where("projects.archived_at", "is", null)
    .where("projects.deleted_at", "is", null)
    .executeTakeFirst();
  if (!plan) throw invalid();
  return plan;
}

/** GET /signplan/public/{id}: the plan a view token opens, as JSON bytes (see planAnswer). */
export function getPublicSignplanJson(ctx: CallContext, id: number, token: string | null): Promise<Uint8Array<ArrayBuffer>> {
  return planAnswer(() => readPublicSignplan(ctx, id, token));
}

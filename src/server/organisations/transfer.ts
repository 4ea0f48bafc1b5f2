import "server-only";
import type { Kysely } from "kysely";
import type { Membership } from "./membership";
import { memberOrThrow } from "./service";
import type { CallContext } from "../accounts/service";
import { hashLinkToken, newLinkToken } from "../accounts/email-tokens";
import { queueMail } from "../accounts/mail-queue";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb, type Database } from "../db";
import { serverTranslator } from "../i18n";
import { getMailer } from "../mail/mailer";
import { TRANSFER_LINK_HOURS, transferOwnershipMail } from "../mail/templates";
import { RATE_LIMITS, hitLimit } from "../rate-limit";
import type { TransferPreviewDto } from "@/lib/schemas/organisation";
import type { SiteId } from "@/sites/registry";

/*
 * Ownership transfer (issue 30, core §3 "Ownership of an organisation can be transferred"): the owner
 * asks (POST /users/transferOwnership), the member it is addressed to gets a single-use link valid
 * TRANSFER_LINK_HOURS, reads what moves with it (GET /users/transferOwnership?token=) and confirms
 * (POST /users/confirmTransferOwnership); the old owner stays on as an administrator.
 */

/**
 * POST /users/transferOwnership {userId} (the owner's alone, by the table): to another member. Earlier
 * links of the organisation stop working, so only the newest request can be confirmed. The link is made
 * and mailed by the mail queue's worker (sendOwnershipTransferMail), so its token is never stored.
 */
export async function requestOwnershipTransfer(call: CallContext, membership: Membership, userId: number): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  const target = await memberOrThrow(call, membership, userId);
  if (target.role === "owner") throw new ApiError(400, t("api.transfer.notToSelf"));
  const db = await getDb();
  await hitLimit(db, call.site, RATE_LIMITS.transferPerOrganisation, String(membership.organisation.id));
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await endPendingTransfers(trx, membership.organisation.id, now);
    await trx
      .insertInto("ownership_transfers")
      .values({
        organisation_id: membership.organisation.id,
        from_user_id: membership.organisation.owner_id,
        to_user_id: target.id,
        expires_at: new Date(now.getTime() + TRANSFER_LINK_HOURS * 3_600_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  await queueMail(db, { kind: "ownership-transfer", email: target.email, site: call.site, origin: call.origin });
  return { message: t("api.transfer.requested", { name: target.name, hours: TRANSFER_LINK_HOURS }) };
}

async function endPendingTransfers(db: Kysely<Database>, organisationId: number, now: Date): Promise<void> {
  await db
    .updateTable("ownership_transfers")
    .set({ ended_at: now.toISOString() })
    .where("organisation_id", "=", organisationId)
    .where("used_at", "is", null)
    .where("ended_at", "is", null)
    .execute();
}

/**
 * The mail worker's part (src/server/accounts/mail-jobs.ts): makes the link of the newest unsent
 * transfer addressed to this e-mail's account and mails it in the requesting site's language. Nothing
 * when there is none (replaced meanwhile, or already sent by an earlier job).
 */
export async function sendOwnershipTransferMail(db: Kysely<Database>, to: { site: SiteId; origin: string; email: string }): Promise<void> {
  const now = new Date().toISOString();
  const row = await db
    .selectFrom("ownership_transfers")
    .innerJoin("users as to_user", "to_user.id", "ownership_transfers.to_user_id")
    .innerJoin("users as from_user", "from_user.id", "ownership_transfers.from_user_id")
    .innerJoin("organisations", "organisations.id", "ownership_transfers.organisation_id")
    .select([
      "ownership_transfers.id",
      "ownership_transfers.expires_at",
      "to_user.email",
      "to_user.name",
      "from_user.name as fromName",
      "organisations.name as organisation",
    ])
    .where("to_user.email", "=", to.email)
    .where("ownership_transfers.token_hash", "is", null)
    .where("ownership_transfers.used_at", "is", null)
    .where("ownership_transfers.ended_at", "is", null)
    .where("ownership_transfers.expires_at", ">", now)
    .orderBy("ownership_transfers.id", "desc")
    .executeTakeFirst();
  if (!row) return;
  const { token, hash } = newLinkToken();
  const set = await db
    .updateTable("ownership_transfers")
    .set({ token_hash: hash })
    .where("id", "=", row.id)
    .where("token_hash", "is", null)
    .executeTakeFirst();
  if (Number(set.numUpdatedRows) !== 1) return;
  const link = `${to.origin}/transfer-ownership?token=${encodeURIComponent(token)}`;
  const mail = transferOwnershipMail(to.site, { name: row.name, from: row.fromName, organisation: row.organisation, link });
  await getMailer().send({ to: row.email, site: to.site, ...mail });
}

/**
 * The transfer a link names, checked for the signed-in user: a clear answer for each way it can fail
 * (unknown, addressed to someone else, used, replaced, expired, the organisation changed owner, the
 * addressee no longer a member).
 */
async function transferFor(db: Kysely<Database>, site: SiteId, user: Pick<SessionUser, "id">, token: string, now: Date) {
  const t = serverTranslator(site);
  const row = await db
    .selectFrom("ownership_transfers")
    .innerJoin("organisations", "organisations.id", "ownership_transfers.organisation_id")
    .select([
      "ownership_transfers.id",
      "ownership_transfers.organisation_id",
      "ownership_transfers.from_user_id",
      "ownership_transfers.to_user_id",
      "ownership_transfers.expires_at",
      "ownership_transfers.used_at",
      "ownership_transfers.ended_at",
      "organisations.name",
      "organisations.cvr_number",
      "organisations.owner_id",
    ])
    .where("ownership_transfers.token_hash", "=", hashLinkToken(token))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, t("api.transfer.linkInvalid"));
  if (row.to_user_id !== user.id) throw new ApiError(403, t("api.transfer.wrongUser"));
  if (row.used_at !== null) throw new ApiError(410, t("api.transfer.linkUsed"));
  if (row.ended_at !== null) throw new ApiError(410, t("api.transfer.linkReplaced"));
  if (row.expires_at <= now.toISOString()) throw new ApiError(410, t("api.transfer.linkExpired"));
  if (row.owner_id !== row.from_user_id) throw new ApiError(409, t("api.transfer.ownerChanged"));
  const member = await db
    .selectFrom("organisation_members")
    .select("user_id")
    .where("organisation_id", "=", row.organisation_id)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!member) throw new ApiError(409, t("api.transfer.noLongerMember"));
  return row;
}

/** GET /users/transferOwnership?token=: what the confirmation page shows; reading uses nothing up. */
export async function previewOwnershipTransfer(call: CallContext, user: SessionUser, token: string): Promise<TransferPreviewDto> {
  const db = await getDb();
  const row = await transferFor(db, call.site, user, token, new Date());
  const organisationId = row.organisation_id;
  const [from, to, logo, signs, projects] = await Promise.all([
    db.selectFrom("users").select(["id", "name"]).where("id", "=", row.from_user_id).executeTakeFirstOrThrow(),
    db.selectFrom("users").select(["id", "name", "email"]).where("id", "=", row.to_user_id).executeTakeFirstOrThrow(),
    db.selectFrom("company_logos").select("id").where("organisation_id", "=", organisationId).executeTakeFirst(),
    db
      .selectFrom("organisation_signs")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("organisation_id", "=", organisationId)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("projects")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("organisation_id", "=", organisationId)
      .where("is_shared", "=", 1)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    organization: { id: organisationId, name: row.name, cvr_number: row.cvr_number },
    from,
    to,
    expiresAt: row.expires_at,
    moves: { hasLogo: logo !== undefined, signs: Number(signs.n), sharedProjects: Number(projects.n) },
  };
}

/**
 * POST /users/confirmTransferOwnership {token}: in one transaction the link is used up, the owner column
 * moves (only if it still names the owner who asked) and the old owner becomes an administrator; other
 * open links of the organisation end. Of two confirmations at once, one wins and the other is told the
 * link was used.
 */
export async function confirmOwnershipTransfer(call: CallContext, user: SessionUser, token: string): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  const now = new Date();
  const organisation = await db.transaction().execute(async (trx) => {
    const row = await transferFor(trx, call.site, user, token, now);
    const used = await trx
      .updateTable("ownership_transfers")
      .set({ used_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("used_at", "is", null)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new ApiError(410, t("api.transfer.linkUsed"));
    const moved = await trx
      .updateTable("organisations")
      .set({ owner_id: user.id, updated_at: now.toISOString() })
      .where("id", "=", row.organisation_id)
      .where("owner_id", "=", row.from_user_id)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(409, t("api.transfer.ownerChanged"));
    // Both keep is_admin 1: the owner's row carries it so that a later transfer leaves them an administrator.
    await trx
      .updateTable("organisation_members")
      .set({ is_admin: 1 })
      .where("organisation_id", "=", row.organisation_id)
      .where("user_id", "in", [row.from_user_id, user.id])
      .execute();
    await endPendingTransfers(trx, row.organisation_id, now);
    return row.name;
  });
  return { message: t("api.transfer.confirmed", { organisation }) };
}

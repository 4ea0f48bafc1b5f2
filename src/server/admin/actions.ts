import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { queueMail } from "../accounts/mail-queue";
import { siteOrigin } from "../site-url";
import { emitBillingStatusChanged } from "../realtime/emitter";
import { recordAudit } from "./audit";
import { addDays, TRIAL_DAYS, trialEnd } from "@/lib/billing/pricing";
import { DEFAULT_SITE_ID, isSiteId, type SiteId } from "@/sites/registry";

/** Who acts, on which site (the language of refusals), and when. */
export interface AdminActor {
  adminId: number;
  site: SiteId;
  now: Date;
}

async function customerIn(trx: Transaction<Database>, actor: AdminActor, userId: number) {
  const user = await trx
    .selectFrom("users")
    .select(["id", "email", "is_verified", "registered_site", "first_login_at", "staff_block_reason", "token_version"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new ApiError(404, serverTranslator(actor.site)("api.admin.customerNotFound"));
  return user;
}

const conflict = (actor: AdminActor, key: "notBlocked" | "alreadyConfirmed" | "trialNotStarted") =>
  new ApiError(409, serverTranslator(actor.site)(`api.admin.${key}`));

/** Each action: the change and its audit row in one transaction, so that a refused or failed change logs nothing. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * POST /admin/customers/{id}/extend-trial: the trial ends `days` later than it would, counted from now
 * when it has already ended. Done by moving first_login_at, the one fact the trial is computed from (by
 * billingStateOf and the billing job's trial mails alike). A trial not yet started (no login) has its
 * whole 14 days ahead: nothing to extend.
 */
export async function extendTrial(db: Kysely<Database>, actor: AdminActor, userId: number, days: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await customerIn(trx, actor, userId);
    if (!user.first_login_at) throw conflict(actor, "trialNotStarted");
    const end = trialEnd(new Date(user.first_login_at));
    const newEnd = addDays(end > actor.now ? end : actor.now, days);
    const firstLogin = addDays(newEnd, -TRIAL_DAYS).toISOString();
    await trx.updateTable("users").set({ first_login_at: firstLogin }).where("id", "=", userId).execute();
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "customer.extendTrial",
        targetType: "user",
        targetId: userId,
        before: { trialEndsAt: end.toISOString() },
        after: { trialEndsAt: newEnd.toISOString(), days },
      },
      actor.now,
    );
  });
  emitBillingStatusChanged([userId]);
}

/**
 * POST /admin/customers/{id}/block (a reason) and unblock (null): a block by staff holds changes until
 * staff lift it, whatever else holds; its reason is shown to the customer. Unblocking without a staff
 * block is a 409, and any other block (an ended trial, an unpaid invoice) stays.
 */
export async function setStaffBlock(db: Kysely<Database>, actor: AdminActor, userId: number, reason: string | null): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await customerIn(trx, actor, userId);
    if (reason === null && !user.staff_block_reason) throw conflict(actor, "notBlocked");
    await trx.updateTable("users").set({ staff_block_reason: reason }).where("id", "=", userId).execute();
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: reason === null ? "customer.unblock" : "customer.block",
        targetType: "user",
        targetId: userId,
        before: { staffBlockReason: user.staff_block_reason },
        after: { staffBlockReason: reason },
        reason,
      },
      actor.now,
    );
  });
  emitBillingStatusChanged([userId]);
}

/**
 * POST /admin/customers/{id}/end-sessions: every token issued so far stops working at its next request
 * (tokens carry the token version, which the session check compares, as a password change does).
 */
export async function endSessions(db: Kysely<Database>, actor: AdminActor, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await customerIn(trx, actor, userId);
    await trx
      .updateTable("users")
      .set({ token_version: user.token_version + 1 })
      .where("id", "=", userId)
      .execute();
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "customer.endSessions",
        targetType: "user",
        targetId: userId,
        before: { tokenVersion: user.token_version },
        after: { tokenVersion: user.token_version + 1 },
      },
      actor.now,
    );
  });
}

/**
 * POST /admin/customers/{id}/resend-verification: queues the verification mail as the customer's own
 * resend does (the mail queue's worker makes the link), on the site they registered on; 409 once confirmed.
 */
export async function resendCustomerVerification(db: Kysely<Database>, actor: AdminActor, userId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const user = await customerIn(trx, actor, userId);
    if (user.is_verified === 1) throw conflict(actor, "alreadyConfirmed");
    const site = isSiteId(user.registered_site) ? user.registered_site : DEFAULT_SITE_ID;
    await queueMail(trx, { kind: "verification", email: user.email, site, origin: siteOrigin(site) });
    await recordAudit(
      trx,
      { adminId: actor.adminId, action: "customer.resendVerification", targetType: "user", targetId: userId },
      actor.now,
    );
  });
}

import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "../api/errors";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { emitBillingStatusChanged } from "../realtime/emitter";
import { assertCanManage, detailsBody, detailsOfAccount } from "./details";
import { invoiceDto, invoiceDtoWithCreditNote, issueInvoice } from "./invoices";
import { OPEN_STATUSES } from "../db/schema";
import { queueNotice } from "./notices";
import { billingStateOf, ensureAccount, isCovering, memberCount, type BillingAccountRow, type BillingState, type Payer } from "./state";
import { addYear, cancellationTakesEffect, invoiceTotals, subscriptionLines, TERMS_VERSION, yearlyPrices } from "@/lib/billing/pricing";
import type { AcceptPaymentDto, BlockStatusDto, InvoiceDto, InvoiceReminderDto, SubscriptionStatusDto } from "@/lib/schemas/billing";
import { DEFAULT_SITE_ID, isSiteId, type SiteId } from "@/sites/registry";

/** Everyone the payer's billing state concerns: the organisation's members, or the user alone. */
export async function payerMemberIds(
  db: Kysely<Database>,
  payer: { userId: number | null; organisation: Pick<NonNullable<Payer["organisation"]>, "id"> | null },
): Promise<number[]> {
  if (!payer.organisation) return payer.userId === null ? [] : [payer.userId];
  const rows = await db.selectFrom("organisation_members").select("user_id").where("organisation_id", "=", payer.organisation.id).execute();
  return rows.map((row) => row.user_id);
}

/** Tells every member of the payer to ask block-status again (a lifted block shows at once, open editors included). */
export async function announceBillingChange(db: Kysely<Database>, payer: Parameters<typeof payerMemberIds>[1]): Promise<void> {
  emitBillingStatusChanged(await payerMemberIds(db, payer));
}

/** The account whose subscription the user sees: the running one (the payer's, else their own), else the payer's. */
function accountShown(state: BillingState, now: Date): BillingAccountRow | undefined {
  const { account, personalAccount } = state.payer;
  if (isCovering(account, now)) return account;
  if (isCovering(personalAccount, now)) return personalAccount;
  return account;
}

/** GET /users/subscription-status (and cancel's and resume's answer). */
export async function subscriptionStatusOf(
  db: Kysely<Database>,
  state: BillingState,
  requestSite: SiteId,
  now: Date,
): Promise<SubscriptionStatusDto> {
  const account = accountShown(state, now);
  const members = await memberCount(db, { organisation_id: state.payer.organisation?.id ?? null });
  const site = account && isSiteId(account.site) ? account.site : requestSite;
  const running = isCovering(account, now);
  const seats = running && account ? account.seats : members;
  const { currency } = yearlyPrices(site);
  return {
    status: state.status,
    trialDaysLeft: state.trialDaysLeft,
    periodStart: account?.period_start ?? null,
    periodEnd: account?.period_end ?? null,
    cancelAt: running ? (account?.cancel_at ?? null) : null,
    seats,
    members,
    site,
    currency,
    yearlyAmount: invoiceTotals(subscriptionLines(site, Math.max(1, seats))).subtotal,
    canManage: state.canManage,
    isOrganisation: state.payer.organisation !== null,
  };
}

/** A 409 with a code the client recognises in either language. */
function conflict(message: string, code: string): ApiError {
  return new ApiError(409, message, { code });
}

async function overdueNumber(db: Kysely<Database>, state: BillingState): Promise<number> {
  const row = state.overdueInvoiceId
    ? await db.selectFrom("invoices").select("number").where("id", "=", state.overdueInvoiceId).executeTakeFirst()
    : undefined;
  return row?.number ?? 0;
}

/**
 * POST /users/accept-payment: the payer subscribes at the request's site's prices for its members now,
 * from now (or from the end of the caller's trial while it runs) for a year, and the first invoice is
 * issued, all in one transaction. The subscription is set by a conditional UPDATE that only matches an
 * account not already running, so two accepts at once make one subscription and one invoice (the
 * second is told ALREADY_ACTIVE).
 */
export async function acceptPayment(db: Kysely<Database>, userId: number, site: SiteId, now: Date): Promise<AcceptPaymentDto> {
  const state = await billingStateOf(db, userId, now);
  assertCanManage(state, site);
  const t = serverTranslator(site);
  if (state.reason === "invoiceOverdue") {
    throw conflict(t("billing.api.invoiceOverdue", { number: await overdueNumber(db, state) }), "INVOICE_OVERDUE");
  }
  const current = state.payer.account;
  if (isCovering(current, now)) {
    if (current?.cancel_at) throw conflict(t("billing.api.cancelledUseResume"), "SUBSCRIPTION_CANCELLED");
    throw conflict(t("billing.api.alreadyActive"), "ALREADY_ACTIVE");
  }
  const trialEndsAt = state.status === "trial" ? state.trialEndsAt : null;
  const periodStart = trialEndsAt && trialEndsAt > now ? trialEndsAt : now;
  const periodEnd = addYear(periodStart);
  const nowIso = now.toISOString();

  const { account, invoice } = await db.transaction().execute(async (trx) => {
    const ensured = await ensureAccount(trx, state.payer, site, now);
    const details = await detailsOfAccount(trx, ensured.id);
    if (!details) throw conflict(t("billing.api.detailsMissing"), "INVOICE_DETAILS_MISSING");
    const seats = await memberCount(trx, ensured);
    const updated = await trx
      .updateTable("billing_accounts")
      .set({
        site,
        status: "active",
        seats,
        period_start: periodStart.toISOString(),
        period_end: periodEnd.toISOString(),
        cancel_at: null,
        cancelled_at: null,
        accepted_at: nowIso,
        accepted_by: userId,
        terms_version: TERMS_VERSION,
        updated_at: nowIso,
      })
      .where("id", "=", ensured.id)
      .where((eb) => eb.not(eb.and([eb("status", "=", "active"), eb.or([eb("cancel_at", "is", null), eb("cancel_at", ">", nowIso)])])))
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw conflict(t("billing.api.alreadyActive"), "ALREADY_ACTIVE");
    const issued = await issueInvoice(trx, {
      account: updated,
      dedupeKey: `subscription:${updated.id}:${updated.period_start}`,
      kind: "subscription",
      lines: subscriptionLines(site, seats),
      userCount: seats,
      periodStart,
      periodEnd,
      buyer: detailsBody(details),
      createdBy: userId,
      now,
    });
    return { account: updated, invoice: issued.invoice };
  });
  await announceBillingChange(db, state.payer);
  const after = await billingStateOf(db, userId, now);
  return { subscription: await subscriptionStatusOf(db, after, account.site as SiteId, now), invoice: invoiceDto(invoice) };
}

/**
 * POST /users/cancel-subscription: a running subscription ends instead of renewing, at the end of the
 * period if that is at least a calendar month away, else at the end of the next (the terms' notice).
 * The cancellation is confirmed by e-mail to the caller.
 */
export async function cancelSubscription(db: Kysely<Database>, userId: number, email: string, site: SiteId, now: Date) {
  const state = await billingStateOf(db, userId, now);
  assertCanManage(state, site);
  const t = serverTranslator(site);
  const account = state.payer.account;
  if (!account || !isCovering(account, now) || !account.period_end) throw conflict(t("billing.api.notRunning"), "NOT_RUNNING");
  if (account.cancel_at) throw conflict(t("billing.api.alreadyCancelled"), "ALREADY_CANCELLED");
  const nowIso = now.toISOString();
  const cancelAt = cancellationTakesEffect(now, new Date(account.period_end)).toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("billing_accounts")
      .set({ cancel_at: cancelAt, cancelled_at: nowIso, updated_at: nowIso })
      .where("id", "=", account.id)
      .where("cancel_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw conflict(t("billing.api.alreadyCancelled"), "ALREADY_CANCELLED");
    await queueNotice(trx, {
      key: `subscriptionCancelled:${account.id}:${nowIso}`,
      kind: "subscriptionCancelled",
      userId,
      email,
      site: isSiteId(account.site) ? account.site : DEFAULT_SITE_ID,
      billingAccountId: account.id,
      now,
    });
  });
  await announceBillingChange(db, state.payer);
  return subscriptionStatusOf(db, await billingStateOf(db, userId, now), site, now);
}

/** POST /users/resume-subscription: a cancelled subscription renews again, while it still runs (after its end: accept again). */
export async function resumeSubscription(db: Kysely<Database>, userId: number, site: SiteId, now: Date) {
  const state = await billingStateOf(db, userId, now);
  assertCanManage(state, site);
  const t = serverTranslator(site);
  const account = state.payer.account;
  if (!account || account.status !== "active") throw conflict(t("billing.api.notRunning"), "NOT_RUNNING");
  if (!account.cancel_at) throw conflict(t("billing.api.notCancelled"), "NOT_CANCELLED");
  const nowIso = now.toISOString();
  const updated = await db
    .updateTable("billing_accounts")
    .set({ cancel_at: null, cancelled_at: null, updated_at: nowIso })
    .where("id", "=", account.id)
    .where("status", "=", "active")
    .where("cancel_at", ">", nowIso)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw conflict(t("billing.api.resumeEnded"), "SUBSCRIPTION_ENDED");
  await announceBillingChange(db, state.payer);
  return subscriptionStatusOf(db, await billingStateOf(db, userId, now), site, now);
}

/** GET /users/block-status. */
export async function blockStatusOf(db: Kysely<Database>, userId: number, now: Date): Promise<BlockStatusDto> {
  const state = await billingStateOf(db, userId, now);
  const [invoice, owner] = await Promise.all([
    state.overdueInvoiceId ? db.selectFrom("invoices").selectAll().where("id", "=", state.overdueInvoiceId).executeTakeFirst() : undefined,
    state.payer.organisation
      ? db.selectFrom("users").select("name").where("id", "=", state.payer.organisation.owner_id).executeTakeFirst()
      : undefined,
  ]);
  return {
    blocked: state.blocked,
    status: state.status,
    reason: state.reason,
    invoice: invoice
      ? { id: invoice.id, number: invoice.number, dueAt: invoice.due_at, total: invoice.total, currency: invoice.currency }
      : null,
    canManage: state.canManage,
    ownerName: owner?.name ?? null,
    staffReason: state.staffBlockReason,
  };
}

/** Days or fewer of trial left without a subscription when the reminder shows. */
export const TRIAL_ENDING_REMINDER_DAYS = 3;

/**
 * GET /users/shouldShowInvoiceReminder: trialEnding in the last three days of a trial without a
 * subscription; invoiceOverdue when a payer's invoice is past its due date but not yet blocking.
 */
export async function invoiceReminderOf(db: Kysely<Database>, userId: number, now: Date): Promise<InvoiceReminderDto> {
  const state = await billingStateOf(db, userId, now);
  const base = { trialDaysLeft: state.trialDaysLeft };
  if (!state.blocked && state.payer.account) {
    const overdue = await db
      .selectFrom("invoices")
      .selectAll()
      .where("billing_account_id", "=", state.payer.account.id)
      .where("status", "in", OPEN_STATUSES)
      .where("due_at", "<", now.toISOString())
      .orderBy("due_at")
      .executeTakeFirst();
    if (overdue) return { ...base, shouldShow: true, reason: "invoiceOverdue", invoice: invoiceDto(overdue) };
  }
  if (state.status === "trial" && state.trialDaysLeft !== false && state.trialDaysLeft <= TRIAL_ENDING_REMINDER_DAYS) {
    return { ...base, shouldShow: true, reason: "trialEnding", invoice: null };
  }
  return { ...base, shouldShow: false, reason: null, invoice: null };
}

/**
 * GET /users/invoices: the payer's invoices for the owner and administrators (a member is refused), and
 * the invoices of the user's own account from before they joined, newest first.
 */
export async function invoicesOf(db: Kysely<Database>, userId: number, site: SiteId, now: Date): Promise<InvoiceDto[]> {
  const state = await billingStateOf(db, userId, now);
  if (!state.canManage) throw new ApiError(403, serverTranslator(site)("billing.api.invoicesForbidden"));
  const accountIds = [state.payer.account?.id, state.payer.personalAccount?.id].filter((id): id is number => id !== undefined);
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom("invoices")
    .selectAll()
    .where("billing_account_id", "in", accountIds)
    .orderBy("issued_at", "desc")
    .orderBy("number", "desc")
    .execute();
  const credited = rows.filter((row) => row.status === "credited").map((row) => row.id);
  const notes = credited.length
    ? await db.selectFrom("credit_notes").select(["invoice_id", "number", "issued_at"]).where("invoice_id", "in", credited).execute()
    : [];
  const noteOf = new Map(notes.map((note) => [note.invoice_id, note]));
  return rows.map((row) => invoiceDtoWithCreditNote(row, noteOf.get(row.id) ?? null));
}

import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db";
import { OPEN_STATUSES, type BillingAccountsTable } from "../db/schema";
import { may, roleOf, type OrganisationRole } from "@/lib/organisation-roles";
import { addDays, BLOCK_GRACE_DAYS, trialDaysLeft, trialEnd } from "@/lib/billing/pricing";
import type { BlockReason, SubscriptionStatus } from "@/lib/schemas/billing";
import type { SiteId } from "@/sites/registry";

export type BillingAccountRow = Selectable<BillingAccountsTable>;

/** Who pays for a user (issue 31): their organisation, or they themselves when in none. */
export interface Payer {
  userId: number;
  organisation: { id: number; name: string; owner_id: number } | null;
  role: OrganisationRole | null;
  /** The payer's billing account, if one was made (invoice details given or payment accepted). */
  account: BillingAccountRow | undefined;
  /** The user's own account while they are in an organisation (a subscription they paid before joining). */
  personalAccount: BillingAccountRow | undefined;
}

export interface BillingState {
  payer: Payer;
  trialDaysLeft: number | false;
  trialEndsAt: Date | null;
  /** An active subscription covers the user (their organisation's or their own). */
  covered: boolean;
  blocked: boolean;
  reason: BlockReason | null;
  /** The oldest unpaid invoice past its due date and grace (reason invoiceOverdue). */
  overdueInvoiceId: number | null;
  status: SubscriptionStatus;
  /** May give invoice details, accept payment, cancel and resume (permission table's manageBilling). */
  canManage: boolean;
  /** For reason staff: the reason staff gave (issue 32), shown to the customer. */
  staffBlockReason: string | null;
}

export async function payerOf(db: Kysely<Database>, userId: number): Promise<Payer> {
  const membership = await db
    .selectFrom("organisation_members")
    .innerJoin("organisations", "organisations.id", "organisation_members.organisation_id")
    .select(["organisations.id", "organisations.name", "organisations.owner_id", "organisation_members.is_admin"])
    .where("organisation_members.user_id", "=", userId)
    .executeTakeFirst();
  const accounts = await db
    .selectFrom("billing_accounts")
    .selectAll()
    .where((eb) => eb.or([eb("user_id", "=", userId), ...(membership ? [eb("organisation_id", "=", membership.id)] : [])]))
    .execute();
  const personalAccount = accounts.find((a) => a.user_id === userId);
  if (!membership) return { userId, organisation: null, role: null, account: personalAccount, personalAccount: undefined };
  return {
    userId,
    organisation: { id: membership.id, name: membership.name, owner_id: membership.owner_id },
    role: roleOf(userId, membership, membership),
    account: accounts.find((a) => a.organisation_id === membership.id),
    personalAccount,
  };
}

/** Whether a subscription is running: accepted, and not past a cancellation's end. A renewal due is still running. */
export function isCovering(account: BillingAccountRow | undefined, now: Date): boolean {
  if (!account || account.status !== "active") return false;
  return !account.cancel_at || now.getTime() < Date.parse(account.cancel_at);
}

/** What a user's billing state is worked out from (billingStateOf, or billingStatesOf for a page of users). */
export interface BillingFacts {
  payer: Payer;
  user: { first_login_at: string | null; is_admin: number; staff_block_reason: string | null } | undefined;
  /** The payer's oldest invoice unpaid past its due date and BLOCK_GRACE_DAYS, if any. */
  overdueInvoiceId: number | null;
}

/**
 * The user's billing state now, worked out from the facts rather than stored, so that accepting
 * payment or recording one lifts a block on the next request, and a trial ends at its minute:
 * 0. a block set by staff in the admin area (issue 32) blocks whatever else holds (staff), until lifted;
 * 1. an invoice of the payer unpaid past its due date and BLOCK_GRACE_DAYS blocks (invoiceOverdue);
 * 2. else an active subscription (the organisation's, or the user's own) covers the user;
 * 3. else the user's own 14-day trial from the first login; once over, blocked (trialEnded, or
 *    subscriptionEnded when the payer had a subscription that ended). Staff (is_admin) are never blocked
 *    by a trial: they run the admin area.
 */
export function stateFromFacts({ payer, user, overdueInvoiceId }: BillingFacts, now: Date): BillingState {
  const firstLogin = user?.first_login_at ? new Date(user.first_login_at) : null;
  const daysLeft = trialDaysLeft(firstLogin, now);
  const canManage = payer.organisation ? may(payer.role, "manageBilling") : true;
  const base = { payer, trialDaysLeft: daysLeft, trialEndsAt: firstLogin ? trialEnd(firstLogin) : null, canManage, staffBlockReason: null };
  const covering = [payer.account, payer.personalAccount].find((a) => isCovering(a, now));

  if (user?.staff_block_reason)
    return {
      ...base,
      covered: false,
      blocked: true,
      reason: "staff",
      overdueInvoiceId: null,
      status: "blocked",
      staffBlockReason: user.staff_block_reason,
    };
  if (overdueInvoiceId !== null)
    return {
      ...base,
      covered: false,
      blocked: true,
      reason: "invoiceOverdue",
      overdueInvoiceId,
      status: "blocked",
    };
  const open = { ...base, covered: true, blocked: false, reason: null, overdueInvoiceId: null };
  // Staff run the product (its admin area, the sign catalogue): their own trial never blocks them.
  if (user?.is_admin === 1) return { ...open, status: "active" };
  if (covering) return { ...open, status: covering.cancel_at ? "cancelled" : "active" };
  if (daysLeft === false) {
    const reason: BlockReason = payer.account?.accepted_at ? "subscriptionEnded" : "trialEnded";
    return { ...base, covered: false, blocked: true, reason, overdueInvoiceId: null, status: "blocked" };
  }
  return { ...open, covered: false, status: "trial" };
}

const USER_FACTS = ["id", "first_login_at", "is_admin", "staff_block_reason"] as const;

function overdueQuery(db: Kysely<Database>, accountIds: number[], now: Date) {
  return db
    .selectFrom("invoices")
    .select(["id", "billing_account_id"])
    .where("billing_account_id", "in", accountIds)
    .where("status", "in", OPEN_STATUSES)
    .where("due_at", "<=", addDays(now, -BLOCK_GRACE_DAYS).toISOString())
    .orderBy("due_at")
    .orderBy("id");
}

/** The user's billing state now (stateFromFacts on the user's facts). */
export async function billingStateOf(db: Kysely<Database>, userId: number, now: Date): Promise<BillingState> {
  const [payer, user] = await Promise.all([
    payerOf(db, userId),
    db.selectFrom("users").select(USER_FACTS).where("id", "=", userId).executeTakeFirst(),
  ]);
  const overdue = payer.account ? await overdueQuery(db, [payer.account.id], now).executeTakeFirst() : undefined;
  return stateFromFacts({ payer, user, overdueInvoiceId: overdue?.id ?? null }, now);
}

/**
 * The billing states of many users at once (the admin's customer list): the same facts as
 * billingStateOf, read for the whole page in four queries rather than per user.
 */
export async function billingStatesOf(db: Kysely<Database>, userIds: number[], now: Date): Promise<Map<number, BillingState>> {
  const states = new Map<number, BillingState>();
  if (userIds.length === 0) return states;
  const [users, memberships] = await Promise.all([
    db.selectFrom("users").select(USER_FACTS).where("id", "in", userIds).execute(),
    db
      .selectFrom("organisation_members")
      .innerJoin("organisations", "organisations.id", "organisation_members.organisation_id")
      .select([
        "organisation_members.user_id",
        "organisations.id",
        "organisations.name",
        "organisations.owner_id",
        "organisation_members.is_admin",
      ])
      .where("organisation_members.user_id", "in", userIds)
      .execute(),
  ]);
  const orgIds = [...new Set(memberships.map((m) => m.id))];
  const accounts = await db
    .selectFrom("billing_accounts")
    .selectAll()
    .where((eb) => eb.or([eb("user_id", "in", userIds), ...(orgIds.length ? [eb("organisation_id", "in", orgIds)] : [])]))
    .execute();
  const overdue = accounts.length
    ? await overdueQuery(
        db,
        accounts.map((a) => a.id),
        now,
      ).execute()
    : [];
  const firstOverdue = new Map<number, number>();
  for (const row of overdue) if (!firstOverdue.has(row.billing_account_id)) firstOverdue.set(row.billing_account_id, row.id);
  for (const user of users) {
    const membership = memberships.find((m) => m.user_id === user.id);
    const personal = accounts.find((a) => a.user_id === user.id);
    const payer: Payer = membership
      ? {
          userId: user.id,
          organisation: { id: membership.id, name: membership.name, owner_id: membership.owner_id },
          role: roleOf(user.id, membership, membership),
          account: accounts.find((a) => a.organisation_id === membership.id),
          personalAccount: personal,
        }
      : { userId: user.id, organisation: null, role: null, account: personal, personalAccount: undefined };
    const overdueInvoiceId = payer.account ? (firstOverdue.get(payer.account.id) ?? null) : null;
    states.set(user.id, stateFromFacts({ payer, user, overdueInvoiceId }, now));
  }
  return states;
}

/**
 * The payer's billing account, made on first need (invoice details given, payment accepted) with the
 * site it was made on. Safe when two requests make it at once: the unique column keeps one row.
 */
export async function ensureAccount(db: Kysely<Database>, payer: Payer, site: SiteId, now: Date): Promise<BillingAccountRow> {
  if (payer.account) return payer.account;
  const nowIso = now.toISOString();
  const owner = payer.organisation ? { organisation_id: payer.organisation.id } : { user_id: payer.userId };
  await db
    .insertInto("billing_accounts")
    .values({ ...owner, site, created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.column(payer.organisation ? "organisation_id" : "user_id").doNothing())
    .execute();
  const query = db.selectFrom("billing_accounts").selectAll();
  return payer.organisation
    ? query.where("organisation_id", "=", payer.organisation.id).executeTakeFirstOrThrow()
    : query.where("user_id", "=", payer.userId).executeTakeFirstOrThrow();
}

/** The number of seats an account's payer has now: the organisation's members (owner included), or 1. */
export async function memberCount(db: Kysely<Database>, account: Pick<BillingAccountRow, "organisation_id">): Promise<number> {
  if (account.organisation_id === null) return 1;
  const row = await db
    .selectFrom("organisation_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organisation_id", "=", account.organisation_id)
    .executeTakeFirstOrThrow();
  return Math.max(1, Number(row.n));
}

/** Who is mailed about an account: the organisation's owner, or the account's user. */
export async function payerOwnerOf(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom("billing_accounts")
    .leftJoin("organisations", "organisations.id", "billing_accounts.organisation_id")
    .innerJoin("users", (join) =>
      join.on((eb) =>
        eb.or([
          eb("users.id", "=", eb.ref("organisations.owner_id")),
          eb.and([eb("billing_accounts.organisation_id", "is", null), eb("users.id", "=", eb.ref("billing_accounts.user_id"))]),
        ]),
      ),
    )
    .select(["users.id", "users.email", "users.registered_site", "billing_accounts.site"])
    .where("billing_accounts.id", "=", accountId)
    .executeTakeFirst();
}

import "server-only";
import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db";
import { log } from "../log";
import { emitBillingStatusChanged } from "../realtime/emitter";
import { issueInvoice, type IssueInvoiceInput } from "./invoices";
import { OPEN_STATUSES } from "../db/schema";
import { queueNotice, type BillingNoticeKind } from "./notices";
import { billingStateOf, memberCount, payerOwnerOf, type BillingAccountRow } from "./state";
import { siteDay } from "@/lib/billing/dates";
import { addDays, addYear, BLOCK_GRACE_DAYS, daysBetween, seatLines, subscriptionLines, TRIAL_DAYS } from "@/lib/billing/pricing";
import type { InvoiceBuyer } from "@/lib/schemas/billing";
import { DEFAULT_SITE_ID, isSiteId, type SiteId } from "@/sites/registry";

/**
 * The daily billing job (issue 31): renewals, ends of cancelled subscriptions, added seats, overdue
 * invoices, blocks and trial reminders, in that order. Every action is keyed (an invoice's dedupe key,
 * a notice's key, a status changed only from the status it had), so running it again on the same day
 * changes nothing. On PostgreSQL one process at a time runs it (a session advisory lock held on one
 * connection for the run); on SQLite one process owns the file, and an in-process guard keeps one run.
 */
export interface JobSummary {
  /** The run's day, YYYY-MM-DD in UTC (billing_job_runs.day). */
  day: string;
  /** Another run held the lock: this one did nothing. */
  skipped: boolean;
  renewals: number;
  ended: number;
  seatInvoices: number;
  overdue: number;
  blocked: number;
  reminders: number;
  /** The real time (not `now`) the run held the job, for the log and for proving runs never overlap; null when skipped. */
  ran: { from: string; to: string } | null;
}

type Counts = Omit<JobSummary, "day" | "skipped" | "ran">;
const COUNT_KEYS = ["renewals", "ended", "seatInvoices", "overdue", "blocked", "reminders"] as const satisfies ReadonlyArray<keyof Counts>;

/** pg_try_advisory_lock's key for the job ("B31" + 1), the same in every process on the database. */
const PG_LOCK_KEY = 4_233_101;
/** Block candidates are looked for since the previous run, and at least this far back. */
const LOOKBACK_DAYS = 2;
/** A renewal catches up at most this many missed years in one run (a server that was off). */
const MAX_RENEWALS_PER_ACCOUNT = 5;

const guard = globalThis as typeof globalThis & { __planBillingJob?: Promise<JobSummary> };

export function jobDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function emptyCounts(): Counts {
  return { renewals: 0, ended: 0, seatInvoices: 0, overdue: 0, blocked: 0, reminders: 0 };
}

/** Runs the job once at `now`, unless a run is under way here or (PostgreSQL) in another process. */
export async function runBillingJob(db: Kysely<Database>, now: Date): Promise<JobSummary> {
  if (guard.__planBillingJob) {
    log.info("billing", "job: a run is under way in this process; skipped");
    return { day: jobDay(now), skipped: true, ...emptyCounts(), ran: null };
  }
  const run = (async () => {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return runSteps(db, now);
    return db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PG_LOCK_KEY}) as locked`.execute(conn);
      if (!rows[0]?.locked) {
        log.info("billing", "job: another process holds the lock; skipped");
        return { day: jobDay(now), skipped: true, ...emptyCounts(), ran: null };
      }
      try {
        return await runSteps(db, now);
      } finally {
        await sql`select pg_advisory_unlock(${PG_LOCK_KEY})`.execute(conn);
      }
    });
  })();
  guard.__planBillingJob = run;
  try {
    return await run;
  } finally {
    guard.__planBillingJob = undefined;
  }
}

async function runSteps(db: Kysely<Database>, now: Date): Promise<JobSummary> {
  const from = new Date().toISOString();
  const day = jobDay(now);
  const nowIso = now.toISOString();
  const since = await lookbackStart(db, now);
  await db
    .insertInto("billing_job_runs")
    .values({ day, started_at: nowIso })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  log.info("billing", `job ${day}: started at ${nowIso}`);

  const counts = emptyCounts();
  const changed = new Set<number>();
  counts.renewals = await renewals(db, now);
  counts.ended = await ends(db, now, changed);
  counts.seatInvoices = await addedSeats(db, now);
  counts.overdue = await overdueInvoices(db, now);
  counts.blocked = await blocks(db, now, since, changed);
  counts.reminders = await trialReminders(db, now);
  emitBillingStatusChanged([...changed]);

  // The day's row sums the day's runs: a second run adds nothing.
  const previous = await db.selectFrom("billing_job_runs").select("summary").where("day", "=", day).executeTakeFirst();
  const before = previous?.summary ? (JSON.parse(previous.summary) as Partial<Counts>) : {};
  const total = Object.fromEntries(COUNT_KEYS.map((k) => [k, (before[k] ?? 0) + counts[k]])) as Counts;
  await db
    .updateTable("billing_job_runs")
    .set({ finished_at: new Date(Math.max(Date.now(), now.getTime())).toISOString(), summary: JSON.stringify(total) })
    .where("day", "=", day)
    .execute();
  log.info("billing", `job ${day}: done ${COUNT_KEYS.map((k) => `${k}=${counts[k]}`).join(" ")}`);
  return { day, skipped: false, ...counts, ran: { from, to: new Date().toISOString() } };
}

/** The earlier of the previous finished run's start and LOOKBACK_DAYS ago. */
async function lookbackStart(db: Kysely<Database>, now: Date): Promise<Date> {
  const floor = addDays(now, -LOOKBACK_DAYS);
  const previous = await db
    .selectFrom("billing_job_runs")
    .select((eb) => eb.fn.max("started_at").as("at"))
    .where("finished_at", "is not", null)
    .where("day", "<", jobDay(now))
    .executeTakeFirst();
  const at = previous?.at ? new Date(previous.at) : null;
  return at && at < floor ? at : floor;
}

/** The buyer printed on an account's invoices: its invoice details now, else the last invoice's. */
async function buyerOf(db: Kysely<Database>, accountId: number): Promise<InvoiceBuyer | null> {
  const d = await db.selectFrom("invoice_details").selectAll().where("billing_account_id", "=", accountId).executeTakeFirst();
  if (d) {
    return {
      isCompany: d.is_company === 1,
      companyName: d.company_name,
      cvrNumber: d.cvr_number,
      sendEInvoice: d.send_e_invoice === 1,
      name: d.name,
      address: d.address,
      zip: d.zip,
      city: d.city,
      country: d.country,
      invoiceEmail: d.invoice_email,
      reference: d.reference,
      eanNumber: d.ean_number,
    };
  }
  const last = await db
    .selectFrom("invoices")
    .select("buyer")
    .where("billing_account_id", "=", accountId)
    .orderBy("number", "desc")
    .executeTakeFirst();
  return last ? (JSON.parse(last.buyer) as InvoiceBuyer) : null;
}

function accountSite(account: Pick<BillingAccountRow, "site">): SiteId {
  return isSiteId(account.site) ? account.site : DEFAULT_SITE_ID;
}

/**
 * Issues the job's invoice and changes the account in one transaction (both or neither), logging a new
 * invoice. Answers whether it was new (false: its dedupe key was issued before).
 */
async function issueWith(
  db: Kysely<Database>,
  input: Omit<IssueInvoiceInput, "createdBy" | "now">,
  now: Date,
  change: (trx: Kysely<Database>) => Promise<unknown>,
  describe: (invoiceNumber: number) => string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { invoice, created } = await issueInvoice(trx, { ...input, createdBy: null, now });
    await change(trx);
    if (created) log.info("billing", describe(invoice.number));
    return created;
  });
}

/** 1. Active accounts at or past their period's end, not cancelled for that date: the next year is invoiced. */
async function renewals(db: Kysely<Database>, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom("billing_accounts")
    .selectAll()
    .where("status", "=", "active")
    .where("period_end", "<=", nowIso)
    .where((eb) => eb.or([eb("cancel_at", "is", null), eb("cancel_at", ">", eb.ref("period_end"))]))
    .execute();
  let issued = 0;
  for (const first of due) {
    let account = first;
    for (let i = 0; i < MAX_RENEWALS_PER_ACCOUNT && account.period_end && account.period_end <= nowIso; i++) {
      if (account.cancel_at && account.cancel_at <= account.period_end) break;
      const buyer = await buyerOf(db, account.id);
      if (!buyer) {
        log.error("billing", `renewal of account ${account.id}: no invoice details nor earlier invoice; not renewed`);
        break;
      }
      const start = new Date(account.period_end);
      const end = addYear(start);
      const seats = await memberCount(db, account);
      const current = account;
      const created = await issueWith(
        db,
        {
          account: current,
          dedupeKey: `renewal:${current.id}:${start.toISOString()}`,
          kind: "renewal",
          lines: subscriptionLines(accountSite(current), seats),
          userCount: seats,
          periodStart: start,
          periodEnd: end,
          buyer,
        },
        now,
        // Only from the period it had: a second run (or a crash between) never moves it twice.
        (trx) =>
          trx
            .updateTable("billing_accounts")
            .set({ period_start: start.toISOString(), period_end: end.toISOString(), seats, updated_at: nowIso })
            .where("id", "=", current.id)
            .where("period_end", "=", current.period_end)
            .execute(),
        (number) => `renewal: invoice ${number} for account ${current.id}, ${seats} seats, ${start.toISOString()}`,
      );
      if (created) issued++;
      account = await db.selectFrom("billing_accounts").selectAll().where("id", "=", current.id).executeTakeFirstOrThrow();
    }
  }
  return issued;
}

/** The users an account pays for: its organisation's members, or its user. */
async function usersOf(db: Kysely<Database>, account: Pick<BillingAccountRow, "organisation_id" | "user_id">): Promise<number[]> {
  if (account.organisation_id !== null) {
    const rows = await db
      .selectFrom("organisation_members")
      .select("user_id")
      .where("organisation_id", "=", account.organisation_id)
      .execute();
    return rows.map((r) => r.user_id);
  }
  return account.user_id === null ? [] : [account.user_id];
}

/** 2. Active accounts whose cancellation has taken effect end. */
async function ends(db: Kysely<Database>, now: Date, changed: Set<number>): Promise<number> {
  const nowIso = now.toISOString();
  const ending = await db
    .updateTable("billing_accounts")
    .set({ status: "ended", updated_at: nowIso })
    .where("status", "=", "active")
    .where("cancel_at", "<=", nowIso)
    .returning(["id", "organisation_id", "user_id", "cancel_at"])
    .execute();
  for (const account of ending) {
    log.info("billing", `end: account ${account.id}'s subscription ended at ${account.cancel_at}`);
    for (const userId of await usersOf(db, account)) changed.add(userId);
  }
  return ending.length;
}

/** 3. Organisations with more members than paid seats: the added seats for the rest of the period. */
async function addedSeats(db: Kysely<Database>, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const accounts = await db
    .selectFrom("billing_accounts")
    .selectAll()
    .where("status", "=", "active")
    .where("organisation_id", "is not", null)
    .where("period_start", "is not", null)
    .where("period_end", ">", nowIso)
    .where((eb) => eb.or([eb("cancel_at", "is", null), eb("cancel_at", ">", nowIso)]))
    .execute();
  let issued = 0;
  for (const account of accounts) {
    const members = await memberCount(db, account);
    if (members <= account.seats) continue;
    const buyer = await buyerOf(db, account.id);
    if (!buyer) {
      log.error("billing", `seats of account ${account.id}: no invoice details nor earlier invoice; not invoiced`);
      continue;
    }
    const start = new Date(account.period_start!);
    const end = new Date(account.period_end!);
    const added = members - account.seats;
    const created = await issueWith(
      db,
      {
        account,
        dedupeKey: `seats:${account.id}:${start.toISOString()}:${members}`,
        kind: "seats",
        lines: seatLines(accountSite(account), added, daysBetween(now, end), daysBetween(start, end)),
        userCount: added,
        periodStart: now,
        periodEnd: end,
        buyer,
      },
      now,
      (trx) =>
        trx
          .updateTable("billing_accounts")
          .set({ seats: members, updated_at: nowIso })
          .where("id", "=", account.id)
          .where("seats", "=", account.seats)
          .execute(),
      (number) => `seats: invoice ${number} for account ${account.id}, ${added} added (${members} in all)`,
    );
    if (created) issued++;
  }
  return issued;
}

function recipientSite(user: { registered_site: string | null }, fallback: string): SiteId {
  if (user.registered_site && isSiteId(user.registered_site)) return user.registered_site;
  return isSiteId(fallback) ? fallback : DEFAULT_SITE_ID;
}

/** Queues a notice with its mail in one transaction: either both are there, or neither. */
function notify(db: Kysely<Database>, notice: Parameters<typeof queueNotice>[1]): Promise<boolean> {
  return db.transaction().execute((trx) => queueNotice(trx, notice));
}

/** 4. Pending invoices past their due date become overdue; the payer's owner is told once. */
async function overdueInvoices(db: Kysely<Database>, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const late = await db
    .selectFrom("invoices")
    .select(["id", "number", "billing_account_id"])
    .where("status", "=", "pending")
    .where("due_at", "<", nowIso)
    .execute();
  let marked = 0;
  for (const invoice of late) {
    const owner = await payerOwnerOf(db, invoice.billing_account_id);
    const changedNow = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("invoices")
        .set({ status: "overdue" })
        .where("id", "=", invoice.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (owner) {
        await queueNotice(trx, {
          key: `invoiceOverdue:invoice:${invoice.id}`,
          kind: "invoiceOverdue",
          userId: owner.id,
          email: owner.email,
          site: recipientSite(owner, owner.site),
          billingAccountId: invoice.billing_account_id,
          invoiceId: invoice.id,
          now,
        });
      }
      return Number(updated.numUpdatedRows) > 0;
    });
    if (changedNow) {
      marked++;
      log.info("billing", `overdue: invoice ${invoice.number} (account ${invoice.billing_account_id})`);
    }
  }
  return marked;
}

/**
 * 5. Users newly blocked, found from what changed since the previous run (at least LOOKBACK_DAYS
 * back): trials that ended, subscriptions that ended, invoices that crossed the grace. Each is told once
 * per block (the key names the reason and the day it began) and hears billingStatusChanged.
 */
async function blocks(db: Kysely<Database>, now: Date, since: Date, changed: Set<number>): Promise<number> {
  const nowIso = now.toISOString();
  const trialWindow = [addDays(since, -TRIAL_DAYS).toISOString(), addDays(now, -TRIAL_DAYS).toISOString()] as const;
  const graceWindow = [addDays(since, -BLOCK_GRACE_DAYS).toISOString(), addDays(now, -BLOCK_GRACE_DAYS).toISOString()] as const;
  const [trials, endedAccounts, lateAccounts] = await Promise.all([
    db
      .selectFrom("users")
      .select("id")
      .where("first_login_at", ">", trialWindow[0])
      .where("first_login_at", "<=", trialWindow[1])
      .execute(),
    db
      .selectFrom("billing_accounts")
      .select(["organisation_id", "user_id"])
      .where("status", "=", "ended")
      .where("cancel_at", ">", since.toISOString())
      .where("cancel_at", "<=", nowIso)
      .execute(),
    db
      .selectFrom("invoices")
      .innerJoin("billing_accounts", "billing_accounts.id", "invoices.billing_account_id")
      .select(["billing_accounts.organisation_id", "billing_accounts.user_id"])
      .distinct()
      .where("invoices.status", "in", OPEN_STATUSES)
      .where("invoices.due_at", ">", graceWindow[0])
      .where("invoices.due_at", "<=", graceWindow[1])
      .execute(),
  ]);
  const candidates = new Set(trials.map((u) => u.id));
  for (const account of [...endedAccounts, ...lateAccounts]) for (const id of await usersOf(db, account)) candidates.add(id);

  let blocked = 0;
  for (const userId of [...candidates].sort((a, b) => a - b)) {
    const state = await billingStateOf(db, userId, now);
    // A block by staff is theirs to tell the customer about (issue 32): no notice mail.
    if (!state.blocked || !state.reason || state.reason === "staff") continue;
    const began = await blockBegan(db, state, now);
    const user = await db.selectFrom("users").select(["email", "registered_site"]).where("id", "=", userId).executeTakeFirstOrThrow();
    const queued = await notify(db, {
      key: `blocked:user:${userId}:${state.reason}:${siteDay(began)}`,
      kind: "blocked",
      userId,
      email: user.email,
      site: recipientSite(user, state.payer.account?.site ?? DEFAULT_SITE_ID),
      billingAccountId: state.payer.account?.id ?? null,
      invoiceId: state.overdueInvoiceId,
      now,
    });
    if (queued) {
      blocked++;
      changed.add(userId);
      log.info("billing", `block: user ${userId} (${state.reason} since ${began.toISOString()})`);
    }
  }
  return blocked;
}

/** When a block began: the trial's end, the subscription's end (or the trial's, if later), or the grace's end. */
async function blockBegan(db: Kysely<Database>, state: Awaited<ReturnType<typeof billingStateOf>>, now: Date): Promise<Date> {
  if (state.reason === "invoiceOverdue" && state.overdueInvoiceId !== null) {
    const invoice = await db.selectFrom("invoices").select("due_at").where("id", "=", state.overdueInvoiceId).executeTakeFirstOrThrow();
    return addDays(new Date(invoice.due_at), BLOCK_GRACE_DAYS);
  }
  const trialEnd = state.trialEndsAt ?? now;
  const cancelAt = state.reason === "subscriptionEnded" && state.payer.account?.cancel_at ? new Date(state.payer.account.cancel_at) : null;
  return cancelAt && cancelAt > trialEnd ? cancelAt : trialEnd;
}

/** Which trial notice is due with `daysLeft` left: the day it ends, 3 days before, 7 days before. */
export function trialNoticeKind(trialEndsAt: Date, daysLeft: number, now: Date): BillingNoticeKind | null {
  if (siteDay(trialEndsAt) === siteDay(now)) return "trialEnds";
  if (daysLeft <= 3) return "trialReminder3";
  if (daysLeft <= 7) return "trialReminder7";
  return null;
}

/** 6. Users in the last 7 days of their trial and not covered by a subscription: the reminder due, once. */
async function trialReminders(db: Kysely<Database>, now: Date): Promise<number> {
  const users = await db
    .selectFrom("users")
    .select(["id", "email", "registered_site"])
    .where("first_login_at", ">", addDays(now, -TRIAL_DAYS).toISOString())
    .where("first_login_at", "<=", addDays(now, -7).toISOString())
    .execute();
  let sent = 0;
  for (const user of users) {
    const state = await billingStateOf(db, user.id, now);
    if (state.covered || state.blocked || state.trialDaysLeft === false || !state.trialEndsAt) continue;
    const kind = trialNoticeKind(state.trialEndsAt, state.trialDaysLeft, now);
    if (!kind) continue;
    const queued = await notify(db, {
      key: `${kind}:user:${user.id}`,
      kind,
      userId: user.id,
      email: user.email,
      site: recipientSite(user, state.payer.account?.site ?? DEFAULT_SITE_ID),
      billingAccountId: state.payer.account?.id ?? null,
      now,
    });
    if (queued) {
      sent++;
      log.info("billing", `reminder: ${kind} to user ${user.id} (trial ends ${state.trialEndsAt.toISOString()})`);
    }
  }
  return sent;
}

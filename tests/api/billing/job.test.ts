/**
 * The daily billing job (issue 31) with a clock the test controls: trial reminders and blocks, renewals,
 * a cancellation's end, seats added mid-period, overdue invoices and the grace, and the job run again
 * on the same day changing nothing. Each scene lives in its own year, so scenes do not meet.
 */
import { describe, expect, it, vi } from "vitest";
import { log } from "@/server/log";
import { getDb } from "@/server/db";
import { siteDay } from "@/lib/billing/dates";
import { runBillingJob } from "@/server/billing/job";
import { billingStateOf } from "@/server/billing/state";
import { addYear, BLOCK_GRACE_DAYS, invoiceTotals, PAYMENT_TERMS_DAYS, seatLines, subscriptionLines } from "@/lib/billing/pricing";
import { getConfig } from "@/server/config";
import { mailSettled } from "@/server/accounts/mail-queue";
import { outboxDir, readOutbox } from "@/server/mail/mailer";
import { mailsTo } from "../../support/mail";
import { account, addDays, heardStatusChanged, join, leave, noticesOf, organisation, subscriptionInvoice, user } from "./job-support";

const HOUR = 3600_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

async function run(now: Date) {
  const db = await getDb();
  const first = await runBillingJob(db, now);
  // Every run in these tests is made twice: the second must find nothing to do.
  const second = await runBillingJob(db, now);
  expect(second).toMatchObject({ skipped: false, renewals: 0, ended: 0, seatInvoices: 0, overdue: 0, blocked: 0, reminders: 0 });
  return first;
}

async function invoicesOf(accountId: number) {
  const db = await getDb();
  return db.selectFrom("invoices").selectAll().where("billing_account_id", "=", accountId).orderBy("number").execute();
}

async function accountRow(id: number) {
  const db = await getDb();
  return db.selectFrom("billing_accounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("trial reminders and the trial's end", () => {
  // The trial ends at 15:00 in Copenhagen on 20 January 2030.
  const end = new Date("2030-01-20T14:00:00Z");
  const firstLogin = addDays(end, -14);

  it("mails 7 and 3 days before and on the day, each once, then blocks and tells the user", async () => {
    const trial = await user({ firstLogin });
    const kinds = async () => (await noticesOf(trial.id)).map((n) => n.kind);

    await run(addDays(end, -8));
    expect(await kinds()).toEqual([]);
    await run(addDays(end, -7));
    expect(await kinds()).toEqual(["trialReminder7"]);
    await run(addDays(end, -4));
    expect(await kinds()).toEqual(["trialReminder7"]);
    await run(addDays(end, -3));
    expect(await kinds()).toEqual(["trialReminder7", "trialReminder3"]);
    await run(addDays(end, -1));
    expect(await kinds()).toEqual(["trialReminder7", "trialReminder3"]);
    // 09:00 in Copenhagen on the last day: the trial ends today.
    await run(at(end, -6 * HOUR));
    expect(await kinds()).toEqual(["trialReminder7", "trialReminder3", "trialEnds"]);

    const heard = await heardStatusChanged(async () => void (await run(at(end, HOUR))));
    expect(heard).toContain(trial.id);
    expect(await noticesOf(trial.id)).toEqual([
      { key: `trialReminder7:user:${trial.id}`, kind: "trialReminder7" },
      { key: `trialReminder3:user:${trial.id}`, kind: "trialReminder3" },
      { key: `trialEnds:user:${trial.id}`, kind: "trialEnds" },
      { key: `blocked:user:${trial.id}:trialEnded:2030-01-20`, kind: "blocked" },
    ]);
    // Days later nothing more is sent, and nobody hears of a change again.
    expect(await heardStatusChanged(async () => void (await run(addDays(end, 1))))).not.toContain(trial.id);
    expect(await kinds()).toHaveLength(4);

    const mails = await mailsTo(trial.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Din prøveperiode hos Skilteplanen slutter om 7 dage",
      "Din prøveperiode hos Skilteplanen slutter om 3 dage",
      "Din prøveperiode hos Skilteplanen slutter i dag",
      "Din bruger hos Skilteplanen er spærret for ændringer",
    ]);
    for (const mail of mails) {
      expect(mail.links.some((link) => link.endsWith("/organisation?tab=invoices"))).toBe(true);
      expect(mail.text).toContain("Skilteplanen");
    }
    expect(mails[0]!.text).toContain("20. januar 2030");
    expect(mails[3]!.text).toContain("Du kan stadig logge ind, åbne, se og eksportere dine planer");
  });

  it("speaks Swedish to a TA-planen user", async () => {
    const swede = await user({ firstLogin: addDays(firstLogin, 1), site: "ta-planen" });
    await run(addDays(end, -6));
    const [mail] = await mailsTo(swede.email);
    expect(mail?.subject).toBe("Din provperiod hos TA-planen slutar om 7 dagar");
    expect(mail?.text).toContain("21 januari 2030");
    expect(mail?.links.some((link) => link.endsWith("/organisation?tab=invoices"))).toBe(true);
  });

  it("sends nothing to a user who joined a paying organisation, and blocks nobody covered", async () => {
    const owner = await user({ firstLogin: addDays(firstLogin, -400) });
    const joiner = await user({ firstLogin });
    const org = await organisation(owner.id, [joiner.id]);
    await account({ organisationId: org }, { periodStart: addDays(end, -200), seats: 2 });
    for (const when of [addDays(end, -7), addDays(end, -3), at(end, -6 * HOUR), at(end, HOUR), addDays(end, 1)]) await run(when);
    expect(await noticesOf(joiner.id)).toEqual([]);
    expect(await noticesOf(owner.id)).toEqual([]);
    expect(await mailsTo(joiner.email)).toEqual([]);
  });
});

describe("renewals and a cancellation's end", () => {
  const start = new Date("2031-02-01T00:00:00Z");
  const renewal = addYear(start);

  it("renews on the day with the members counted then, moving the period and the seats in one go", async () => {
    const owner = await user({ firstLogin: addDays(start, -30) });
    const members = [await user(), await user()];
    const org = await organisation(
      owner.id,
      members.map((m) => m.id),
    );
    const acct = await account({ organisationId: org }, { periodStart: start, seats: 3 });
    const alone = await user({ firstLogin: addDays(start, -30) });
    const own = await account({ userId: alone.id }, { periodStart: start, seats: 1 });

    await run(at(renewal, -HOUR));
    expect(await invoicesOf(acct.id)).toEqual([]);
    await join(org, (await user()).id);

    const info = vi.spyOn(log, "info");
    await run(at(renewal, 3 * HOUR));
    const [invoice] = await invoicesOf(acct.id);
    // The job's actions are logged, each with what it did it to.
    const logged = info.mock.calls.map(([, message]) => message);
    info.mockRestore();
    expect(logged).toContain(`renewal: invoice ${invoice!.number} for account ${acct.id}, 4 seats, ${renewal.toISOString()}`);
    expect(logged.filter((m) => m.startsWith("job 2032-02-01: done"))).toHaveLength(2);
    expect(invoice).toMatchObject({
      kind: "renewal",
      dedupe_key: `renewal:${acct.id}:${renewal.toISOString()}`,
      period_start: renewal.toISOString(),
      period_end: addYear(renewal).toISOString(),
      user_count: 4,
      status: "pending",
      currency: "DKK",
    });
    const totals = invoiceTotals(subscriptionLines("skilteplanen", 4));
    expect([invoice!.subtotal, invoice!.vat_amount, invoice!.total]).toEqual([totals.subtotal, totals.vatAmount, totals.total]);
    expect(invoice!.subtotal).toBe(249_500 + 3 * 119_500);
    expect(invoice!.vat_amount).toBe(Math.round((249_500 + 3 * 119_500) / 4));
    expect(await accountRow(acct.id)).toMatchObject({
      status: "active",
      seats: 4,
      period_start: renewal.toISOString(),
      period_end: addYear(renewal).toISOString(),
    });
    const [personal] = await invoicesOf(own.id);
    expect(personal).toMatchObject({ kind: "renewal", user_count: 1, subtotal: 249_500, total: 311_875 });

    // The same day later, and the next day: nothing more.
    await run(at(renewal, 9 * HOUR));
    await run(addDays(renewal, 1));
    expect(await invoicesOf(acct.id)).toHaveLength(1);
    expect(await invoicesOf(own.id)).toHaveLength(1);
  });

  it("ends a subscription cancelled for the period's end instead of renewing it; its members are blocked unless in trial", async () => {
    const periodStart = new Date("2031-05-01T00:00:00Z");
    const periodEnd = addYear(periodStart);
    const owner = await user({ firstLogin: addDays(periodStart, -30) });
    const newcomer = await user({ firstLogin: addDays(periodEnd, -5) });
    const org = await organisation(owner.id, [newcomer.id]);
    const acct = await account({ organisationId: org }, { periodStart, seats: 2, cancelAt: periodEnd });

    await run(at(periodEnd, -HOUR));
    expect((await accountRow(acct.id)).status).toBe("active");
    const db = await getDb();
    expect((await billingStateOf(db, owner.id, at(periodEnd, -HOUR))).status).toBe("cancelled");

    const heard = await heardStatusChanged(async () => void (await run(at(periodEnd, 2 * HOUR))));
    expect(heard).toEqual(expect.arrayContaining([owner.id, newcomer.id]));
    expect(await invoicesOf(acct.id)).toEqual([]);
    expect((await accountRow(acct.id)).status).toBe("ended");
    expect(await noticesOf(owner.id)).toEqual([
      { key: `blocked:user:${owner.id}:subscriptionEnded:${siteDay(periodEnd)}`, kind: "blocked" },
    ]);
    // Still in their own trial: not blocked, so not told so.
    expect(await noticesOf(newcomer.id)).toEqual([]);
    expect((await billingStateOf(db, newcomer.id, at(periodEnd, 2 * HOUR))).status).toBe("trial");

    await run(addDays(periodEnd, 1));
    expect(await noticesOf(owner.id)).toHaveLength(1);
    const [mail] = await mailsTo(owner.email);
    expect(mail?.text).toContain("Abonnementet på Skilteplanen er ophørt.");
  });

  it("renews a subscription cancelled too late for this period, and ends it a year later", async () => {
    const periodStart = new Date("2031-08-01T00:00:00Z");
    const periodEnd = addYear(periodStart);
    const owner = await user({ firstLogin: addDays(periodStart, -30) });
    const acct = await account({ userId: owner.id }, { periodStart, seats: 1, cancelAt: addYear(periodEnd) });
    await run(at(periodEnd, HOUR));
    expect((await invoicesOf(acct.id)).map((i) => i.kind)).toEqual(["renewal"]);
    await run(at(addYear(periodEnd), HOUR));
    expect(await invoicesOf(acct.id)).toHaveLength(1);
    expect((await accountRow(acct.id)).status).toBe("ended");
  });
});

describe("seats added during a paid period", () => {
  const start = new Date("2032-03-01T00:00:00Z");

  it("invoices the added members for the days left, and a member who leaves frees a seat for the next", async () => {
    const owner = await user({ firstLogin: addDays(start, -30) });
    const first = await user();
    const org = await organisation(owner.id, [first.id]);
    const acct = await account({ organisationId: org }, { periodStart: start, seats: 2 });

    await run(at(addDays(start, 100), 3 * HOUR));
    expect(await invoicesOf(acct.id)).toEqual([]);

    const [a, b] = [await user(), await user()];
    await join(org, a.id);
    await join(org, b.id);
    // An invitation still pending is no seat.
    const db = await getDb();
    const now = at(addDays(start, 120), 3 * HOUR);
    await db
      .insertInto("organisation_invites")
      .values({
        organisation_id: org,
        email: "kommer@example.dk",
        invited_by: owner.id,
        created_at: now.toISOString(),
        expires_at: addDays(now, 7).toISOString(),
      })
      .execute();
    await run(now);

    const [invoice] = await invoicesOf(acct.id);
    // 365 days in the period, 245 left (a started day counts): 1,195 kr × 245 / 365 = 802.12 kr a seat.
    expect(seatLines("skilteplanen", 2, 245, 365)[0]!.amount).toBe(2 * 80_212);
    expect(invoice).toMatchObject({
      kind: "seats",
      dedupe_key: `seats:${acct.id}:${start.toISOString()}:4`,
      user_count: 2,
      subtotal: 160_424,
      vat_amount: 40_106,
      total: 200_530,
      period_end: addYear(start).toISOString(),
    });
    expect(JSON.parse(invoice!.lines)).toEqual([
      { item: "extraUserProrated", quantity: 2, unitPrice: 119_500, amount: 160_424, days: 245, periodDays: 365 },
    ]);
    expect((await accountRow(acct.id)).seats).toBe(4);

    // One leaves, another joins: the freed seat is reused, nothing to invoice.
    await leave(org, a.id);
    await join(org, (await user()).id);
    await run(addDays(now, 1));
    expect(await invoicesOf(acct.id)).toHaveLength(1);

    // One more: a seat invoice for one.
    await join(org, (await user()).id);
    await run(addDays(now, 2));
    const invoices = await invoicesOf(acct.id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({ kind: "seats", user_count: 1, dedupe_key: `seats:${acct.id}:${start.toISOString()}:5` });
    expect((await accountRow(acct.id)).seats).toBe(5);
  });
});

describe("overdue invoices and the grace before a block", () => {
  const issued = new Date("2033-06-01T08:00:00Z");
  const due = addDays(issued, PAYMENT_TERMS_DAYS);

  it("marks an invoice overdue and tells the owner, blocks everyone past the grace, and a payment ends it", async () => {
    const owner = await user({ firstLogin: addDays(issued, -30) });
    const member = await user({ firstLogin: addDays(issued, -30) });
    const org = await organisation(owner.id, [member.id]);
    const acct = await account({ organisationId: org }, { periodStart: issued, seats: 2 });
    const { invoice } = await subscriptionInvoice(acct, 2, issued);
    expect(invoice.due_at).toBe(due.toISOString());
    const db = await getDb();
    const status = async () =>
      (await db.selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow()).status;

    await run(at(due, -HOUR));
    expect(await status()).toBe("pending");

    await run(at(due, HOUR));
    expect(await status()).toBe("overdue");
    expect(await noticesOf(owner.id)).toEqual([{ key: `invoiceOverdue:invoice:${invoice.id}`, kind: "invoiceOverdue" }]);
    expect(await noticesOf(member.id)).toEqual([]);
    expect((await billingStateOf(db, member.id, at(due, HOUR))).blocked).toBe(false);
    const [overdueMail] = await mailsTo(owner.email);
    expect(overdueMail?.subject).toBe(`Faktura ${invoice.number} fra Skilteplanen er forfalden`);
    expect(overdueMail?.text).toContain("15. juni 2033");

    const graceEnds = addDays(due, BLOCK_GRACE_DAYS);
    await run(at(graceEnds, -HOUR));
    expect(await noticesOf(member.id)).toEqual([]);

    const heard = await heardStatusChanged(async () => void (await run(at(graceEnds, HOUR))));
    expect(heard).toEqual(expect.arrayContaining([owner.id, member.id]));
    for (const u of [owner, member]) {
      expect((await noticesOf(u.id)).filter((n) => n.kind === "blocked")).toEqual([
        { key: `blocked:user:${u.id}:invoiceOverdue:${siteDay(graceEnds)}`, kind: "blocked" },
      ]);
      expect((await billingStateOf(db, u.id, at(graceEnds, HOUR))).reason).toBe("invoiceOverdue");
    }

    // Staff record the payment: nobody is blocked, and later runs send nothing more.
    await db
      .updateTable("invoices")
      .set({ status: "paid", paid_at: at(graceEnds, 2 * HOUR).toISOString() })
      .where("id", "=", invoice.id)
      .execute();
    expect((await billingStateOf(db, member.id, at(graceEnds, 3 * HOUR))).blocked).toBe(false);
    await run(addDays(graceEnds, 1));
    expect(await noticesOf(owner.id)).toHaveLength(2);
    expect(await noticesOf(member.id)).toHaveLength(1);
  });
});

describe("the job run twice on one day", () => {
  const today = new Date("2034-09-10T02:00:00Z");

  async function mailsSent() {
    await mailSettled();
    return readOutbox(outboxDir(getConfig()));
  }

  async function snapshot() {
    const db = await getDb();
    return {
      invoices: await db.selectFrom("invoices").selectAll().orderBy("id").execute(),
      notices: await db.selectFrom("billing_notices").selectAll().orderBy("id").execute(),
      // Mail jobs are deleted once sent: what was sent is in the outbox.
      mails: (await mailsSent()).map((m) => `${m.to}: ${m.subject}`).sort(),
      accounts: await db.selectFrom("billing_accounts").selectAll().orderBy("id").execute(),
      counter: await db.selectFrom("invoice_counters").selectAll().execute(),
    };
  }

  it("changes nothing the second time: no invoice, notice, mail or status", async () => {
    // Something for every step: a renewal, an end, added seats, an overdue invoice, a block, a reminder.
    const renewing = await user({ firstLogin: addDays(today, -400) });
    await account({ userId: renewing.id }, { periodStart: addDays(addYear(today), -365 * 2), seats: 1 });
    const ending = await user({ firstLogin: addDays(today, -400) });
    await account({ userId: ending.id }, { periodStart: addDays(today, -365), seats: 1, cancelAt: addDays(today, -0.5) });
    const owner = await user({ firstLogin: addDays(today, -400) });
    const org = await organisation(owner.id, [(await user()).id, (await user()).id]);
    const acct = await account({ organisationId: org }, { periodStart: addDays(today, -100), seats: 1 });
    // Due 15.5 days ago: overdue, and past the grace since yesterday.
    await subscriptionInvoice(acct, 1, addDays(today, -PAYMENT_TERMS_DAYS - 15.5));
    const trial = await user({ firstLogin: addDays(today, -8) });

    const db = await getDb();
    const first = await runBillingJob(db, today);
    // Scenes of the tests before may add to the counts (their accounts renew in this year too).
    expect(first.skipped).toBe(false);
    for (const step of ["renewals", "ended", "seatInvoices", "overdue", "reminders"] as const)
      expect(first[step]).toBeGreaterThanOrEqual(1);
    expect(first.blocked).toBeGreaterThanOrEqual(4);
    expect((await noticesOf(owner.id)).map((n) => n.kind).sort()).toEqual(["blocked", "invoiceOverdue"]);
    expect((await noticesOf(ending.id)).map((n) => n.key)).toEqual([`blocked:user:${ending.id}:subscriptionEnded:2034-09-09`]);
    expect((await noticesOf(trial.id)).map((n) => n.kind)).toEqual(["trialReminder7"]);
    const before = await snapshot();

    for (const later of [today, at(today, 5 * HOUR), at(today, 21 * HOUR)]) {
      const again = await runBillingJob(db, later);
      expect(again).toMatchObject({
        day: "2034-09-10",
        skipped: false,
        renewals: 0,
        ended: 0,
        seatInvoices: 0,
        overdue: 0,
        blocked: 0,
        reminders: 0,
      });
    }
    expect(await snapshot()).toEqual(before);

    const day = await db.selectFrom("billing_job_runs").selectAll().where("day", "=", "2034-09-10").executeTakeFirstOrThrow();
    expect(day.finished_at).not.toBeNull();
    const { day: _day, skipped: _skipped, ran: _ran, ...counts } = first;
    expect(JSON.parse(day.summary!)).toEqual(counts);
  });

  it("runs once at a time in one process: a second call while one is under way does nothing", async () => {
    const db = await getDb();
    const results = await Promise.all([runBillingJob(db, addDays(today, 3)), runBillingJob(db, addDays(today, 3))]);
    expect(results.map((r) => r.skipped).sort()).toEqual([false, true]);
  });
});

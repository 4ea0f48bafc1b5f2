/**
 * Recorded payments (issue 32): recordPayment stores each payment, marks the invoice paid once the
 * payments cover its total (and so lifts the block it caused), says what remains after a partial one,
 * records a reference once, refuses a credited invoice and amounts beyond what is owed, and joins a
 * caller's transaction; the staff's mark-paid command takes an amount.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import * as blockStatus from "@/app/api/users/block-status/route";
import { recordPayment } from "@/server/billing/payments";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { heardStatusChanged } from "./job-support";
import { dueDaysAgo, subscribe } from "./support";

const run = promisify(execFile);
const root = path.join(import.meta.dirname, "../../..");
// The subscription of one user on skilteplanen, VAT included.
const TOTAL = 311_875;

async function invoiceOf(token: string) {
  return (await subscribe(token)).json.invoice as { id: number; number: number; amount: number };
}

const payments = async (invoiceId: number) =>
  (await getDb())
    .selectFrom("payments")
    .select(["paid_on", "amount", "reference"])
    .where("invoice_id", "=", invoiceId)
    .orderBy("id")
    .execute();

const statusOf = async (invoiceId: number) =>
  await (
    await getDb()
  )
    .selectFrom("invoices")
    .select(["status", "paid_at", "payment_reference"])
    .where("id", "=", invoiceId)
    .executeTakeFirstOrThrow();

describe("recordPayment", () => {
  it("leaves a partly paid invoice open with what remains, then marks it paid and lifts its block", async () => {
    const user = await createUser();
    const invoice = await invoiceOf(user.token);
    expect(invoice.amount).toBe(TOTAL);
    await dueDaysAgo(invoice.id, 20);
    const db = await getDb();
    await db.updateTable("invoices").set({ status: "overdue" }).where("id", "=", invoice.id).execute();
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "invoiceOverdue" });
    const now = new Date();

    let first!: Awaited<ReturnType<typeof recordPayment>>;
    expect(
      await heardStatusChanged(async () => {
        first = await recordPayment(db, {
          invoiceNumber: invoice.number,
          paidOn: "2026-12-01",
          amount: 100_000,
          reference: "Bank 1",
          recordedBy: user.id,
          now,
        });
      }),
    ).toEqual([]);
    expect(first).toMatchObject({ outcome: "partial", amount: 100_000, remaining: TOTAL - 100_000, invoice: { status: "overdue" } });
    expect((await statusOf(invoice.id)).status).toBe("overdue");
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "invoiceOverdue" });

    let rest!: Awaited<ReturnType<typeof recordPayment>>;
    // The payer is told when the invoice is paid in full (not for the partial payment above).
    expect(
      await heardStatusChanged(async () => {
        rest = await recordPayment(db, {
          invoiceNumber: invoice.number,
          paidOn: "2026-12-04",
          reference: "Bank 2",
          recordedBy: user.id,
          now,
        });
      }),
    ).toEqual([user.id]);
    expect(rest).toMatchObject({ outcome: "paid", amount: TOTAL - 100_000, remaining: 0, invoice: { status: "paid" } });
    expect(await statusOf(invoice.id)).toEqual({ status: "paid", paid_at: "2026-12-04T12:00:00.000Z", payment_reference: "Bank 2" });
    expect(await payments(invoice.id)).toEqual([
      { paid_on: "2026-12-01", amount: 100_000, reference: "Bank 1" },
      { paid_on: "2026-12-04", amount: TOTAL - 100_000, reference: "Bank 2" },
    ]);
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false, reason: null });

    const more = await recordPayment(db, {
      invoiceNumber: invoice.number,
      paidOn: "2026-12-05",
      amount: 100,
      reference: "Bank 3",
      recordedBy: null,
      now,
    });
    expect(more.outcome).toBe("alreadyPaid");
    expect(await payments(invoice.id)).toHaveLength(2);
  });

  it("records the same reference once, and refuses more than is owed, a bad day and a credited invoice", async () => {
    const user = await createUser();
    const invoice = await invoiceOf(user.token);
    const db = await getDb();
    const now = new Date();
    const pay = (amount: number | undefined, reference: string | null, paidOn = "2026-12-02") =>
      recordPayment(db, { invoiceNumber: invoice.number, paidOn, amount, reference, recordedBy: null, now });

    expect(await pay(50_000, "Ref A")).toMatchObject({ outcome: "partial", remaining: TOTAL - 50_000 });
    expect(await pay(50_000, " Ref A ")).toMatchObject({ outcome: "duplicate", amount: 50_000, remaining: TOTAL - 50_000 });
    expect(await pay(TOTAL, "Ref B")).toMatchObject({ outcome: "invalidAmount", remaining: TOTAL - 50_000 });
    expect(await pay(0, "Ref C")).toMatchObject({ outcome: "invalidAmount" });
    expect(await pay(10.5, "Ref C")).toMatchObject({ outcome: "invalidAmount" });
    expect(await pay(10, "Ref C", "2026-02-30")).toEqual({ outcome: "invalidDate" });
    expect(await payments(invoice.id)).toEqual([{ paid_on: "2026-12-02", amount: 50_000, reference: "Ref A" }]);

    await db.updateTable("invoices").set({ status: "credited" }).where("id", "=", invoice.id).execute();
    expect(await pay(10, "Ref D")).toMatchObject({ outcome: "credited", invoice: { status: "credited" } });
    expect(await payments(invoice.id)).toHaveLength(1);
    expect(await recordPayment(db, { invoiceNumber: 999_999, paidOn: "2026-12-02", recordedBy: null, now })).toEqual({
      outcome: "unknown",
      number: 999_999,
    });
  });

  it("joins the caller's transaction: rolled back with it, the payment and the paid status are gone", async () => {
    const user = await createUser();
    const invoice = await invoiceOf(user.token);
    const db = await getDb();
    const failure = new Error("the audit row failed");
    await expect(
      db.transaction().execute(async (trx) => {
        const result = await recordPayment(trx, {
          invoiceNumber: invoice.number,
          paidOn: "2026-12-02",
          reference: "R",
          recordedBy: null,
          now: new Date(),
        });
        expect(result.outcome).toBe("paid");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await statusOf(invoice.id)).status).toBe("pending");
    expect(await payments(invoice.id)).toEqual([]);
  });
});

describe("npm run billing -- mark-paid with an amount", () => {
  it("records a partial payment, then the rest by default, and refuses a credited invoice", async () => {
    const user = await createUser();
    const invoice = await invoiceOf(user.token);
    const cli = (...args: string[]) =>
      run("node", ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/billing.ts", ...args], {
        cwd: root,
        env: process.env,
      });

    const part = await cli("mark-paid", String(invoice.number), "--amount", "1.000,50", "--date", "2026-12-01", "--reference", "B1");
    expect(part.stdout.trim()).toBe(
      `Invoice ${invoice.number}: 1000.50 DKK recorded on 2026-12-01 with reference B1; 2118.25 DKK still owed.`,
    );
    const rest = await cli("mark-paid", String(invoice.number), "--date", "2026-12-02");
    expect(rest.stdout.trim()).toBe(`Invoice ${invoice.number} (3118.75 DKK) marked paid on 2026-12-02.`);
    expect(await payments(invoice.id)).toEqual([
      { paid_on: "2026-12-01", amount: 100_050, reference: "B1" },
      { paid_on: "2026-12-02", amount: 211_825, reference: null },
    ]);

    const other = await invoiceOf((await createUser()).token);
    await (await getDb()).updateTable("invoices").set({ status: "credited" }).where("id", "=", other.id).execute();
    const refused = await cli("mark-paid", String(other.number)).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: `Invoice ${other.number} is credited; no payment is recorded on it.\n` });
  }, 90_000); // three node processes on a shared machine
});

/**
 * Recording a payment (issue 31): markInvoicePaid turns a pending or overdue invoice into a paid one,
 * idempotently, and says so for an unknown number; the staff's command does the same from a shell.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { listInvoices, markInvoicePaid } from "@/server/billing/payments";
import { getDb } from "@/server/db";
import { createUser } from "../../support/users";
import { subscribe } from "./support";

const run = promisify(execFile);
const root = path.join(import.meta.dirname, "../../..");

describe("markInvoicePaid", () => {
  it("records the payment once, leaves a paid invoice alone, and knows no unknown number", async () => {
    const user = await createUser();
    const invoice = (await subscribe(user.token)).json.invoice;
    const db = await getDb();
    await db.updateTable("invoices").set({ status: "overdue" }).where("id", "=", invoice.id).execute();
    const paidAt = new Date("2026-12-01T12:00:00Z");

    const paid = await markInvoicePaid(db, { number: invoice.number, paidAt, reference: "Bank 4711" }, new Date());
    expect(paid).toMatchObject({ outcome: "paid", invoice: { id: invoice.id, status: "paid" } });
    const row = await db.selectFrom("invoices").selectAll().where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect([row.status, row.paid_at, row.payment_reference]).toEqual(["paid", paidAt.toISOString(), "Bank 4711"]);

    const again = await markInvoicePaid(db, { number: invoice.number, paidAt: new Date(), reference: "other" }, new Date());
    expect(again.outcome).toBe("alreadyPaid");
    const unchanged = await db.selectFrom("invoices").selectAll().where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect([unchanged.paid_at, unchanged.payment_reference]).toEqual([paidAt.toISOString(), "Bank 4711"]);

    expect(await markInvoicePaid(db, { number: 999_999, paidAt, reference: null }, new Date())).toEqual({
      outcome: "unknown",
      number: 999_999,
    });
  });
});

describe("npm run billing", () => {
  it("lists the unpaid invoices, marks one paid, and fails on an unknown number", async () => {
    const user = await createUser();
    const invoice = (await subscribe(user.token)).json.invoice;
    const db = await getDb();
    expect((await listInvoices(db, { unpaidOnly: true })).map((i) => i.number)).toContain(invoice.number);
    const cli = (...args: string[]) =>
      run("node", ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/billing.ts", ...args], {
        cwd: root,
        env: process.env,
      });

    const listed = await cli("list", "--unpaid");
    expect(listed.stdout).toContain(`${invoice.number}\t`);
    expect(listed.stdout).toContain("Vejfirma ApS\t3118.75 DKK\tpending");

    const marked = await cli("mark-paid", String(invoice.number), "--reference", "Bank 12", "--date", "2026-12-03");
    expect(marked.stdout.trim()).toBe(`Invoice ${invoice.number} (3118.75 DKK) marked paid on 2026-12-03 with reference Bank 12.`);
    const row = await db.selectFrom("invoices").selectAll().where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect([row.status, row.paid_at, row.payment_reference]).toEqual(["paid", "2026-12-03T12:00:00.000Z", "Bank 12"]);
    expect((await cli("mark-paid", String(invoice.number))).stdout).toContain("already paid");

    const unknown = await cli("mark-paid", "999999").catch((error: { code: number; stderr: string }) => error);
    expect(unknown).toMatchObject({ code: 1, stderr: "No invoice number 999999.\n" });
  }, 90_000); // four node processes on a shared machine
});

import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import { OPEN_STATUSES } from "../db/schema";
import { invoiceDto, type InvoiceRow } from "./invoices";
import { announceBillingChange } from "./subscription";
import type { InvoiceDto } from "@/lib/schemas/billing";

export type MarkPaidResult =
  { outcome: "paid"; invoice: InvoiceDto } | { outcome: "alreadyPaid"; invoice: InvoiceDto } | { outcome: "unknown"; number: number };

/**
 * Records a payment received (staff, `npm run billing -- mark-paid`): a pending or overdue invoice
 * becomes paid with the day and the bank's reference. Idempotent: an invoice already paid is left as it
 * was and the answer says so. The payer's members are told at once, so a block the invoice caused
 * lifts in open editors too (the state is worked out from the facts on their next request).
 */
export async function markInvoicePaid(
  db: Kysely<Database>,
  payment: { number: number; paidAt: Date; reference?: string | null },
  // The contract's clock: no rule here depends on it yet (the paid day is the payment's own).
  _now: Date,
  // Inside a transaction the caller tells the payer once it has committed (see recordPayment).
  options: { announce?: boolean } = {},
): Promise<MarkPaidResult> {
  const updated = await db
    .updateTable("invoices")
    .set({ status: "paid", paid_at: payment.paidAt.toISOString(), payment_reference: payment.reference ?? null })
    .where("number", "=", payment.number)
    .where("status", "!=", "paid")
    .returningAll()
    .executeTakeFirst();
  const invoice = updated ?? (await db.selectFrom("invoices").selectAll().where("number", "=", payment.number).executeTakeFirst());
  if (!invoice) return { outcome: "unknown", number: payment.number };
  if (!updated) return { outcome: "alreadyPaid", invoice: invoiceDto(invoice) };
  if (options.announce !== false) await announcePayer(db, invoice);
  return { outcome: "paid", invoice: invoiceDto(updated) };
}

export interface RecordPaymentInput {
  invoiceNumber: number;
  /** The day the money arrived, YYYY-MM-DD. */
  paidOn: string;
  /** Minor units including VAT; the rest still owed when left out. */
  amount?: number;
  reference?: string | null;
  recordedBy: number | null;
  now: Date;
}

export type RecordPaymentResult =
  /** The payments now cover the total: the invoice is paid (and a block it caused is lifted). */
  | { outcome: "paid"; invoice: InvoiceDto; amount: number; remaining: 0 }
  /** Stored; `remaining` is still owed and the invoice stays pending or overdue. */
  | { outcome: "partial"; invoice: InvoiceDto; amount: number; remaining: number }
  /** This reference was already recorded on this invoice: nothing changed. */
  | { outcome: "duplicate"; invoice: InvoiceDto; amount: number; remaining: number }
  | { outcome: "alreadyPaid"; invoice: InvoiceDto }
  /** A credited invoice is owed by nobody: a payment on it is refused. */
  | { outcome: "credited"; invoice: InvoiceDto }
  /** More than is still owed (or not a positive amount): refused, so that a typo never marks an invoice paid. */
  | { outcome: "invalidAmount"; invoice: InvoiceDto; remaining: number }
  | { outcome: "invalidDate" }
  | { outcome: "unknown"; number: number };

/**
 * Records a payment received against an invoice (staff: the admin area, `npm run billing -- mark-paid`)
 * and, once the payments cover the invoice's total, marks it paid through markInvoicePaid (which lifts a
 * block the invoice caused). Everything happens in one transaction: pass a transaction as `db` to add
 * your own rows to it (the admin route writes its audit row with the payment, and both commit or neither)
 * and, when the outcome is "paid", call announceInvoicePayer after it commits, so that open editors ask
 * for their state when the new one can be read; given the database itself, this opens one and announces.
 * Idempotent per reference: the same reference on the same invoice is recorded once (a unique index
 * backs this up). The invoice's row is locked first, so two payments recorded at once are summed one
 * after the other.
 */
export async function recordPayment(db: Kysely<Database>, input: RecordPaymentInput): Promise<RecordPaymentResult> {
  if (!isDay(input.paidOn)) return { outcome: "invalidDate" };
  return inTransactionThenAnnounce(
    db,
    (trx) => recordPaymentIn(trx, input),
    (result) => (result.outcome === "paid" ? result.invoice.id : null),
  );
}

/**
 * Runs `work` in the caller's transaction as it is, or in a transaction of its own after whose commit the
 * payer of the invoice `changed` names is told (a caller's transaction is the caller's to announce).
 */
export async function inTransactionThenAnnounce<R>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<R>,
  changed: (result: R) => number | null,
): Promise<R> {
  if (db.isTransaction) return work(db);
  const result = await db.transaction().execute(work);
  const invoiceId = changed(result);
  if (invoiceId !== null) await announceInvoicePayer(db, invoiceId);
  return result;
}

/**
 * The invoice with this number, its row locked until the transaction ends (a no-op UPDATE: PostgreSQL's
 * row lock, SQLite's single writer), so that a payment and a credit note on it take turns.
 */
export async function lockInvoice(trx: Kysely<Database>, number: number): Promise<InvoiceRow | undefined> {
  return trx
    .updateTable("invoices")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("number", "=", number)
    .returningAll()
    .executeTakeFirst();
}

async function recordPaymentIn(db: Kysely<Database>, input: RecordPaymentInput): Promise<RecordPaymentResult> {
  const invoice = await lockInvoice(db, input.invoiceNumber);
  if (!invoice) return { outcome: "unknown", number: input.invoiceNumber };
  if (invoice.status === "credited") return { outcome: "credited", invoice: invoiceDto(invoice) };
  const reference = input.reference?.trim() || null;
  const paidBefore = await paidSum(db, invoice.id);
  const remainingBefore = Math.max(0, invoice.total - paidBefore);
  if (reference !== null) {
    const same = await db
      .selectFrom("payments")
      .select("amount")
      .where("invoice_id", "=", invoice.id)
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (same) return { outcome: "duplicate", invoice: invoiceDto(invoice), amount: same.amount, remaining: remainingBefore };
  }
  // Paid before payments were recorded (issue 31's mark-paid), or in full already.
  if (invoice.status === "paid") return { outcome: "alreadyPaid", invoice: invoiceDto(invoice) };
  const amount = input.amount ?? remainingBefore;
  if (!Number.isInteger(amount) || amount <= 0 || amount > remainingBefore) {
    return { outcome: "invalidAmount", invoice: invoiceDto(invoice), remaining: remainingBefore };
  }
  await db
    .insertInto("payments")
    .values({
      invoice_id: invoice.id,
      paid_on: input.paidOn,
      amount,
      reference,
      recorded_by: input.recordedBy,
      created_at: input.now.toISOString(),
    })
    .execute();
  const remaining = remainingBefore - amount;
  if (remaining > 0) return { outcome: "partial", invoice: invoiceDto(invoice), amount, remaining };
  const paid = await markInvoicePaid(db, { number: invoice.number, paidAt: paidOnDate(input.paidOn), reference }, input.now, {
    announce: false,
  });
  if (paid.outcome === "unknown") throw new Error(`invoice ${invoice.number} vanished inside its own transaction`);
  return { outcome: "paid", invoice: paid.invoice, amount, remaining: 0 };
}

/** What the recorded payments of an invoice add up to (minor units). */
export async function paidSum(db: Kysely<Database>, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.sum<number | string | null>("amount").as("sum"))
    .where("invoice_id", "=", invoiceId)
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && paidOnDate(value).toISOString().slice(0, 10) === value;
}

/** A payment's day as the moment stored in invoices.paid_at: noon UTC, the same calendar day in Denmark and Sweden. */
export function paidOnDate(paidOn: string): Date {
  return new Date(`${paidOn}T12:00:00Z`);
}

/** Tells an invoice's payer's members that their billing state changed (after a payment or a credit note commits). */
export async function announceInvoicePayer(db: Kysely<Database>, invoiceId: number): Promise<void> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (invoice) await announcePayer(db, invoice);
}

/** Tells the invoice's payer's members (the organisation's, or the user of an account of one). */
async function announcePayer(db: Kysely<Database>, invoice: InvoiceRow): Promise<void> {
  const account = await db
    .selectFrom("billing_accounts")
    .select(["user_id", "organisation_id"])
    .where("id", "=", invoice.billing_account_id)
    .executeTakeFirst();
  if (!account) return;
  const organisation = account.organisation_id === null ? null : { id: account.organisation_id };
  await announceBillingChange(db, { userId: account.user_id, organisation });
}

/** One line of `npm run billing -- list`: the invoice and its customer as printed. */
export interface InvoiceListing {
  number: number;
  date: string;
  customer: string;
  total: number;
  currency: "DKK" | "SEK";
  status: InvoiceRow["status"];
}

/** Every invoice, by number (the staff's list); only those not yet paid with `unpaidOnly`. */
export async function listInvoices(db: Kysely<Database>, options: { unpaidOnly?: boolean } = {}): Promise<InvoiceListing[]> {
  let query = db.selectFrom("invoices").select(["number", "issued_at", "buyer", "total", "currency", "status"]).orderBy("number");
  if (options.unpaidOnly) query = query.where("status", "in", OPEN_STATUSES);
  const rows = await query.execute();
  return rows.map((row) => {
    const buyer = JSON.parse(row.buyer) as { isCompany?: boolean; companyName?: string; name?: string };
    return {
      number: row.number,
      date: row.issued_at.slice(0, 10),
      customer: (buyer.isCompany && buyer.companyName) || buyer.name || "",
      total: row.total,
      currency: row.currency,
      status: row.status,
    };
  });
}

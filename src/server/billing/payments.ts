import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
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
  await announcePayer(db, invoice);
  return { outcome: "paid", invoice: invoiceDto(updated) };
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
  if (options.unpaidOnly) query = query.where("status", "!=", "paid");
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

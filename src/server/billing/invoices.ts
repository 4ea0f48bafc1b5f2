import "server-only";
import type { Kysely, Selectable } from "kysely";
import { queueMail } from "../accounts/mail-queue";
import type { Database } from "../db";
import type { BillingAccountsTable, InvoiceKind, InvoicesTable } from "../db/schema";
import { siteOrigin } from "../site-url";
import { addDays, invoiceTotals, PAYMENT_TERMS_DAYS, VAT_RATE_PERCENT, type InvoiceLine } from "@/lib/billing/pricing";
import type { InvoiceBuyer, InvoiceDto } from "@/lib/schemas/billing";
import { getSite, isSiteId, DEFAULT_SITE_ID } from "@/sites/registry";

export type InvoiceRow = Selectable<InvoicesTable>;

export interface IssueInvoiceInput {
  account: Pick<Selectable<BillingAccountsTable>, "id" | "site">;
  /** The same key never issues a second invoice: "subscription:<account>:<period start>", "renewal:…", "seats:…". */
  dedupeKey: string;
  kind: InvoiceKind;
  lines: InvoiceLine[];
  userCount: number;
  periodStart: Date;
  periodEnd: Date;
  buyer: InvoiceBuyer;
  createdBy: number | null;
  now: Date;
}

/**
 * Issues an invoice, or returns the one already issued under its dedupe key. Must run inside the
 * caller's transaction (`trx`), which then commits the invoice, its number and its mail together:
 * - the number is the series' next, taken by an UPDATE of the counter row in this transaction, so it is
 *   consecutive and never reused (a rolled-back transaction gives its number back; PostgreSQL's row
 *   lock and SQLite's single writer make every other issuer wait until this one commits);
 * - the dedupe key is looked up after that lock is held, so two processes issuing the same invoice at
 *   once find the first one's (and the unique index refuses a second row whatever happens).
 * The invoice's mail (PDF attached) is queued in the same transaction: it goes out exactly when the
 * invoice exists.
 */
export async function issueInvoice(trx: Kysely<Database>, input: IssueInvoiceInput): Promise<{ invoice: InvoiceRow; created: boolean }> {
  const number = await takeNumber(trx, "invoice");
  const existing = await trx.selectFrom("invoices").selectAll().where("dedupe_key", "=", input.dedupeKey).executeTakeFirst();
  if (existing) {
    // Give the number back: nothing was issued, so the series keeps no gap.
    await trx
      .updateTable("invoice_counters")
      .set({ last_number: number - 1 })
      .where("series", "=", "invoice")
      .execute();
    return { invoice: existing, created: false };
  }
  const site = isSiteId(input.account.site) ? input.account.site : DEFAULT_SITE_ID;
  const totals = invoiceTotals(input.lines);
  const nowIso = input.now.toISOString();
  const invoice = await trx
    .insertInto("invoices")
    .values({
      number,
      billing_account_id: input.account.id,
      dedupe_key: input.dedupeKey,
      kind: input.kind,
      site,
      currency: getSite(site).currency,
      issued_at: nowIso,
      due_at: addDays(input.now, PAYMENT_TERMS_DAYS).toISOString(),
      period_start: input.periodStart.toISOString(),
      period_end: input.periodEnd.toISOString(),
      user_count: input.userCount,
      lines: JSON.stringify(input.lines),
      subtotal: totals.subtotal,
      vat_rate: VAT_RATE_PERCENT,
      vat_amount: totals.vatAmount,
      total: totals.total,
      buyer: JSON.stringify(input.buyer),
      e_invoice: input.buyer.sendEInvoice ? 1 : 0,
      created_by: input.createdBy,
      created_at: nowIso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The worker decides the recipient (the invoice e-mail, else the account's owner) and attaches the PDF.
  await queueMail(trx, { kind: "invoice", email: input.buyer.invoiceEmail, site, origin: siteOrigin(site), invoice_id: invoice.id });
  return { invoice, created: true };
}

/**
 * The series' next number ("invoice", "credit"), taken by an UPDATE of its counter row: the row stays
 * locked until the caller's transaction ends, so the numbers are consecutive and never reused.
 */
export async function takeNumber(trx: Kysely<Database>, series: "invoice" | "credit"): Promise<number> {
  const counter = await trx
    .updateTable("invoice_counters")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", series)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return counter.last_number;
}

/** The paths' shape of an invoice (GET /users/invoices); invoiceDtoWithCreditNote names a credited one's credit note. */
export function invoiceDto(row: InvoiceRow): InvoiceDto {
  return invoiceDtoWithCreditNote(row, null);
}

/** An invoice's shape with its credit note (credit_notes) and the paths of the credit note's documents. */
export function invoiceDtoWithCreditNote(row: InvoiceRow, creditNote: { number: number; issued_at: string } | null): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    date: row.issued_at,
    dueAt: row.due_at,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    userCount: row.user_count,
    amount: row.total,
    subtotal: row.subtotal,
    vat: row.vat_amount,
    currency: row.currency,
    status: row.status,
    kind: row.kind,
    lines: JSON.parse(row.lines) as InvoiceLine[],
    pdfUrl: `/api/users/invoices/${row.id}/pdf`,
    ublUrl: row.e_invoice ? `/api/users/invoices/${row.id}/ubl` : null,
    creditNote: creditNote && {
      number: creditNote.number,
      date: creditNote.issued_at,
      pdfUrl: `/api/users/invoices/${row.id}/credit-note/pdf`,
      ublUrl: row.e_invoice ? `/api/users/invoices/${row.id}/credit-note/ubl` : null,
    },
  };
}

import "server-only";
import type { Kysely, Selectable } from "kysely";
import { queueMail } from "../accounts/mail-queue";
import type { Database } from "../db";
import type { CreditNotesTable } from "../db/schema";
import { siteOrigin } from "../site-url";
import { invoiceDto, takeNumber, type InvoiceRow } from "./invoices";
import { inTransactionThenAnnounce, lockInvoice } from "./payments";
import type { InvoiceBuyer, InvoiceDto } from "@/lib/schemas/billing";
import { DEFAULT_SITE_ID, isSiteId } from "@/sites/registry";

export type CreditNoteRow = Selectable<CreditNotesTable>;

export interface IssueCreditNoteInput {
  invoiceNumber: number;
  reason: string;
  createdBy: number | null;
  now: Date;
}

export type IssueCreditNoteResult =
  | { outcome: "created"; creditNote: CreditNoteRow; invoice: InvoiceDto }
  /** The invoice was credited before: its credit note, unchanged (one per invoice). */
  | { outcome: "existing"; creditNote: CreditNoteRow; invoice: InvoiceDto }
  | { outcome: "unknown"; number: number };

/**
 * Credits an invoice in full with a credit note (staff: the admin area, `npm run billing -- credit`).
 * The invoice is never deleted: it stays with its number and becomes "credited", which is never owed,
 * never overdue and never blocks (a block it caused lifts, and its payer's open editors are told).
 * The credit note's number is the "credit" series' next, taken by an UPDATE of its counter row in this
 * transaction as issueInvoice does: consecutive, never reused, separate from the invoices' numbers.
 * Idempotent per invoice: a second call answers the first credit note (a unique index backs this up).
 * Pass a transaction as `db` to add your own rows to it (the admin route's audit row) and, when the
 * outcome is "created", call announceInvoicePayer after it commits; given the database itself, this
 * opens one and announces. The credit note's mail (PDF attached) is queued in the transaction too.
 */
export async function issueCreditNote(db: Kysely<Database>, input: IssueCreditNoteInput): Promise<IssueCreditNoteResult> {
  return inTransactionThenAnnounce(
    db,
    (trx) => issueCreditNoteIn(trx, input),
    (result) => (result.outcome === "created" ? result.invoice.id : null),
  );
}

async function issueCreditNoteIn(db: Kysely<Database>, input: IssueCreditNoteInput): Promise<IssueCreditNoteResult> {
  // A payment recorded at the same moment waits for the status.
  const invoice = await lockInvoice(db, input.invoiceNumber);
  if (!invoice) return { outcome: "unknown", number: input.invoiceNumber };
  const existing = await db.selectFrom("credit_notes").selectAll().where("invoice_id", "=", invoice.id).executeTakeFirst();
  if (existing) return { outcome: "existing", creditNote: existing, invoice: invoiceDto(invoice) };

  const number = await takeNumber(db, "credit");
  const nowIso = input.now.toISOString();
  const creditNote = await db
    .insertInto("credit_notes")
    .values({
      number,
      invoice_id: invoice.id,
      reason: input.reason.trim(),
      issued_at: nowIso,
      created_by: input.createdBy,
      created_at: nowIso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const credited = await db
    .updateTable("invoices")
    .set({ status: "credited" })
    .where("id", "=", invoice.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const site = isSiteId(invoice.site) ? invoice.site : DEFAULT_SITE_ID;
  const buyer = JSON.parse(invoice.buyer) as InvoiceBuyer;
  await queueMail(db, { kind: "credit-note", email: buyer.invoiceEmail, site, origin: siteOrigin(site), invoice_id: invoice.id });
  return { outcome: "created", creditNote, invoice: invoiceDto(credited) };
}

/** The credit note of an invoice, if it has been credited. */
export async function creditNoteOf(db: Kysely<Database>, invoice: Pick<InvoiceRow, "id">): Promise<CreditNoteRow | undefined> {
  return db.selectFrom("credit_notes").selectAll().where("invoice_id", "=", invoice.id).executeTakeFirst();
}

import "server-only";
import { sql, type Kysely, type Transaction } from "kysely";
import { getDatabaseHandle, type Database } from "../db";
import { textContains } from "../db/text-search";
import { OPEN_STATUSES } from "../db/schema";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { issueCreditNote } from "../billing/credit-notes";
import { pdfResponse, ublResponse } from "../billing/documents";
import { invoicesCsv } from "../billing/invoices-csv";
import { announceInvoicePayer, lockInvoice, paidSum, recordPayment } from "../billing/payments";
import type { InvoiceRow } from "../billing/invoices";
import { formatMoney } from "../billing/invoice-text";
import type { AdminActor } from "./actions";
import { recordAudit } from "./audit";
import { siteDay } from "@/lib/billing/dates";
import type { InvoiceBuyer } from "@/lib/schemas/billing";
import {
  ADMIN_INVOICE_PAGE_SIZE,
  type AdminInvoicePageDto,
  type AdminInvoiceQuery,
  type AdminInvoiceRowDto,
  type AdminPaymentBody,
  type AdminPaymentResultDto,
} from "@/lib/schemas/admin-invoices";
import type { SiteId } from "@/sites/registry";

/** Beside the invoice's own columns, what a row of the list shows: the payer and the credit note. */
const ROW_COLUMNS = [
  "organisations.name as organisation_name",
  "users.name as user_name",
  "billing_accounts.organisation_id as payer_organisation_id",
  "billing_accounts.user_id as payer_user_id",
  "credit_notes.id as credit_note_id",
  "credit_notes.number as credit_note_number",
  "credit_notes.issued_at as credit_note_issued_at",
  "credit_notes.reason as credit_note_reason",
] as const;

function invoiceQuery(db: Kysely<Database>) {
  return db
    .selectFrom("invoices")
    .innerJoin("billing_accounts", "billing_accounts.id", "invoices.billing_account_id")
    .leftJoin("organisations", "organisations.id", "billing_accounts.organisation_id")
    .leftJoin("users", "users.id", "billing_accounts.user_id")
    .leftJoin("credit_notes", "credit_notes.invoice_id", "invoices.id");
}

/** Still owed and past its due date (the status the daily job sets may lag behind the clock by a day). */
const overdueAt = (row: Pick<InvoiceRow, "status" | "due_at">, now: Date) =>
  OPEN_STATUSES.includes(row.status) && Date.parse(row.due_at) < now.getTime();

function payerName(buyerJson: string, organisationName: string | null, userName: string | null): string {
  const buyer = JSON.parse(buyerJson) as Partial<InvoiceBuyer>;
  return (buyer.isCompany && buyer.companyName) || organisationName || buyer.name || userName || "";
}

/**
 * GET /admin/invoices: every invoice, newest first (by number: consecutive in the order issued), 50 a
 * page with the count of all that match; what each has been paid in one grouped query for the page.
 */
export async function listAdminInvoices(db: Kysely<Database>, query: AdminInvoiceQuery, now: Date): Promise<AdminInvoicePageDto> {
  let q = invoiceQuery(db);
  if (query.site) q = q.where("invoices.site", "=", query.site);
  if (query.status) q = q.where("invoices.status", "=", query.status);
  if (query.overdue) q = q.where("invoices.status", "in", OPEN_STATUSES).where("invoices.due_at", "<", now.toISOString());
  const text = query.q.trim();
  if (text) {
    // Digits are a number (an invoice's or a credit note's), not a part of a name or an address.
    const number = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const { dialect } = await getDatabaseHandle();
    q = q.where((eb) =>
      number !== null
        ? eb.or([eb("invoices.number", "=", number), eb("credit_notes.number", "=", number)])
        : eb.or([
            textContains(dialect, sql.ref("organisations.name"), text),
            textContains(dialect, sql.ref("users.name"), text),
            // The buyer as invoiced (company or person): the name of a payer since deleted too.
            textContains(dialect, sql.ref("invoices.buyer"), text),
          ]),
    );
  }
  const counted = await q.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirst();
  const rows = await q
    .selectAll("invoices")
    .select(ROW_COLUMNS)
    .orderBy("invoices.number", "desc")
    .limit(ADMIN_INVOICE_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_INVOICE_PAGE_SIZE)
    .execute();
  const ids = rows.map((row) => row.id);
  const sums = ids.length
    ? await db
        .selectFrom("payments")
        .select(["invoice_id", (eb) => eb.fn.sum<number | string>("amount").as("paid")])
        .where("invoice_id", "in", ids)
        .groupBy("invoice_id")
        .execute()
    : [];
  const paidOf = new Map(sums.map((s) => [s.invoice_id, Number(s.paid)]));
  return {
    invoices: rows.map((row) => rowDto(row, paidOf.get(row.id) ?? 0, now)),
    page: query.page,
    pageSize: ADMIN_INVOICE_PAGE_SIZE,
    total: Number(counted?.count ?? 0),
  };
}

type ListedRow = InvoiceRow & {
  organisation_name: string | null;
  user_name: string | null;
  payer_organisation_id: number | null;
  payer_user_id: number | null;
  credit_note_id: number | null;
  credit_note_number: number | null;
  credit_note_issued_at: string | null;
  credit_note_reason: string | null;
};

function rowDto(row: ListedRow, paidSoFar: number, now: Date): AdminInvoiceRowDto {
  // An invoice marked paid before payments were recorded (mark-paid without an amount) was paid in full.
  const paid = row.status === "paid" ? Math.max(paidSoFar, row.total) : paidSoFar;
  const owed = row.status === "pending" || row.status === "overdue";
  return {
    id: row.id,
    number: row.number,
    site: row.site,
    currency: row.currency,
    kind: row.kind,
    payerName: payerName(row.buyer, row.organisation_name, row.user_name),
    payer: { organisationId: row.payer_organisation_id, userId: row.payer_user_id },
    date: row.issued_at,
    dueAt: row.due_at,
    total: row.total,
    paid,
    remaining: owed ? Math.max(0, row.total - paidSoFar) : 0,
    status: row.status,
    overdue: overdueAt(row, now),
    creditNote:
      row.credit_note_id === null
        ? null
        : {
            id: row.credit_note_id,
            number: row.credit_note_number!,
            issuedAt: row.credit_note_issued_at!,
            reason: row.credit_note_reason ?? "",
          },
    eInvoice: row.e_invoice === 1,
  };
}

/** One invoice as a row of the list (the answer of an action). */
export async function getAdminInvoice(db: Kysely<Database>, site: SiteId, id: number, now: Date): Promise<AdminInvoiceRowDto> {
  const row = await invoiceQuery(db).selectAll("invoices").select(ROW_COLUMNS).where("invoices.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(site);
  return rowDto(row, await paidSum(db, id), now);
}

const notFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.admin.invoiceNotFound"));

/** The invoice with this id, its row locked for the rest of the transaction (payments and credit notes take turns). */
async function lockedInvoice(trx: Transaction<Database>, site: SiteId, id: number): Promise<InvoiceRow> {
  const found = await trx.selectFrom("invoices").select("number").where("id", "=", id).executeTakeFirst();
  const invoice = found && (await lockInvoice(trx, found.number));
  if (!invoice) throw notFound(site);
  return invoice;
}

/**
 * POST /admin/invoices/{id}/payments: records a payment (recordPayment) and its audit row in one
 * transaction; a refused payment records neither. Paid in full, the invoice no longer blocks its payer,
 * whose open clients are told once the transaction has committed (so that what they then ask for is the
 * new state).
 */
export async function recordAdminPayment(
  db: Kysely<Database>,
  actor: AdminActor,
  id: number,
  body: AdminPaymentBody,
): Promise<AdminPaymentResultDto> {
  const t = serverTranslator(actor.site);
  // The day the money arrived has happened: a later day is a typo (the sites' calendar, Copenhagen).
  if (body.date > siteDay(actor.now)) throw new ApiError(400, t("api.admin.paymentInFuture"), { field: "date" });
  const outcome = await db.transaction().execute(async (trx) => {
    const invoice = await lockedInvoice(trx, actor.site, id);
    const paidBefore = await paidSum(trx, invoice.id);
    const result = await recordPayment(trx, {
      invoiceNumber: invoice.number,
      paidOn: body.date,
      amount: body.amount,
      reference: body.reference,
      recordedBy: actor.adminId,
      now: actor.now,
    });
    switch (result.outcome) {
      case "paid":
      case "partial":
        break;
      case "invalidAmount":
        throw new ApiError(
          400,
          t("api.admin.paymentTooMuch", { remaining: formatMoney(actor.site, result.remaining, result.invoice.currency) }),
          { field: "amount" },
        );
      case "duplicate":
        throw new ApiError(409, t("api.admin.paymentDuplicate"), { field: "reference" });
      case "alreadyPaid":
        throw new ApiError(409, t("api.admin.invoiceAlreadyPaid"));
      case "credited":
        throw new ApiError(409, t("api.admin.invoiceCredited"));
      case "invalidDate":
        throw new ApiError(400, t("validation.adminPaymentDate"), { field: "date" });
      case "unknown":
        throw notFound(actor.site);
    }
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "invoice.recordPayment",
        targetType: "invoice",
        targetId: invoice.id,
        before: { paid: paidBefore, status: invoice.status },
        after: {
          paid: paidBefore + result.amount,
          status: result.invoice.status,
          amount: result.amount,
          date: body.date,
          reference: body.reference,
        },
      },
      actor.now,
    );
    return result.outcome;
  });
  if (outcome === "paid") await announceInvoicePayer(db, id);
  return { outcome, invoice: await getAdminInvoice(db, actor.site, id, actor.now) };
}

/**
 * POST /admin/invoices/{id}/credit: issues the invoice's credit note (its own number series; the invoice
 * keeps its number and becomes "credited") with its audit row in one transaction; 409 once credited.
 * A block the invoice caused lifts: its payer's open clients are told after the commit.
 */
export async function creditAdminInvoice(db: Kysely<Database>, actor: AdminActor, id: number, reason: string): Promise<AdminInvoiceRowDto> {
  await db.transaction().execute(async (trx) => {
    const invoice = await lockedInvoice(trx, actor.site, id);
    const result = await issueCreditNote(trx, { invoiceNumber: invoice.number, reason, createdBy: actor.adminId, now: actor.now });
    if (result.outcome === "unknown") throw notFound(actor.site);
    if (result.outcome === "existing") {
      throw new ApiError(409, serverTranslator(actor.site)("api.admin.invoiceAlreadyCredited", { number: result.creditNote.number }));
    }
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "invoice.credit",
        targetType: "invoice",
        targetId: invoice.id,
        before: { status: invoice.status },
        after: { status: result.invoice.status, creditNoteNumber: result.creditNote.number },
        reason: result.creditNote.reason,
      },
      actor.now,
    );
  });
  await announceInvoicePayer(db, id);
  return getAdminInvoice(db, actor.site, id, actor.now);
}

async function invoiceRow(db: Kysely<Database>, site: SiteId, id: number): Promise<InvoiceRow> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!invoice) throw notFound(site);
  return invoice;
}

/** GET /admin/invoices/{id}/pdf and /ubl: any customer's invoice. */
export async function adminInvoiceDocument(db: Kysely<Database>, site: SiteId, id: number, format: "pdf" | "ubl"): Promise<Response> {
  const invoice = await invoiceRow(db, site, id);
  return format === "pdf" ? pdfResponse(invoice, null) : ublResponse(invoice, null, site);
}

/** GET /admin/credit-notes/{id}/pdf and /ubl: any customer's credit note, by the credit note's id. */
export async function adminCreditNoteDocument(db: Kysely<Database>, site: SiteId, id: number, format: "pdf" | "ubl"): Promise<Response> {
  const creditNote = await db.selectFrom("credit_notes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!creditNote) throw new ApiError(404, serverTranslator(site)("api.admin.creditNoteNotFound"));
  const invoice = await invoiceRow(db, site, creditNote.invoice_id);
  return format === "pdf" ? pdfResponse(invoice, creditNote) : ublResponse(invoice, creditNote, site);
}

/** GET /admin/invoices.csv: the bookkeeper's file, named by its range. */
export async function adminInvoicesCsv(db: Kysely<Database>, filters: { site?: SiteId; from?: string; to?: string }): Promise<Response> {
  const csv = await invoicesCsv(db, filters);
  const name = ["invoices", filters.site, filters.from, filters.to].filter(Boolean).join("-");
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "../api/errors";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { invoicePdf } from "./invoice-pdf";
import { creditNoteOf, type CreditNoteRow } from "./credit-notes";
import { documentFileName, invoiceFacts, invoiceFileName } from "./invoice-text";
import { EInvoiceUnavailableError, invoiceUbl } from "./invoice-ubl";
import type { InvoiceRow } from "./invoices";
import { billingStateOf } from "./state";
import type { SiteId } from "@/sites/registry";

/**
 * An invoice the caller may download: one of the accounts whose invoices GET /users/invoices lists to
 * them (the payer's, for its owner and administrators or the user alone; and their own account's from
 * before they joined). Anything else is a 404, the same as an id that does not exist, so that nobody
 * learns which invoices there are.
 */
export async function invoiceForDownload(db: Kysely<Database>, userId: number, site: SiteId, id: number, now: Date): Promise<InvoiceRow> {
  const state = await billingStateOf(db, userId, now);
  const accountIds = state.canManage
    ? [state.payer.account?.id, state.payer.personalAccount?.id].filter((accountId): accountId is number => accountId !== undefined)
    : [];
  const invoice =
    accountIds.length > 0
      ? await db.selectFrom("invoices").selectAll().where("id", "=", id).where("billing_account_id", "in", accountIds).executeTakeFirst()
      : undefined;
  if (!invoice) throw new ApiError(404, serverTranslator(site)("billing.invoiceDocument.notFound"));
  return invoice;
}

/** A document as a download: never stored by a shared cache (it names a customer and their amounts). */
export function documentResponse(body: Uint8Array | string, contentType: string, fileName: string): Response {
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** GET /users/invoices/{id}/pdf. */
export async function invoicePdfResponse(db: Kysely<Database>, userId: number, site: SiteId, id: number, now: Date): Promise<Response> {
  return pdfResponse(await invoiceForDownload(db, userId, site, id, now), null);
}

/** GET /users/invoices/{id}/ubl: only an invoice issued with e-invoice chosen has one. */
export async function invoiceUblResponse(db: Kysely<Database>, userId: number, site: SiteId, id: number, now: Date): Promise<Response> {
  return ublResponse(await invoiceForDownload(db, userId, site, id, now), null, site);
}

/** The credit note of an invoice the caller may download: 404 while the invoice is not credited. */
async function creditNoteForDownload(db: Kysely<Database>, invoice: InvoiceRow, site: SiteId): Promise<CreditNoteRow> {
  const creditNote = await creditNoteOf(db, invoice);
  if (!creditNote) throw new ApiError(404, serverTranslator(site)("billing.invoiceDocument.notFound"));
  return creditNote;
}

/** GET /users/invoices/{id}/credit-note/pdf: for those who may download the invoice. */
export async function creditNotePdfResponse(db: Kysely<Database>, userId: number, site: SiteId, id: number, now: Date): Promise<Response> {
  const invoice = await invoiceForDownload(db, userId, site, id, now);
  return pdfResponse(invoice, await creditNoteForDownload(db, invoice, site));
}

/** GET /users/invoices/{id}/credit-note/ubl: a UBL CreditNote, for an invoice issued with e-invoice chosen. */
export async function creditNoteUblResponse(db: Kysely<Database>, userId: number, site: SiteId, id: number, now: Date): Promise<Response> {
  const invoice = await invoiceForDownload(db, userId, site, id, now);
  return ublResponse(invoice, await creditNoteForDownload(db, invoice, site), site);
}

/** The invoice's PDF, or with `creditNote` the credit note's, as a download (staff's and customers' paths alike). */
export async function pdfResponse(invoice: InvoiceRow, creditNote: CreditNoteRow | null): Promise<Response> {
  const fileName = creditNote ? documentFileName(invoiceFacts(invoice, creditNote), "pdf") : invoiceFileName(invoice.number, "pdf");
  return documentResponse(await invoicePdf(invoice, creditNote), "application/pdf", fileName);
}

/** The invoice's UBL, or with `creditNote` the UBL CreditNote: only for an invoice issued with e-invoice chosen. */
export async function ublResponse(invoice: InvoiceRow, creditNote: CreditNoteRow | null, site: SiteId): Promise<Response> {
  const t = serverTranslator(site);
  if (invoice.e_invoice !== 1) throw new ApiError(404, t("billing.invoiceDocument.notFound"));
  const fileName = creditNote ? documentFileName(invoiceFacts(invoice, creditNote), "xml") : invoiceFileName(invoice.number, "xml");
  try {
    return documentResponse(await invoiceUbl(invoice, creditNote), "application/xml; charset=utf-8", fileName);
  } catch (error) {
    if (error instanceof EInvoiceUnavailableError) throw new ApiError(503, t("billing.invoiceDocument.eInvoiceUnavailable"));
    throw error;
  }
}

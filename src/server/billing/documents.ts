import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "../api/errors";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { invoicePdf } from "./invoice-pdf";
import { invoiceFileName } from "./invoice-text";
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
function documentResponse(body: Uint8Array | string, contentType: string, fileName: string): Response {
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
  const invoice = await invoiceForDownload(db, userId, site, id, now);
  return documentResponse(await invoicePdf(invoice), "application/pdf", invoiceFileName(invoice.number, "pdf"));
}

/** GET /users/invoices/{id}/ubl: only an invoice issued with e-invoice chosen has one. */
export async function invoiceUblResponse(db: Kysely<Database>, userId: number, site: SiteId, id: number, now: Date): Promise<Response> {
  const invoice = await invoiceForDownload(db, userId, site, id, now);
  const t = serverTranslator(site);
  if (invoice.e_invoice !== 1) throw new ApiError(404, t("billing.invoiceDocument.notFound"));
  try {
    return documentResponse(await invoiceUbl(invoice), "application/xml; charset=utf-8", invoiceFileName(invoice.number, "xml"));
  } catch (error) {
    if (error instanceof EInvoiceUnavailableError) throw new ApiError(503, t("billing.invoiceDocument.eInvoiceUnavailable"));
    throw error;
  }
}

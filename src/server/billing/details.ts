import "server-only";
import type { Kysely, Selectable } from "kysely";
import { ApiError } from "../api/errors";
import type { Database } from "../db";
import type { InvoiceDetailsTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { billingStateOf, ensureAccount, type BillingState } from "./state";
import type { InvoiceDetailsBody, InvoiceDetailsDto } from "@/lib/schemas/billing";
import type { SiteId } from "@/sites/registry";

export type InvoiceDetailsRow = Selectable<InvoiceDetailsTable>;

/** Refuses (403) a billing change by a member who is neither the owner nor an administrator. */
export function assertCanManage(state: BillingState, site: SiteId): void {
  if (!state.canManage) throw new ApiError(403, serverTranslator(site)("billing.api.forbidden"));
}

/** The details as the body gave them (also what an invoice prints as its buyer). */
export function detailsBody(row: InvoiceDetailsRow): InvoiceDetailsBody {
  return {
    isCompany: row.is_company === 1,
    companyName: row.company_name,
    cvrNumber: row.cvr_number,
    sendEInvoice: row.send_e_invoice === 1,
    name: row.name,
    address: row.address,
    zip: row.zip,
    city: row.city,
    country: row.country,
    invoiceEmail: row.invoice_email,
    reference: row.reference,
    eanNumber: row.ean_number,
  };
}

export function detailsDto(row: InvoiceDetailsRow, canManage: boolean): InvoiceDetailsDto {
  return { ...detailsBody(row), updatedAt: row.updated_at, canManage };
}

export async function detailsOfAccount(db: Kysely<Database>, accountId: number): Promise<InvoiceDetailsRow | undefined> {
  return db.selectFrom("invoice_details").selectAll().where("billing_account_id", "=", accountId).executeTakeFirst();
}

/** GET /users/invoiceDetails: the payer's details, or null before any were given. */
export async function invoiceDetailsOf(db: Kysely<Database>, userId: number, now: Date): Promise<InvoiceDetailsDto | null> {
  const state = await billingStateOf(db, userId, now);
  const row = state.payer.account ? await detailsOfAccount(db, state.payer.account.id) : undefined;
  return row ? detailsDto(row, state.canManage) : null;
}

/** POST /users/invoiceDetails: the owner or an administrator (anyone for an account of one) saves the payer's details. */
export async function saveInvoiceDetails(
  db: Kysely<Database>,
  userId: number,
  site: SiteId,
  body: InvoiceDetailsBody,
  now: Date,
): Promise<InvoiceDetailsDto> {
  const state = await billingStateOf(db, userId, now);
  assertCanManage(state, site);
  const nowIso = now.toISOString();
  const values = {
    is_company: body.isCompany ? 1 : 0,
    company_name: body.isCompany ? body.companyName : "",
    cvr_number: body.isCompany ? body.cvrNumber : "",
    send_e_invoice: body.sendEInvoice ? 1 : 0,
    name: body.name,
    address: body.address,
    zip: body.zip,
    city: body.city,
    country: body.country,
    invoice_email: body.invoiceEmail,
    reference: body.reference,
    ean_number: body.eanNumber,
    updated_by: userId,
    updated_at: nowIso,
  } as const;
  const row = await db.transaction().execute(async (trx) => {
    const account = await ensureAccount(trx, state.payer, site, now);
    return trx
      .insertInto("invoice_details")
      .values({ ...values, billing_account_id: account.id })
      .onConflict((oc) => oc.column("billing_account_id").doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return detailsDto(row, true);
}

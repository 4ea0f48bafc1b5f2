/**
 * The invoices paths of the admin area (issue 32), behind withAdmin like every /api/admin path:
 *
 * - GET  invoices?site=&status=&overdue=&q=&page=   → AdminInvoicePageDto (newest first, 50 a page)
 * - POST invoices/{id}/payments ← { date, amount, reference } → AdminPaymentResultDto
 *        (400 for a bad date, amount or reference, or more than is owed; 409 paid, credited or a reference recorded before)
 * - POST invoices/{id}/credit   ← { reason }                  → AdminInvoiceRowDto (409 once credited)
 * - GET  invoices/{id}/pdf, invoices/{id}/ubl, credit-notes/{id}/pdf, credit-notes/{id}/ubl → the documents, any customer's
 * - GET  invoices.csv?site=&from=&to=                          → the bookkeeper's CSV (src/server/billing/invoices-csv.ts)
 * Each action writes its audit row ("invoice.recordPayment", "invoice.credit") in the transaction of its change.
 */
import * as z from "zod";
import type { InvoiceDto } from "./billing";
import { SITE_IDS } from "@/sites/site-ids";

export const ADMIN_INVOICE_PAGE_SIZE = 50;
export const INVOICE_STATUSES = ["pending", "overdue", "paid", "credited"] as const;

const day = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2026-02-30 is none). */
export function isCalendarDay(value: string): boolean {
  if (!day.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const optionalSite = z.enum(SITE_IDS).optional();

export const adminInvoiceQuerySchema = z.object({
  site: optionalSite,
  status: z.enum(INVOICE_STATUSES).optional(),
  /** Only invoices still owed past their due date. */
  overdue: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1"),
  /** An invoice or credit note number, or a part of the payer's (organisation's, user's, buyer's) name. */
  q: z.string().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminInvoiceQuery = z.infer<typeof adminInvoiceQuerySchema>;

export const adminInvoiceIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const adminPaymentBodySchema = z.object({
  /** The day the money arrived; not in the future (checked against the sites' calendar by the server). */
  date: z.string({ error: "adminPaymentDate" }).refine(isCalendarDay, { error: "adminPaymentDate" }),
  /** Minor units including VAT, at most what is still owed. */
  amount: z.number({ error: "adminPaymentAmount" }).int({ error: "adminPaymentAmount" }).positive({ error: "adminPaymentAmount" }),
  reference: z
    .string({ error: "adminPaymentReference" })
    .trim()
    .min(1, { error: "adminPaymentReference" })
    .max(200, { error: "adminPaymentReference" }),
});
export type AdminPaymentBody = z.infer<typeof adminPaymentBodySchema>;

export const adminCreditBodySchema = z.object({
  reason: z.string({ error: "adminCreditReason" }).trim().min(1, { error: "adminCreditReason" }).max(500, { error: "adminCreditReason" }),
});

/** The bookkeeper's export: a site (all without one) and an inclusive range of document days. */
export const adminInvoicesCsvQuerySchema = z
  .object({
    site: optionalSite,
    from: z.string().refine(isCalendarDay, { error: "adminCsvRange" }).optional(),
    to: z.string().refine(isCalendarDay, { error: "adminCsvRange" }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: "adminCsvRange" });

export interface AdminInvoiceRowDto {
  id: number;
  number: number;
  site: string;
  currency: InvoiceDto["currency"];
  kind: InvoiceDto["kind"];
  /** The payer as the invoice names it (company or person), and the organisation or user paying now. */
  payerName: string;
  payer: { organisationId: number | null; userId: number | null };
  date: string;
  dueAt: string;
  /** Minor units including VAT. */
  total: number;
  paid: number;
  /** What is still owed: 0 once paid or credited. */
  remaining: number;
  status: InvoiceDto["status"];
  /** Still owed past its due date. */
  overdue: boolean;
  creditNote: { id: number; number: number; issuedAt: string; reason: string } | null;
  eInvoice: boolean;
}

export interface AdminInvoicePageDto {
  invoices: AdminInvoiceRowDto[];
  page: number;
  pageSize: number;
  total: number;
}

export interface AdminPaymentResultDto {
  /** "paid": the payments cover the total now; "partial": `invoice.remaining` is still owed. */
  outcome: "paid" | "partial";
  invoice: AdminInvoiceRowDto;
}

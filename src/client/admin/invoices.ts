"use client";
/**
 * The calls of the admin area's invoices screen (issue 32; paths and shapes in
 * src/lib/schemas/admin-invoices.ts). None is toasted: the screen shows each failure where it happened.
 */
import { api, type ApiCallOptions } from "@/client/api";
import { fetchApiFile } from "@/client/api-file";
import { saveBlobAs } from "@/client/save-file";
import type { AdminInvoicePageDto, AdminInvoiceRowDto, AdminPaymentBody, AdminPaymentResultDto } from "@/lib/schemas/admin-invoices";

type Options = Pick<ApiCallOptions<unknown>, "signal">;
const quiet = (options?: Options) => ({ ...options, toast: false });

export interface AdminInvoiceFilters {
  site?: string;
  status?: string;
  overdue?: boolean;
  q?: string;
  page?: number;
}

/** The query string of the filters set (empty ones left out). */
export function invoiceFilterQuery(filters: AdminInvoiceFilters): string {
  const params = new URLSearchParams();
  if (filters.site) params.set("site", filters.site);
  if (filters.status) params.set("status", filters.status);
  if (filters.overdue) params.set("overdue", "true");
  if (filters.q) params.set("q", filters.q);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const getAdminInvoices = (filters: AdminInvoiceFilters, options?: Options) =>
  api.get<AdminInvoicePageDto>(`/admin/invoices${invoiceFilterQuery(filters)}`, quiet(options));

export const recordInvoicePayment = (id: number, body: AdminPaymentBody) =>
  api.post<AdminPaymentResultDto>(`/admin/invoices/${id}/payments`, body, quiet());

export const creditInvoice = (id: number, reason: string) =>
  api.post<AdminInvoiceRowDto>(`/admin/invoices/${id}/credit`, { reason }, quiet());

/** The documents' paths: the invoice's, and its credit note's (by the credit note's id). */
export const adminInvoiceDocumentPath = (id: number, format: "pdf" | "ubl") => `/api/admin/invoices/${id}/${format}`;
export const adminCreditNoteDocumentPath = (id: number, format: "pdf" | "ubl") => `/api/admin/credit-notes/${id}/${format}`;

/** Fetches a file with the session's token and saves it (a plain link would not send the token). */
export async function downloadAdminFile(path: string, fileName: string): Promise<void> {
  saveBlobAs(await fetchApiFile(path), fileName);
}

export function invoicesCsvPath(range: { site?: string; from?: string; to?: string }): string {
  const params = new URLSearchParams();
  if (range.site) params.set("site", range.site);
  if (range.from) params.set("from", range.from);
  if (range.to) params.set("to", range.to);
  const query = params.toString();
  return `/api/admin/invoices.csv${query ? `?${query}` : ""}`;
}

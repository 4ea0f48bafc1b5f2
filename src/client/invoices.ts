"use client";
/**
 * The calls of the invoices tab of /organisation (core §7 "Billing", paths and shapes in
 * src/lib/schemas/billing.ts). None is toasted: the tab shows each failure where it happened, in the
 * words of core §8 or the server's own message.
 */
import { api, type ApiCallOptions } from "@/client/api";
import type { AcceptPaymentDto, InvoiceDetailsBody, InvoiceDetailsDto, InvoiceDto, SubscriptionStatusDto } from "@/lib/schemas/billing";

type Options = Pick<ApiCallOptions<unknown>, "signal">;
const quiet = (options?: Options) => ({ ...options, toast: false });

export const getSubscriptionStatus = (options?: Options) => api.get<SubscriptionStatusDto>("/users/subscription-status", quiet(options));
export const getInvoiceDetails = (options?: Options) => api.get<InvoiceDetailsDto | null>("/users/invoiceDetails", quiet(options));
export const saveInvoiceDetails = (body: InvoiceDetailsBody) => api.post<InvoiceDetailsDto>("/users/invoiceDetails", body, quiet());
export const getInvoices = (options?: Options) => api.get<InvoiceDto[]>("/users/invoices", quiet(options));
export const acceptPayment = () => api.post<AcceptPaymentDto>("/users/accept-payment", { acceptTerms: true }, quiet());
export const cancelSubscription = () => api.post<SubscriptionStatusDto>("/users/cancel-subscription", undefined, quiet());
export const resumeSubscription = () => api.post<SubscriptionStatusDto>("/users/resume-subscription", undefined, quiet());

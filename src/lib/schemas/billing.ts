/**
 * Bodies and answers of the billing paths (core §7 "Billing", issue 31), field names in the spec's
 * camel case where it gives none. Messages are translation keys under `validation.` (the route wrapper
 * translates them). The company number's rule depends on the site, as for organisations.
 *
 * Paths (all under /api/users, a logged-in user with a confirmed e-mail):
 * - GET  freeTrialTimeLeft           → number | false (false also logged out: the path answers 200 false then)
 * - GET  invoiceDetails              → InvoiceDetailsDto | null
 * - POST invoiceDetails              ← InvoiceDetailsBody → InvoiceDetailsDto
 * - GET  block-status                → BlockStatusDto
 * - POST accept-payment              ← AcceptPaymentBody → AcceptPaymentDto (409 INVOICE_DETAILS_MISSING without details)
 * - GET  shouldShowInvoiceReminder   → InvoiceReminderDto
 * - GET  invoices                    → InvoiceDto[] (newest first)
 * - GET  invoices/{id}/pdf           → application/pdf, attachment faktura-<number>.pdf, in the invoice's site's language
 * - GET  invoices/{id}/ubl           → application/xml, attachment faktura-<number>.xml: Peppol BIS Billing 3.0 UBL,
 *        only for an invoice issued with e-invoice; both 404 unless the caller may list the account's invoices
 * - GET  invoices/{id}/credit-note/pdf, invoices/{id}/credit-note/ubl → a credited invoice's credit note (kreditnota-<n>.pdf,
 *        kreditfaktura-<n>.xml on TA-planen), to those who may download the invoice; 404 otherwise
 * - GET  subscription-status         → SubscriptionStatusDto
 * - POST cancel-subscription, resume-subscription → SubscriptionStatusDto
 * A blocked user's change elsewhere is a 402 with code ACCOUNT_BLOCKED (src/server/billing/blocking.ts).
 */
import * as z from "zod";
import { isValid as gtinIsValid } from "gtin";
import { companyNumberProblem, type CompanyNumberKind } from "../company-number";
import type { InvoiceLine } from "../billing/pricing";

const text = (max: number, requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, { error: requiredKey }).max(max, { error: "invoiceFieldTooLong" });
const optionalText = (max: number) => z.string().trim().max(max, { error: "invoiceFieldTooLong" }).default("");

/** A GLN/EAN: 13 digits whose last is the GS1 check digit (ANCHORS.md; the `gtin` package). */
export function eanProblem(value: string): "eanDigits" | "eanCheckDigit" | null {
  if (!/^\d{13}$/.test(value)) return "eanDigits";
  return gtinIsValid(value) ? null : "eanCheckDigit";
}

/**
 * POST /users/invoiceDetails (core §3 "Invoice details"). Either an invoice e-mail or e-invoice (core §5);
 * e-invoice needs an EAN; a company needs its name and a valid CVR (organisationsnummer on TA-planen).
 */
export const invoiceDetailsBodySchema = (kind: CompanyNumberKind) =>
  z
    .object({
      isCompany: z.boolean().default(true),
      companyName: optionalText(200),
      cvrNumber: optionalText(20),
      sendEInvoice: z.boolean().default(false),
      name: text(200, "invoiceNameRequired"),
      address: text(200, "invoiceAddressRequired"),
      zip: text(20, "invoiceZipRequired"),
      city: text(100, "invoiceCityRequired"),
      country: z
        .string({ error: "invoiceCountryRequired" })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: "invoiceCountryRequired" }),
      invoiceEmail: z
        .string()
        .trim()
        .toLowerCase()
        .max(254, { error: "emailInvalid" })
        .refine((v) => v === "" || z.email().safeParse(v).success, { error: "emailInvalid" })
        .default(""),
      reference: optionalText(100),
      eanNumber: z
        .string()
        .transform((v) => v.replace(/\s+/g, ""))
        .default(""),
    })
    .superRefine((body, ctx) => {
      if (!body.invoiceEmail && !body.sendEInvoice)
        ctx.addIssue({ code: "custom", path: ["invoiceEmail"], message: "invoiceEmailOrEInvoice" });
      if (body.sendEInvoice && !body.eanNumber) ctx.addIssue({ code: "custom", path: ["eanNumber"], message: "eanRequired" });
      if (body.eanNumber) {
        const problem = eanProblem(body.eanNumber);
        if (problem) ctx.addIssue({ code: "custom", path: ["eanNumber"], message: problem });
      }
      if (body.isCompany) {
        if (!body.companyName) ctx.addIssue({ code: "custom", path: ["companyName"], message: "companyNameRequired" });
        const problem = companyNumberProblem(kind, body.cvrNumber);
        if (problem) ctx.addIssue({ code: "custom", path: ["cvrNumber"], message: problem });
      }
    });
export type InvoiceDetailsBody = z.infer<ReturnType<typeof invoiceDetailsBodySchema>>;

/** GET/POST /users/invoiceDetails answer: the body's fields as stored, and who may change them. */
export interface InvoiceDetailsDto extends InvoiceDetailsBody {
  updatedAt: string;
  /** Whether the caller may change them and accept payment (owner and administrators; everyone for an account of one). */
  canManage: boolean;
}

/** The buyer as printed on an invoice: the invoice details when it was issued (InvoicesTable.buyer). */
export type InvoiceBuyer = InvoiceDetailsBody;

/** POST /users/accept-payment: the terms must be accepted (their version is recorded). */
export const acceptPaymentBodySchema = z.object({
  acceptTerms: z.literal(true, { error: "acceptTermsRequired" }),
});
export type AcceptPaymentBody = z.infer<typeof acceptPaymentBodySchema>;

export type SubscriptionStatus = "trial" | "active" | "cancelled" | "blocked";
/** staff: blocked by staff in the admin area (issue 32), with a reason shown to the customer. */
export type BlockReason = "trialEnded" | "subscriptionEnded" | "invoiceOverdue" | "staff";

/** GET /users/block-status. */
export interface BlockStatusDto {
  blocked: boolean;
  /** The subscription's state too, so the header hides the trial bar for a paying user with one request. */
  status: SubscriptionStatus;
  reason: BlockReason | null;
  /** For invoiceOverdue: the invoice that caused it. */
  invoice: { id: number; number: number; dueAt: string; total: number; currency: "DKK" | "SEK" } | null;
  /** Whether the caller may reactivate (give details, accept); a member is told to ask the owner. */
  canManage: boolean;
  /** The owner's name, for a member who cannot reactivate themselves. */
  ownerName: string | null;
  /** For reason staff: the reason staff gave, shown as it was written. */
  staffReason: string | null;
}

/** GET /users/subscription-status (and the answer of cancel and resume). */
export interface SubscriptionStatusDto {
  status: SubscriptionStatus;
  /** Trial: days left, or false. */
  trialDaysLeft: number | false;
  /** The paid period, null before the first acceptance. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Set when cancelled: the day it ends instead of renewing. */
  cancelAt: string | null;
  seats: number;
  members: number;
  site: string;
  currency: "DKK" | "SEK";
  /** Yearly amount excluding VAT for the current seats at the account's site, minor units. */
  yearlyAmount: number;
  canManage: boolean;
  /** Billed as an organisation (true) or as a user in none (false). */
  isOrganisation: boolean;
}

/** POST /users/accept-payment answer. */
export interface AcceptPaymentDto {
  subscription: SubscriptionStatusDto;
  invoice: InvoiceDto;
}

/** GET /users/shouldShowInvoiceReminder. */
export interface InvoiceReminderDto {
  shouldShow: boolean;
  /** trialEnding: 3 days or fewer left without a subscription; invoiceOverdue: past due, not yet blocked. */
  reason: "trialEnding" | "invoiceOverdue" | null;
  trialDaysLeft: number | false;
  invoice: InvoiceDto | null;
}

/** GET /users/invoices: core §3 "Invoice" (number, date, user count, amount, status) and the documents. */
export interface InvoiceDto {
  id: number;
  number: number;
  date: string;
  dueAt: string;
  periodStart: string;
  periodEnd: string;
  userCount: number;
  /** Minor units: amount is the total including VAT; subtotal and vat as printed. */
  amount: number;
  subtotal: number;
  vat: number;
  currency: "DKK" | "SEK";
  status: "pending" | "paid" | "overdue" | "credited";
  kind: "subscription" | "renewal" | "seats";
  lines: InvoiceLine[];
  pdfUrl: string;
  /** Only for an invoice issued with e-invoice chosen. */
  ublUrl: string | null;
  /** The credit note of a credited invoice, with its own number and documents (the UBL as the invoice has one). */
  creditNote: CreditNoteRefDto | null;
}

export interface CreditNoteRefDto {
  number: number;
  date: string;
  pdfUrl: string;
  ublUrl: string | null;
}

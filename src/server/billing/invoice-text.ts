import "server-only";
import { serverTranslator } from "../i18n";
import type { CreditNoteRow } from "./credit-notes";
import type { InvoiceRow } from "./invoices";
import { formatDay as formatBillingDay, siteDay } from "@/lib/billing/dates";
import { addDays, type InvoiceLine } from "@/lib/billing/pricing";
import type { InvoiceBuyer } from "@/lib/schemas/billing";
import { DEFAULT_SITE_ID, isSiteId, SITES, type SiteId } from "@/sites/registry";

/** Dates on an invoice are the buyer's calendar dates: every site is in Central European time. */
const INTL_LOCALE = { da: "da-DK", sv: "sv-SE" } as const;

/** The parts of an issued invoice its documents (PDF, UBL, mail) print, in the language of its site. */
export interface InvoiceFacts {
  site: SiteId;
  number: number;
  currency: "DKK" | "SEK";
  issuedAt: Date;
  dueAt: Date;
  periodStart: Date;
  /** The period's last day (its end is the next period's first moment). */
  periodLastDay: Date;
  lines: InvoiceLine[];
  subtotal: number;
  vatRate: number;
  vatAmount: number;
  total: number;
  buyer: InvoiceBuyer;
  eInvoice: boolean;
  /** Set for the invoice's credit note: the documents are then the credit note's, crediting this invoice. */
  credit: CreditFacts | null;
}

/** A credit note: its own number and day; the credited invoice's number and dates are the facts' own. */
export interface CreditFacts {
  number: number;
  issuedAt: Date;
  reason: string;
}

/** The invoice's facts, or with `creditNote` those of the credit note that credits it in full. */
export function invoiceFacts(row: InvoiceRow, creditNote: CreditNoteRow | null = null): InvoiceFacts {
  return {
    site: isSiteId(row.site) ? row.site : DEFAULT_SITE_ID,
    number: row.number,
    currency: row.currency,
    issuedAt: new Date(row.issued_at),
    dueAt: new Date(row.due_at),
    periodStart: new Date(row.period_start),
    periodLastDay: addDays(new Date(row.period_end), -1),
    lines: JSON.parse(row.lines) as InvoiceLine[],
    subtotal: row.subtotal,
    vatRate: row.vat_rate,
    vatAmount: row.vat_amount,
    total: row.total,
    buyer: JSON.parse(row.buyer) as InvoiceBuyer,
    eInvoice: row.e_invoice === 1,
    credit: creditNote ? { number: creditNote.number, issuedAt: new Date(creditNote.issued_at), reason: creditNote.reason } : null,
  };
}

/** The line's own amount per unit: the yearly price, or for a prorated line each seat's share of it. */
export function linePrice(line: InvoiceLine): number {
  return line.quantity > 0 ? Math.round(line.amount / line.quantity) : line.amount;
}

/** A line as the invoice describes it: what the customer pays for (the product, the seats, a prorated share). */
export function lineDescription(site: SiteId, line: InvoiceLine): string {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  if (line.item === "extraUserProrated") {
    return t("billing.invoiceDocument.items.extraUserProrated", {
      product,
      days: line.days ?? 0,
      periodDays: line.periodDays ?? 0,
      yearly: formatMoney(site, line.unitPrice, SITES[site].currency),
    });
  }
  return t(`billing.invoiceDocument.items.${line.item}`, { product });
}

/**
 * An amount in minor units with its currency: Danish "3.118,75 kr.", Swedish "3 118,75 SEK" (the code,
 * so that a Swedish reader never mistakes the Danish krone for their own).
 */
export function formatMoney(site: SiteId, minor: number, currency: "DKK" | "SEK"): string {
  const locale = INTL_LOCALE[SITES[site].locale];
  return new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: locale === "sv-SE" ? "code" : "symbol" }).format(
    minor / 100,
  );
}

/** A date in words: "6. december 2026", "6 december 2026". */
export function formatDay(site: SiteId, date: Date): string {
  return formatBillingDay(date, SITES[site].locale);
}

/** A date as YYYY-MM-DD in the sites' time zone (the e-invoice's dates). */
export function isoDay(date: Date): string {
  return siteDay(date);
}

/** The document's file name: "faktura-1001.pdf", "faktura-1001.xml" (the word is the same in both languages). */
export function invoiceFileName(number: number, extension: "pdf" | "xml"): string {
  return `faktura-${number}.${extension}`;
}

/** The file name of the facts' document: the invoice's, or its credit note's ("kreditnota-7.pdf", "kreditfaktura-7.pdf"). */
export function documentFileName(f: InvoiceFacts, extension: "pdf" | "xml"): string {
  if (!f.credit) return invoiceFileName(f.number, extension);
  return `${serverTranslator(f.site)("billing.invoiceDocument.credit.fileName", { number: f.credit.number })}.${extension}`;
}

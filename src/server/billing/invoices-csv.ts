import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import type { InvoiceStatus } from "../db/schema";
import { serverTranslator } from "../i18n";
import { isoDay } from "./invoice-text";
import type { InvoiceBuyer } from "@/lib/schemas/billing";
import { DEFAULT_SITE_ID, type SiteId } from "@/sites/registry";

export interface InvoicesCsvFilters {
  site?: SiteId;
  status?: InvoiceStatus;
  /** Documents dated from this day, YYYY-MM-DD (in the sites' time zone), inclusive. */
  from?: string;
  /** …up to and including this day. */
  to?: string;
}

const COLUMNS = [
  "number",
  "type",
  "date",
  "dueDate",
  "customer",
  "companyNumber",
  "ean",
  "currency",
  "subtotal",
  "vat",
  "total",
  "status",
  "paidDate",
  "credits",
] as const;

type Row = Record<(typeof COLUMNS)[number], string>;

/**
 * The invoices and credit notes as a CSV file for the bookkeeper, one line per document, by date: a
 * credit note's amounts negative, so that a column sums to what was invoiced net. Written the way
 * Danish and Swedish spreadsheets open a file without an import dialog: UTF-8 with a byte order mark
 * (else Excel reads æøå as Latin-1), semicolons between fields, decimal commas and no thousands
 * separator, CRLF line ends. Headers and words in the language of the site filtered on (Danish without one).
 */
export async function invoicesCsv(db: Kysely<Database>, filters: InvoicesCsvFilters = {}): Promise<string> {
  const t = serverTranslator(filters.site ?? DEFAULT_SITE_ID);
  let invoicesQuery = db.selectFrom("invoices").selectAll().orderBy("number");
  if (filters.site) invoicesQuery = invoicesQuery.where("site", "=", filters.site);
  const invoices = await invoicesQuery.execute();
  const credits = await db.selectFrom("credit_notes").selectAll().orderBy("number").execute();
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const inRange = (day: string) => (!filters.from || day >= filters.from) && (!filters.to || day <= filters.to);
  const status = (value: InvoiceStatus) => t(`billingAccount.invoices.statuses.${value}`);
  const money = (minor: number) => (minor / 100).toFixed(2).replace(".", ",");

  const documents: Array<{ day: string; kind: 0 | 1; number: number; row: Row }> = [];
  for (const invoice of invoices) {
    const day = isoDay(new Date(invoice.issued_at));
    if (!inRange(day) || (filters.status && invoice.status !== filters.status)) continue;
    const buyer = JSON.parse(invoice.buyer) as InvoiceBuyer;
    documents.push({
      day,
      kind: 0,
      number: invoice.number,
      row: {
        number: String(invoice.number),
        type: t("billing.invoicesCsv.types.invoice"),
        date: day,
        dueDate: isoDay(new Date(invoice.due_at)),
        ...customerOf(buyer),
        currency: invoice.currency,
        subtotal: money(invoice.subtotal),
        vat: money(invoice.vat_amount),
        total: money(invoice.total),
        status: status(invoice.status),
        paidDate: invoice.paid_at ? isoDay(new Date(invoice.paid_at)) : "",
        credits: "",
      },
    });
  }
  // A credit note goes with its invoice's status filter: "credited" lists both.
  if (!filters.status || filters.status === "credited") {
    for (const note of credits) {
      const invoice = byId.get(note.invoice_id);
      const day = isoDay(new Date(note.issued_at));
      if (!invoice || !inRange(day)) continue;
      documents.push({
        day,
        kind: 1,
        number: note.number,
        row: {
          number: String(note.number),
          type: t("billing.invoicesCsv.types.creditNote"),
          date: day,
          dueDate: "",
          ...customerOf(JSON.parse(invoice.buyer) as InvoiceBuyer),
          currency: invoice.currency,
          subtotal: money(-invoice.subtotal),
          vat: money(-invoice.vat_amount),
          total: money(-invoice.total),
          status: "",
          paidDate: "",
          credits: String(invoice.number),
        },
      });
    }
  }
  documents.sort((a, b) => a.day.localeCompare(b.day) || a.kind - b.kind || a.number - b.number);

  const header = COLUMNS.map((column) => t(`billing.invoicesCsv.columns.${column}`));
  const lines = [header, ...documents.map((d) => COLUMNS.map((column) => d.row[column]))];
  return `\uFEFF${lines.map((fields) => fields.map(csvField).join(";")).join("\r\n")}\r\n`;
}

function customerOf(buyer: InvoiceBuyer): Pick<Row, "customer" | "companyNumber" | "ean"> {
  return {
    customer: (buyer.isCompany && buyer.companyName) || buyer.name,
    companyNumber: buyer.isCompany ? buyer.cvrNumber : "",
    ean: buyer.eanNumber,
  };
}

/**
 * One field as CSV writes it (RFC 4180 with semicolons): quoted when it holds a separator, a quote or a
 * line break, quotes doubled. Text a spreadsheet would run as a formula (a customer named "=HYPERLINK(…)")
 * gets a leading apostrophe, which spreadsheets show as text; our own amounts, negative ones with their
 * "-", are digits and pass as they are.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(,\d+)?$/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

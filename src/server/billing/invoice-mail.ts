import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { getMailer, type MailAttachment } from "../mail/mailer";
import { render } from "../mail/templates";
import { invoicePdf } from "./invoice-pdf";
import { creditNoteOf, type CreditNoteRow } from "./credit-notes";
import { documentFileName, formatDay, formatMoney, invoiceFacts, type InvoiceFacts } from "./invoice-text";
import { EInvoiceUnavailableError, invoiceUbl } from "./invoice-ubl";
import type { InvoiceRow } from "./invoices";
import { BILLING_NOTICE_PATH } from "./notice-mail";
import { sellerOf } from "./seller";
import { payerOwnerOf } from "./state";
import { SITES, type SiteId } from "@/sites/registry";

interface Recipient {
  site: SiteId;
  origin: string;
}

/**
 * Does an "invoice" mail job (issueInvoice queues it with the invoice): the invoice to the buyer's
 * invoice e-mail, or, for an e-invoice given without one, to the account's owner (the organisation's
 * owner, or the user an account of one belongs to). In the language of the invoice's site, with the PDF
 * attached and, for an e-invoice, the UBL file as well.
 * The "creditNote" variant does a "credit-note" job (issueCreditNote queues it): the invoice's credit
 * note, to the same recipient, the same way.
 */
export async function sendInvoiceMail(
  db: Kysely<Database>,
  to: Recipient,
  invoiceId: number | null,
  variant: "invoice" | "creditNote" = "invoice",
): Promise<void> {
  if (invoiceId === null) return;
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return;
  const creditNote = variant === "creditNote" ? ((await creditNoteOf(db, invoice)) ?? null) : null;
  if (variant === "creditNote" && !creditNote) return;
  const facts = invoiceFacts(invoice, creditNote);
  const email = facts.buyer.invoiceEmail || (await payerOwnerOf(db, invoice.billing_account_id))?.email;
  if (!email) {
    log.warn("billing", `invoice ${invoice.number}: no invoice e-mail and no owner to send it to`);
    return;
  }
  const attachments = await invoiceAttachments(invoice, creditNote, facts);
  const withUbl = attachments.length > 1;
  const mail = invoiceMail(facts, { link: `${to.origin}${BILLING_NOTICE_PATH}`, withUbl });
  await getMailer().send({ to: email, site: facts.site, ...mail, attachments });
}

async function invoiceAttachments(invoice: InvoiceRow, creditNote: CreditNoteRow | null, facts: InvoiceFacts): Promise<MailAttachment[]> {
  const attachments: MailAttachment[] = [
    { filename: documentFileName(facts, "pdf"), contentType: "application/pdf", content: await invoicePdf(invoice, creditNote) },
  ];
  if (!facts.eInvoice) return attachments;
  try {
    const xml = await invoiceUbl(invoice, creditNote);
    attachments.push({
      filename: documentFileName(facts, "xml"),
      contentType: "application/xml",
      content: new TextEncoder().encode(xml),
    });
  } catch (error) {
    // The customer still gets the invoice they must pay; staff see why its e-invoice is missing.
    if (!(error instanceof EInvoiceUnavailableError)) throw error;
    log.error("billing", `invoice ${facts.number}: sent without its e-invoice`, error);
  }
  return attachments;
}

/** The mail's text: the invoice's number, amount and period, when it is due, and where to see the invoices. */
export function invoiceMail(f: InvoiceFacts, p: { link: string; withUbl: boolean }) {
  const t = serverTranslator(f.site);
  const product = SITES[f.site].productName;
  const k = "billing.invoiceMail";
  const seller = sellerOf(f.site);
  if (f.credit) {
    const c = `${k}.credit`;
    return render(f.site, {
      subject: t(`${c}.subject`, { number: f.credit.number, product }),
      greeting: t("mail.greeting", { name: f.buyer.name }),
      before: [
        t(`${c}.intro`, {
          number: f.credit.number,
          amount: formatMoney(f.site, f.total, f.currency),
          invoiceNumber: f.number,
          invoiceDate: formatDay(f.site, f.issuedAt),
        }),
        t(`${c}.settlement`),
        ...(p.withUbl ? [t(`${c}.eInvoice`, { ean: f.buyer.eanNumber })] : []),
      ],
      action: { label: t(`${k}.button`), link: p.link, fallback: t("mail.linkFallback") },
      after: seller.email ? [t(`${c}.questions`, { email: seller.email })] : [],
      signOff: t("mail.signOff"),
      footer: t("mail.automatic", { product }),
    });
  }
  return render(f.site, {
    subject: t(`${k}.subject`, { number: f.number, product }),
    greeting: t("mail.greeting", { name: f.buyer.name }),
    before: [
      t(`${k}.intro`, {
        product,
        number: f.number,
        amount: formatMoney(f.site, f.total, f.currency),
        from: formatDay(f.site, f.periodStart),
        to: formatDay(f.site, f.periodLastDay),
      }),
      t(`${k}.due`, { date: formatDay(f.site, f.dueAt) }),
      ...(p.withUbl ? [t(`${k}.eInvoice`, { ean: f.buyer.eanNumber })] : []),
    ],
    action: { label: t(`${k}.button`), link: p.link, fallback: t("mail.linkFallback") },
    after: seller.email ? [t(`${k}.questions`, { email: seller.email })] : [],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

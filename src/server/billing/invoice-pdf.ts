import "server-only";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { serverTranslator } from "../i18n";
import type { CreditNoteRow } from "./credit-notes";
import type { InvoiceRow } from "./invoices";
import { formatDay, formatMoney, invoiceFacts, lineDescription, linePrice, type InvoiceFacts } from "./invoice-text";
import { sellerOf, type Seller } from "./seller";
import { PAYMENT_TERMS_DAYS } from "@/lib/billing/pricing";
import { SITES } from "@/sites/registry";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const BRAND = rgb(0x15 / 255, 0x62 / 255, 0xad / 255);
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.7, 0.7, 0.7);

/**
 * The invoice as an A4 PDF in the language of its site. Helvetica, one of the PDF standard fonts, is
 * used rather than an embedded font: its WinAnsi encoding has æ, ø, å, ä, ö, the en dash and the
 * no-break space Intl puts in amounts, which is every character our own texts need (a buyer's name
 * with a character outside it is printed with the nearest letter, see `printable`).
 * With `creditNote`, the same layout is the credit note ("Kreditnota", "Kreditfaktura"): its own number
 * and day, the credited invoice's number and date, the amounts negated and the reason instead of how to pay.
 */
export async function invoicePdf(row: InvoiceRow, creditNote: CreditNoteRow | null = null): Promise<Uint8Array> {
  const facts = invoiceFacts(row, creditNote);
  const seller = sellerOf(facts.site);
  const doc = await PDFDocument.create();
  const t = serverTranslator(facts.site);
  const product = SITES[facts.site].productName;
  doc.setTitle(
    facts.credit
      ? t("billing.invoiceDocument.credit.documentTitle", { number: facts.credit.number, product })
      : t("billing.invoiceDocument.documentTitle", { number: facts.number, product }),
  );
  doc.setAuthor(seller.name);
  doc.setCreator(product);
  doc.setProducer(product);
  doc.setLanguage(SITES[facts.site].locale === "sv" ? "sv-SE" : "da-DK");
  // The issue date, not the moment of rendering: the same invoice always gives the same document.
  doc.setCreationDate(facts.credit?.issuedAt ?? facts.issuedAt);
  doc.setModificationDate(facts.credit?.issuedAt ?? facts.issuedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  new InvoiceLayout(doc.addPage(A4), regular, bold, facts, seller).draw();
  return doc.save();
}

class InvoiceLayout {
  private readonly t;
  private readonly width: number;
  private readonly right: number;

  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly f: InvoiceFacts,
    private readonly seller: Seller,
  ) {
    this.t = serverTranslator(f.site);
    this.width = page.getWidth();
    this.right = this.width - MARGIN;
  }

  draw(): void {
    const top = this.page.getHeight() - MARGIN;
    this.header(top);
    const afterParties = Math.min(this.buyer(top - 110), this.facts(top - 110));
    const afterTable = this.table(afterParties - 28);
    const afterTotals = this.totals(afterTable - 10);
    if (this.f.credit) this.crediting(afterTotals - 30, this.f.credit);
    else this.payment(afterTotals - 30);
    this.footer();
  }

  /** The product's name on the left, the seller's block on the right. */
  private header(y: number): void {
    this.text(SITES[this.f.site].productName, MARGIN, y - 16, { font: this.bold, size: 22, color: BRAND });
    const k = "billing.invoiceDocument";
    const lines = [
      this.seller.address,
      [this.seller.zip, this.seller.city].filter(Boolean).join(" "),
      this.seller.country !== this.f.buyer.country ? regionName(SITES[this.f.site].locale, this.seller.country) : "",
      this.seller.cvr ? this.t(`${k}.sellerCompanyNumber`, { cvr: this.seller.cvr }) : "",
      this.seller.email ? this.t(`${k}.sellerEmail`, { email: this.seller.email }) : "",
    ].filter(Boolean);
    this.textRight(this.seller.name, this.right, y - 4, { font: this.bold, size: 10 });
    lines.forEach((line, i) => this.textRight(line, this.right, y - 18 - i * 12, { size: 9, color: MUTED }));
  }

  /** The buyer as the invoice details were when the invoice was issued. Answers the lowest y used. */
  private buyer(y: number): number {
    const k = "billing.invoiceDocument";
    const b = this.f.buyer;
    this.text(this.t(`${k}.buyerTitle`).toUpperCase(), MARGIN, y, { font: this.bold, size: 8, color: MUTED });
    let lineY = y - 16;
    const maxWidth = 250;
    const put = (value: string, font = this.regular) => {
      for (const line of this.wrap(value, font, 10, maxWidth)) {
        this.text(line, MARGIN, lineY, { font, size: 10 });
        lineY -= 13;
      }
    };
    const company = b.isCompany && b.companyName;
    put(company ? b.companyName : b.name, this.bold);
    if (company && b.name) put(this.t(`${k}.attention`, { name: b.name }));
    put(b.address);
    put(`${b.zip} ${b.city}`);
    if (b.country && b.country !== this.seller.country) put(regionName(SITES[this.f.site].locale, b.country));
    lineY -= 4;
    if (b.isCompany && b.cvrNumber) put(this.t(`${k}.buyerCompanyNumber`, { number: b.cvrNumber }));
    if (b.eanNumber) put(this.t(`${k}.ean`, { ean: b.eanNumber }));
    if (b.reference) put(this.t(`${k}.reference`, { reference: b.reference }));
    return lineY;
  }

  /** "Faktura" with its number, dates, terms and period, right-aligned in two columns. */
  private facts(y: number): number {
    const k = "billing.invoiceDocument";
    const site = this.f.site;
    const valueX = this.right;
    const labelX = this.right - 200;
    const credit = this.f.credit;
    this.text(this.t(credit ? `${k}.credit.title` : `${k}.title`), labelX, y - 14, { font: this.bold, size: 22 });
    const rows: Array<[string, string]> = credit
      ? [
          [this.t(`${k}.credit.number`), String(credit.number)],
          [this.t(`${k}.credit.date`), formatDay(site, credit.issuedAt)],
          [this.t(`${k}.credit.invoiceNumber`), String(this.f.number)],
          [this.t(`${k}.credit.invoiceDate`), formatDay(site, this.f.issuedAt)],
        ]
      : [
          [this.t(`${k}.number`), String(this.f.number)],
          [this.t(`${k}.date`), formatDay(site, this.f.issuedAt)],
          [this.t(`${k}.dueDate`), formatDay(site, this.f.dueAt)],
          [this.t(`${k}.terms`), this.t(`${k}.termsValue`, { days: PAYMENT_TERMS_DAYS })],
        ];
    let rowY = y - 40;
    rows.forEach(([label, value], i) => {
      this.text(label, labelX, rowY, { size: 9, color: MUTED });
      // The number in bold: it is what the customer quotes when paying.
      this.textRight(value, valueX, rowY, { size: 10, font: i === 0 ? this.bold : this.regular });
      rowY -= 15;
    });
    this.text(this.t(`${k}.period`), labelX, rowY, { size: 9, color: MUTED });
    rowY -= 13;
    const period = this.t(`${k}.periodValue`, { from: formatDay(site, this.f.periodStart), to: formatDay(site, this.f.periodLastDay) });
    this.textRight(period, valueX, rowY, { size: 10 });
    return rowY - 13;
  }

  /** The lines: description, quantity, unit price and amount, amounts aligned right, thin rules. */
  private table(y: number): number {
    const k = "billing.invoiceDocument";
    const site = this.f.site;
    const cols = { description: MARGIN, quantity: this.right - 190, unitPrice: this.right - 95, amount: this.right };
    const head = { font: this.bold, size: 9 };
    this.text(this.t(`${k}.description`), cols.description, y, head);
    this.textRight(this.t(`${k}.quantity`), cols.quantity, y, head);
    this.textRight(this.t(`${k}.unitPrice`), cols.unitPrice, y, head);
    this.textRight(this.t(`${k}.amount`), cols.amount, y, head);
    this.rule(y - 6, 0.8, INK);
    let rowY = y - 22;
    for (const line of this.f.lines) {
      const description = this.wrap(lineDescription(site, line), this.regular, 10, cols.quantity - 40 - MARGIN);
      description.forEach((part, i) => this.text(part, cols.description, rowY - i * 13, { size: 10 }));
      this.textRight(String(line.quantity), cols.quantity, rowY, { size: 10 });
      this.textRight(formatMoney(site, this.signed(linePrice(line)), this.f.currency), cols.unitPrice, rowY, { size: 10 });
      this.textRight(formatMoney(site, this.signed(line.amount), this.f.currency), cols.amount, rowY, { size: 10 });
      rowY -= description.length * 13 + 6;
      this.rule(rowY + 4, 0.4, RULE);
      rowY -= 12;
    }
    return rowY + 12;
  }

  /** Subtotal, VAT and total under the amount column, the total in bold above a double rule. */
  private totals(y: number): number {
    const k = "billing.invoiceDocument";
    const site = this.f.site;
    const labelX = this.right - 230;
    const money = (minor: number) => formatMoney(site, this.signed(minor), this.f.currency);
    let rowY = y - 8;
    const row = (label: string, value: string, font = this.regular, size = 10) => {
      this.text(label, labelX, rowY, { font, size });
      this.textRight(value, this.right, rowY, { font, size });
    };
    row(this.t(`${k}.subtotal`), money(this.f.subtotal));
    rowY -= 15;
    row(this.t(`${k}.vat`, { rate: this.f.vatRate }), money(this.f.vatAmount));
    rowY -= 9;
    this.rule(rowY, 0.8, INK, labelX);
    rowY -= 15;
    row(this.t(this.f.credit ? `${k}.credit.total` : `${k}.total`), money(this.f.total), this.bold, 11);
    rowY -= 7;
    this.rule(rowY, 0.8, INK, labelX);
    this.rule(rowY - 2, 0.8, INK, labelX);
    rowY -= 16;
    this.textRight(this.t(`${k}.currency`, { currency: this.f.currency }), this.right, rowY, { size: 8, color: MUTED });
    return rowY;
  }

  /** An amount as printed: a credit note's amounts are negative, what the buyer no longer owes. */
  private signed(minor: number): number {
    return this.f.credit ? -minor : minor;
  }

  /** The credit note's instead of how to pay: the invoice it credits, why, and what happens to the money. */
  private crediting(y: number, credit: NonNullable<InvoiceFacts["credit"]>): void {
    const k = "billing.invoiceDocument.credit";
    this.text(this.t(`${k}.sectionTitle`).toUpperCase(), MARGIN, y, { font: this.bold, size: 8, color: MUTED });
    const lines = [
      this.t(`${k}.credits`, { number: this.f.number, date: formatDay(this.f.site, this.f.issuedAt) }),
      ...(credit.reason ? this.wrap(this.t(`${k}.reason`, { reason: credit.reason }), this.regular, 10, this.right - MARGIN) : []),
      this.t(`${k}.settlement`),
      this.f.eInvoice && this.f.buyer.eanNumber ? this.t(`${k}.eInvoice`, { ean: this.f.buyer.eanNumber }) : "",
    ].filter(Boolean);
    lines.forEach((line, i) => this.text(line, MARGIN, y - 16 - i * 14, { size: 10 }));
  }

  /** How to pay: the due date, the account and the reference. */
  private payment(y: number): void {
    const k = "billing.invoiceDocument";
    const { bank } = this.seller;
    this.text(this.t(`${k}.paymentTitle`).toUpperCase(), MARGIN, y, { font: this.bold, size: 8, color: MUTED });
    const accounts = [
      bank.reg && bank.account ? this.t(`${k}.bankDomestic`, { reg: bank.reg, account: bank.account }) : "",
      [bank.iban ? this.t(`${k}.bankIban`, { iban: groupIban(bank.iban) }) : "", bank.bic ? this.t(`${k}.bankBic`, { bic: bank.bic }) : ""]
        .filter(Boolean)
        .join("   "),
    ].filter(Boolean);
    const date = formatDay(this.f.site, this.f.dueAt);
    const lines = [
      // "…to:" only when an account follows.
      accounts.length > 0 ? this.t(`${k}.paymentDue`, { date }) : this.t(`${k}.paymentDueBy`, { date }),
      ...accounts,
      this.t(`${k}.paymentReference`, { number: this.f.number }),
      this.f.eInvoice && this.f.buyer.eanNumber ? this.t(`${k}.eInvoice`, { ean: this.f.buyer.eanNumber }) : "",
    ].filter(Boolean);
    lines.forEach((line, i) => this.text(line, MARGIN, y - 16 - i * 14, { size: 10 }));
  }

  /** The legal line: who issued the invoice, with the CVR. */
  private footer(): void {
    const k = "billing.invoiceDocument";
    const s = this.seller;
    const parts = [
      s.cvr ? this.t(`${k}.legal`, { name: s.name, cvr: s.cvr }) : s.name,
      [s.address, [s.zip, s.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
      s.email,
    ].filter(Boolean);
    const y = MARGIN - 10;
    this.rule(y + 14, 0.4, RULE);
    const line = parts.join(" · ");
    const size = 8;
    const width = this.regular.widthOfTextAtSize(this.printable(line, this.regular), size);
    this.text(line, (this.width - width) / 2, y, { size, color: MUTED });
  }

  private text(value: string, x: number, y: number, o: { font?: PDFFont; size?: number; color?: RGB } = {}): void {
    const font = o.font ?? this.regular;
    this.page.drawText(this.printable(value, font), { x, y, font, size: o.size ?? 10, color: o.color ?? INK });
  }

  private textRight(value: string, right: number, y: number, o: { font?: PDFFont; size?: number; color?: RGB } = {}): void {
    const font = o.font ?? this.regular;
    const printed = this.printable(value, font);
    this.text(printed, right - font.widthOfTextAtSize(printed, o.size ?? 10), y, o);
  }

  private rule(y: number, thickness: number, color: RGB, from = MARGIN): void {
    this.page.drawLine({ start: { x: from, y }, end: { x: this.right, y }, thickness, color });
  }

  /** Words onto lines no wider than `maxWidth`; a word longer than a line is cut. */
  private wrap(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
    const words = this.printable(value, font).split(" ").filter(Boolean);
    const lines: string[] = [];
    let current = "";
    for (let word of words) {
      while (font.widthOfTextAtSize(word, size) > maxWidth && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > maxWidth) cut -= 1;
        if (current) lines.push(current);
        lines.push(word.slice(0, cut));
        current = "";
        word = word.slice(cut);
      }
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [""];
  }

  /** The text in the font's encoding: narrow spaces as no-break spaces, other characters as their base letter, else "?". */
  private printable(value: string, font: PDFFont): string {
    const supported = charsetOf(font);
    let out = "";
    for (const char of value
      .replace(/[\u2009\u202f]/g, "\u00a0")
      .replace(/\u2212/g, "-")
      .replace(/\s*[\r\n]+\s*/g, " ")) {
      if (supported.has(char.codePointAt(0)!)) out += char;
      else {
        const base = BASE_LETTERS[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
        out += [...base].every((c) => supported.has(c.codePointAt(0)!)) && base ? base : "?";
      }
    }
    return out;
  }
}

/** Letters that Unicode does not decompose into a base letter and a mark. */
const BASE_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/** A country's name in the invoice's language ("Sverige", "Danmark"), or its code when Intl does not know it. */
function regionName(locale: "da" | "sv", code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An IBAN in groups of four, as it is written on paper. */
function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

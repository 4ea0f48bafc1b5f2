import "server-only";
import { InvoiceService, type Invoice } from "@e-invoice-eu/core";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import type { CreditNoteRow } from "./credit-notes";
import type { InvoiceRow } from "./invoices";
import { invoiceFacts, isoDay, lineDescription, linePrice, type InvoiceFacts } from "./invoice-text";
import { sellerOf, type Seller } from "./seller";
import { PAYMENT_TERMS_DAYS } from "@/lib/billing/pricing";
import { SITES } from "@/sites/registry";

/** Peppol BIS Billing 3.0 (BT-24): an EN 16931 invoice restricted by Peppol's rules. */
export const PEPPOL_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
/** Peppol's billing process (BT-23). */
export const PEPPOL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** The e-invoice cannot be made: the seller has no CVR, which Peppol needs as our endpoint and VAT number. */
export class EInvoiceUnavailableError extends Error {
  constructor() {
    super("SELLER_CVR is not set: an e-invoice needs the seller's CVR (endpoint 0184 and VAT number)");
  }
}

const logger = {
  log: (message: string) => log.info("e-invoice", message),
  warn: (message: string) => log.warn("e-invoice", message),
  error: (message: string) => log.error("e-invoice", message),
};

/**
 * The invoice as an EN 16931 UBL 2.1 document in the Peppol BIS Billing 3.0 profile, for the buyer's
 * access point (only invoices issued with e-invoice chosen). @e-invoice-eu/core's "UBL" format is its
 * Peppol UBL (it fills ProfileID with Peppol's and requires both parties' endpoints); BT-24 is set to
 * Peppol's here, as the format's default is bare EN 16931. The library validates the data against its
 * schema before writing, so a missing required term fails here rather than at the buyer's access point.
 * With `creditNote`, the same data as a UBL CreditNote (type 381): the library writes a CreditNote for a
 * credit-note type code from the same internal format, and BT-25/BT-26 name the credited invoice.
 */
export async function invoiceUbl(row: InvoiceRow, creditNote: CreditNoteRow | null = null): Promise<string> {
  const facts = invoiceFacts(row, creditNote);
  const seller = sellerOf(facts.site);
  if (!seller.cvr) throw new EInvoiceUnavailableError();
  const xml = await new InvoiceService(logger).generate(ublInvoice(facts, seller), {
    format: "UBL",
    lang: SITES[facts.site].locale === "sv" ? "sv-se" : "da-dk",
  });
  return typeof xml === "string" ? xml : new TextDecoder().decode(xml);
}

/** Two decimals, a full stop: the syntax's amounts. */
const amount = (minor: number) => (minor / 100).toFixed(2);

/** The internal format of @e-invoice-eu/core: UBL element names, attributes after "@". */
export function ublInvoice(f: InvoiceFacts, seller: Seller): Invoice {
  const t = serverTranslator(f.site);
  const currency = f.currency;
  const vat = { "cbc:ID": "S", "cbc:Percent": String(f.vatRate), "cac:TaxScheme": { "cbc:ID": "VAT" } } as const;
  const b = f.buyer;
  const buyerName = b.isCompany && b.companyName ? b.companyName : b.name;
  // BT-47: a CVR under Peppol's Danish scheme (0184, written DK + 8 digits), an organisationsnummer under Sweden's (0007).
  const buyerLegalId =
    b.isCompany && b.cvrNumber ? (SITES[f.site].companyIdLength === 10 ? ["0007", b.cvrNumber] : ["0184", `DK${b.cvrNumber}`]) : null;
  const lines = f.lines.map((line, i) => ({
    "cbc:ID": String(i + 1),
    "cbc:InvoicedQuantity": String(line.quantity),
    // C62 "one": a seat.
    "cbc:InvoicedQuantity@unitCode": "C62",
    "cbc:LineExtensionAmount": amount(line.amount),
    "cbc:LineExtensionAmount@currencyID": currency,
    "cac:Item": { "cbc:Name": lineDescription(f.site, line), "cac:ClassifiedTaxCategory": vat },
    // A prorated seat's own price, so that quantity × price is the line's amount (BR-CO-10's sum holds line by line).
    "cac:Price": { "cbc:PriceAmount": amount(linePrice(line)), "cbc:PriceAmount@currencyID": currency },
  }));
  const [firstLine, ...moreLines] = lines;
  if (!firstLine) throw new Error(`invoice ${f.number} has no lines`);

  const credit = f.credit;
  const invoice = {
    "ubl:Invoice": {
      "cbc:CustomizationID": PEPPOL_CUSTOMIZATION_ID,
      "cbc:ProfileID": PEPPOL_PROFILE_ID,
      "cbc:ID": String(credit ? credit.number : f.number),
      "cbc:IssueDate": isoDay(credit ? credit.issuedAt : f.issuedAt),
      ...(credit ? {} : { "cbc:DueDate": isoDay(f.dueAt) }),
      // 381: a credit note; its amounts are positive, what is credited (EN 16931).
      "cbc:InvoiceTypeCode": credit ? "381" : "380",
      ...(credit?.reason ? { "cbc:Note": [t("billing.invoiceDocument.credit.reason", { reason: credit.reason })] } : {}),
      "cbc:DocumentCurrencyCode": currency,
      // Peppol wants BT-10 or an order reference (BT-13); the details' reference, else whom the invoice is for.
      "cbc:BuyerReference": b.reference || b.name || String(f.number),
      "cac:InvoicePeriod": { "cbc:StartDate": isoDay(f.periodStart), "cbc:EndDate": isoDay(f.periodLastDay) },
      // BT-25 and BT-26: the invoice a credit note credits.
      ...(credit
        ? {
            "cac:BillingReference": [
              { "cac:InvoiceDocumentReference": { "cbc:ID": String(f.number), "cbc:IssueDate": isoDay(f.issuedAt) } },
            ],
          }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": seller.vatNumber,
          "cbc:EndpointID@schemeID": "0184",
          "cac:PartyName": { "cbc:Name": seller.name },
          "cac:PostalAddress": postalAddress(seller.address, seller.zip, seller.city, seller.country),
          "cac:PartyTaxScheme": [{ "cbc:CompanyID": seller.vatNumber, "cac:TaxScheme": { "cbc:ID": "VAT" } }],
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": seller.name,
            "cbc:CompanyID": seller.vatNumber,
            "cbc:CompanyID@schemeID": "0184",
          },
          ...(seller.email ? { "cac:Contact": { "cbc:ElectronicMail": seller.email } } : {}),
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          // BT-49: the EAN (a GLN) the buyer's access point is registered under.
          "cbc:EndpointID": b.eanNumber,
          "cbc:EndpointID@schemeID": "0088",
          "cac:PartyName": { "cbc:Name": buyerName },
          "cac:PostalAddress": postalAddress(b.address, b.zip, b.city, b.country),
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": buyerName,
            ...(buyerLegalId ? { "cbc:CompanyID": buyerLegalId[1], "cbc:CompanyID@schemeID": buyerLegalId[0] } : {}),
          },
          ...(b.name || b.invoiceEmail
            ? {
                "cac:Contact": {
                  ...(b.name ? { "cbc:Name": b.name } : {}),
                  ...(b.invoiceEmail ? { "cbc:ElectronicMail": b.invoiceEmail } : {}),
                },
              }
            : {}),
        },
      },
      // Nothing is to be paid on a credit note: no account, no terms.
      ...(seller.bank.iban && !credit
        ? {
            "cac:PaymentMeans": [
              {
                // 31: a bank transfer to the account below (58, SEPA, is for euro only).
                "cbc:PaymentMeansCode": "31",
                "cbc:PaymentID": String(f.number),
                "cac:PayeeFinancialAccount": {
                  "cbc:ID": seller.bank.iban,
                  "cbc:Name": seller.name,
                  ...(seller.bank.bic ? { "cac:FinancialInstitutionBranch": { "cbc:ID": seller.bank.bic } } : {}),
                },
              },
            ],
          }
        : {}),
      ...(credit ? {} : { "cac:PaymentTerms": { "cbc:Note": t("billing.invoiceDocument.termsValue", { days: PAYMENT_TERMS_DAYS }) } }),
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": amount(f.vatAmount),
          "cbc:TaxAmount@currencyID": currency,
          "cac:TaxSubtotal": [
            {
              "cbc:TaxableAmount": amount(f.subtotal),
              "cbc:TaxableAmount@currencyID": currency,
              "cbc:TaxAmount": amount(f.vatAmount),
              "cbc:TaxAmount@currencyID": currency,
              "cac:TaxCategory": vat,
            },
          ],
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": amount(f.subtotal),
        "cbc:LineExtensionAmount@currencyID": currency,
        "cbc:TaxExclusiveAmount": amount(f.subtotal),
        "cbc:TaxExclusiveAmount@currencyID": currency,
        "cbc:TaxInclusiveAmount": amount(f.total),
        "cbc:TaxInclusiveAmount@currencyID": currency,
        "cbc:PayableAmount": amount(f.total),
        "cbc:PayableAmount@currencyID": currency,
      },
      "cac:InvoiceLine": [firstLine, ...moreLines],
    },
  };
  // Country and currency codes are plain strings here; the library checks them against its code lists
  // (its schema) before it writes anything.
  return invoice as Invoice;
}

/** An address without empty elements (Peppol refuses them); the country is always there. */
function postalAddress(street: string, zip: string, city: string, country: string) {
  return {
    ...(street ? { "cbc:StreetName": street } : {}),
    ...(city ? { "cbc:CityName": city } : {}),
    ...(zip ? { "cbc:PostalZone": zip } : {}),
    "cac:Country": { "cbc:IdentificationCode": country },
  };
}

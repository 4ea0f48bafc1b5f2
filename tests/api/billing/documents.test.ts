/**
 * The invoice documents (issue 31): the PDF read back with pdftotext in the language of the invoice's
 * site, the EN 16931 e-invoice (Peppol BIS Billing 3.0 UBL) with every business term the buyer's access
 * point needs and sums that agree, who may download them, and the invoice mail with its attachments.
 */
import { readFile } from "node:fs/promises";
import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { beforeAll, describe, expect, it } from "vitest";
import * as pdfRoute from "@/app/api/users/invoices/[id]/pdf/route";
import * as ublRoute from "@/app/api/users/invoices/[id]/ubl/route";
import { seatLines } from "@/lib/billing/pricing";
import type { InvoiceBuyer } from "@/lib/schemas/billing";
import { issueInvoice } from "@/server/billing/invoices";
import { getDb } from "@/server/db";
import { callRoute } from "../../support/route";
import { danishIn } from "../../support/danish-text";
import { mailsTo } from "../../support/mail";
import { createOrganisation, createUser } from "../../support/users";
import { all, at, pdfText, text } from "./document-support";
import { accept, dueDaysAgo, saveDetails, VALID_CVR, VALID_EAN, VALID_ORGNR, validDetails } from "./support";

// Read when the first document is made (the configuration is read once, on first use).
const SELLER = {
  SELLER_NAME: "Planværktøj ApS",
  SELLER_ADDRESS: "Åboulevarden 12",
  SELLER_ZIP: "8000",
  SELLER_CITY: "Aarhus C",
  SELLER_COUNTRY: "DK",
  SELLER_CVR: "24256790",
  SELLER_EMAIL: "faktura@planvaerktoej.example",
  SELLER_BANK_REG: "1234",
  SELLER_BANK_ACCOUNT: "0012345678",
  SELLER_IBAN: "DK5000400440116243",
  SELLER_BIC: "DABADKKK",
};
Object.assign(process.env, SELLER);

/** A date as the invoice prints it (da-DK or sv-SE, in the sites' time zone) and as the UBL writes it. */
const printed = (iso: string, locale: "da-DK" | "sv-SE") =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Copenhagen" }).format(new Date(iso));
const ublDate = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date(iso));

const download = (route: typeof pdfRoute.GET, token: string | null, id: number, site = "skilteplanen") =>
  callRoute(route, {
    path: `/api/users/invoices/${id}/x`,
    site,
    params: { id: String(id) },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

interface Scene {
  owner: Awaited<ReturnType<typeof createUser>>;
  member: Awaited<ReturnType<typeof createUser>>;
  invoice: { id: number; number: number; date: string; dueAt: string; periodStart: string; periodEnd: string };
}

let dk: Scene;
let se: Omit<Scene, "member">;

beforeAll(async () => {
  // Skilteplanen: an organisation of two, e-invoice to an EAN, no invoice e-mail (the owner gets the mail).
  const owner = await createUser({ name: "Eva Ejer" });
  const member = await createUser({ name: "Mads Medlem" });
  await createOrganisation(owner.id, [member.id]);
  const details = validDetails("skilteplanen", { sendEInvoice: true, eanNumber: VALID_EAN, invoiceEmail: "", reference: "Indkøb 42" });
  expect((await saveDetails(owner.token, details)).status).toBe(200);
  const accepted = await accept(owner.token);
  expect(accepted.status).toBe(201);
  dk = { owner, member, invoice: accepted.json.invoice };

  // TA-planen: a user alone, paper invoice by e-mail.
  const seOwner = await createUser({ name: "Sara Svensson", site: "ta-planen" });
  const seDetails = validDetails("ta-planen", {
    companyName: "Vägbolaget i Malmö AB",
    name: "Sara Svensson",
    address: "Storgatan 3",
    zip: "211 22",
    city: "Malmö",
    invoiceEmail: "faktura@vagbolaget.example",
    reference: "",
  });
  expect((await saveDetails(seOwner.token, seDetails, "ta-planen")).status).toBe(200);
  const seAccepted = await accept(seOwner.token, "ta-planen");
  expect(seAccepted.status).toBe(201);
  se = { owner: seOwner, invoice: seAccepted.json.invoice };
});

describe("GET /users/invoices/{id}/pdf", () => {
  it("is the Danish invoice of an organisation of two: seller, buyer, dates, lines, VAT and payment", async () => {
    const res = await download(pdfRoute.GET, dk.owner.token, dk.invoice.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="faktura-${dk.invoice.number}.pdf"`);
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pdf = await pdfText(bytes);

    expect(pdf).toContain("Skilteplanen");
    expect(pdf).toMatch(/Faktura\b/);
    expect(pdf).toMatch(new RegExp(`Fakturanr\\.\\s+${dk.invoice.number}\\b`));
    expect(pdf).toMatch(new RegExp(`Fakturadato\\s+${printed(dk.invoice.date, "da-DK")}`));
    expect(pdf).toMatch(new RegExp(`Forfaldsdato\\s+${printed(dk.invoice.dueAt, "da-DK")}`));
    expect(pdf).toMatch(/Betalingsbetingelser\s+Netto 14 dage/);
    const lastDay = new Date(Date.parse(dk.invoice.periodEnd) - 86_400_000).toISOString();
    expect(pdf).toContain(`${printed(dk.invoice.periodStart, "da-DK")} – ${printed(lastDay, "da-DK")}`);
    // The seller, with its CVR, in the header and the legal line.
    expect(pdf).toContain("Planværktøj ApS");
    expect(pdf).toContain("Åboulevarden 12");
    expect(pdf).toContain("CVR-nr.: 24256790");
    expect(pdf).toContain("Planværktøj ApS · CVR-nr. 24256790");
    // The buyer as the invoice details gave it.
    for (const line of [
      "Vejfirma ApS",
      "Att.: Bo Jensen",
      "Vejen 1",
      "5000 Odense",
      `CVR-nr.: ${VALID_CVR}`,
      `EAN-nr.: ${VALID_EAN}`,
      "Reference: Indkøb 42",
    ]) {
      expect(pdf).toContain(line);
    }
    // The lines: description, quantity, unit price, amount.
    expect(pdf).toMatch(/Beskrivelse\s+Antal\s+Enhedspris\s+Beløb/);
    expect(pdf).toMatch(/Skilteplanen, årsabonnement – første bruger\s+1\s+2\.495,00 kr\.\s+2\.495,00 kr\./);
    expect(pdf).toMatch(/Skilteplanen, årsabonnement – yderligere brugere\s+1\s+1\.195,00 kr\.\s+1\.195,00 kr\./);
    expect(pdf).toMatch(/Subtotal ekskl\. moms\s+3\.690,00 kr\./);
    expect(pdf).toMatch(/Moms 25 %\s+922,50 kr\./);
    expect(pdf).toMatch(/Total inkl\. moms\s+4\.612,50 kr\./);
    expect(pdf).toContain("Alle beløb er i DKK.");
    // Payment: the account and the reference.
    expect(pdf).toContain(`Beløbet betales senest ${printed(dk.invoice.dueAt, "da-DK")} til:`);
    expect(pdf).toContain("Reg.nr. 1234, kontonr. 0012345678");
    expect(pdf).toContain("IBAN DK50 0040 0440 1162 43");
    expect(pdf).toContain("BIC DABADKKK");
    expect(pdf).toContain(`Angiv fakturanummer ${dk.invoice.number} som reference ved betaling.`);
  });

  it("is the Swedish invoice of a user alone on TA-planen, in SEK and with no Danish", async () => {
    const res = await download(pdfRoute.GET, se.owner.token, se.invoice.id, "ta-planen");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="faktura-${se.invoice.number}.pdf"`);
    const pdf = await pdfText(new Uint8Array(await res.arrayBuffer()));

    expect(pdf).toContain("TA-planen");
    expect(pdf).toMatch(new RegExp(`Fakturanr\\s+${se.invoice.number}\\b`));
    expect(pdf).toMatch(new RegExp(`Fakturadatum\\s+${printed(se.invoice.date, "sv-SE")}`));
    expect(pdf).toMatch(new RegExp(`Förfallodatum\\s+${printed(se.invoice.dueAt, "sv-SE")}`));
    expect(pdf).toMatch(/Betalningsvillkor\s+14 dagar netto/);
    for (const line of [
      "Vägbolaget i Malmö AB",
      "Att: Sara Svensson",
      "Storgatan 3",
      "211 22 Malmö",
      "Sverige",
      `Org.nr: ${VALID_ORGNR}`,
    ]) {
      expect(pdf).toContain(line);
    }
    expect(pdf).not.toContain("EAN");
    expect(pdf).toContain("Momsreg.nr: DK24256790");
    expect(pdf).toMatch(/Beskrivning\s+Antal\s+À-pris\s+Belopp/);
    expect(pdf).toMatch(/TA-planen, årsabonnemang – första användaren\s+1\s+2 995,00 SEK\s+2 995,00 SEK/);
    expect(pdf).not.toContain("ytterligare");
    expect(pdf).toMatch(/Summa exkl\. moms\s+2 995,00 SEK/);
    expect(pdf).toMatch(/Moms 25 %\s+748,75 SEK/);
    expect(pdf).toMatch(/Att betala inkl\. moms\s+3 743,75 SEK/);
    expect(pdf).toContain(`Ange fakturanummer ${se.invoice.number} som referens vid betalning.`);
    expect(danishIn(pdf.replace(/Planværktøj ApS|Åboulevarden 12|Aarhus C|Danskt bankkonto|Danmark/g, ""))).toEqual([]);
  });

  it("is a 404 for a member, a stranger and an unknown id, and a 401 logged out", async () => {
    const stranger = await createUser();
    const missing = dk.invoice.id + se.invoice.id + 1000;
    for (const route of [pdfRoute.GET, ublRoute.GET]) {
      const member = await download(route, dk.member.token, dk.invoice.id);
      expect(member.status).toBe(404);
      expect(((await member.json()) as { message: string }).message).toBe("Fakturaen findes ikke.");
      expect((await download(route, stranger.token, dk.invoice.id)).status).toBe(404);
      expect((await download(route, se.owner.token, dk.invoice.id, "ta-planen")).status).toBe(404);
      const unknown = await download(route, dk.owner.token, missing);
      expect(unknown.status).toBe(404);
      expect((await download(route, null, dk.invoice.id)).status).toBe(401);
    }
    const swedish = await download(pdfRoute.GET, stranger.token, se.invoice.id, "ta-planen");
    expect(((await swedish.json()) as { message: string }).message).toBe("Fakturan finns inte.");
  });

  it("is still there for a user blocked by that invoice being overdue (a GET, so not held back)", async () => {
    const owner = await createUser();
    expect((await saveDetails(owner.token, validDetails())).status).toBe(200);
    const { json } = await accept(owner.token);
    await dueDaysAgo(json.invoice.id, 30);
    const res = await download(pdfRoute.GET, owner.token, json.invoice.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("a prorated seats invoice", () => {
  it("prints each added seat's share of the year, and its e-invoice's price × quantity is the line's amount", async () => {
    const db = await getDb();
    const account = await db
      .selectFrom("invoices")
      .innerJoin("billing_accounts", "billing_accounts.id", "invoices.billing_account_id")
      .select(["billing_accounts.id", "billing_accounts.site", "invoices.buyer", "invoices.period_end"])
      .where("invoices.id", "=", dk.invoice.id)
      .executeTakeFirstOrThrow();
    const now = new Date();
    const { invoice } = await db.transaction().execute((trx) =>
      issueInvoice(trx, {
        account,
        dedupeKey: `seats:${account.id}:documents-test`,
        kind: "seats",
        // Two seats for 183 of the period's 366 days: 1,195 kr × 183 ÷ 366 = 597.50 kr each.
        lines: seatLines("skilteplanen", 2, 183, 366),
        userCount: 4,
        periodStart: now,
        periodEnd: new Date(account.period_end),
        buyer: JSON.parse(account.buyer) as InvoiceBuyer,
        createdBy: null,
        now,
      }),
    );
    const pdf = await pdfText(new Uint8Array(await (await download(pdfRoute.GET, dk.owner.token, invoice.id)).arrayBuffer()));
    expect(pdf).toMatch(
      /Skilteplanen, yderligere brugere resten af perioden \(183\s+2\s+597,50 kr\.\s+1\.195,00 kr\.\s+af 366 dage, årspris 1\.195,00 kr\.\)/,
    );
    expect(pdf).toMatch(/Subtotal ekskl\. moms\s+1\.195,00 kr\./);
    expect(pdf).toMatch(/Moms 25 %\s+298,75 kr\./);
    expect(pdf).toMatch(/Total inkl\. moms\s+1\.493,75 kr\./);

    const xml = await (await download(ublRoute.GET, dk.owner.token, invoice.id)).text();
    const inv = new DOMParser().parseFromString(xml, "application/xml").documentElement as unknown as XmlElement;
    const [line] = all(inv, "InvoiceLine");
    expect(text(line!, "cbc:InvoicedQuantity")).toBe("2");
    expect(text(line!, "cac:Price/cbc:PriceAmount")).toBe("597.50");
    expect(text(line!, "cbc:LineExtensionAmount")).toBe("1195.00");
    expect(text(inv, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe("1493.75");
  });
});

describe("GET /users/invoices/{id}/ubl", () => {
  it("is the Peppol BIS 3 e-invoice with every required term, addressed to the EAN, sums agreeing", async () => {
    const res = await download(ublRoute.GET, dk.owner.token, dk.invoice.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="faktura-${dk.invoice.number}.xml"`);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const doc = new DOMParser().parseFromString(await res.text(), "application/xml");
    const inv = doc.documentElement as unknown as XmlElement;
    expect(inv.localName).toBe("Invoice");
    expect(inv.namespaceURI).toBe("urn:oasis:names:specification:ubl:schema:xsd:Invoice-2");

    expect(text(inv, "cbc:CustomizationID")).toBe("urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0");
    expect(text(inv, "cbc:ProfileID")).toBe("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
    expect(text(inv, "cbc:ID")).toBe(String(dk.invoice.number)); // BT-1
    expect(text(inv, "cbc:IssueDate")).toBe(ublDate(dk.invoice.date)); // BT-2
    expect(text(inv, "cbc:InvoiceTypeCode")).toBe("380"); // BT-3
    expect(text(inv, "cbc:DocumentCurrencyCode")).toBe("DKK"); // BT-5
    expect(text(inv, "cbc:DueDate")).toBe(ublDate(dk.invoice.dueAt)); // BT-9
    expect(text(inv, "cbc:BuyerReference")).toBe("Indkøb 42"); // BT-10
    expect(text(inv, "cac:PaymentTerms/cbc:Note")).toBe("Netto 14 dage"); // BT-20
    expect(text(inv, "cac:InvoicePeriod/cbc:StartDate")).toBe(ublDate(dk.invoice.periodStart));

    const seller = at(inv, "cac:AccountingSupplierParty/cac:Party");
    expect(text(seller, "cac:PartyLegalEntity/cbc:RegistrationName")).toBe(SELLER.SELLER_NAME); // BT-27
    expect(text(seller, "cac:PartyLegalEntity/cbc:CompanyID")).toBe("DK24256790"); // BT-30
    expect(at(seller, "cac:PartyLegalEntity/cbc:CompanyID").getAttribute("schemeID")).toBe("0184");
    expect(text(seller, "cac:PartyTaxScheme/cbc:CompanyID")).toBe("DK24256790"); // BT-31
    expect(text(seller, "cac:PartyTaxScheme/cac:TaxScheme/cbc:ID")).toBe("VAT");
    expect(text(seller, "cbc:EndpointID")).toBe("DK24256790"); // BT-34
    expect(at(seller, "cbc:EndpointID").getAttribute("schemeID")).toBe("0184");
    expect(text(seller, "cac:PostalAddress/cac:Country/cbc:IdentificationCode")).toBe("DK"); // BT-40
    expect(text(seller, "cac:PostalAddress/cbc:CityName")).toBe("Aarhus C");

    const buyer = at(inv, "cac:AccountingCustomerParty/cac:Party");
    expect(text(buyer, "cac:PartyLegalEntity/cbc:RegistrationName")).toBe("Vejfirma ApS"); // BT-44
    expect(text(buyer, "cac:PartyLegalEntity/cbc:CompanyID")).toBe(`DK${VALID_CVR}`); // BT-47
    expect(text(buyer, "cbc:EndpointID")).toBe(VALID_EAN); // BT-49
    expect(at(buyer, "cbc:EndpointID").getAttribute("schemeID")).toBe("0088");
    expect(text(buyer, "cac:PostalAddress/cac:Country/cbc:IdentificationCode")).toBe("DK"); // BT-55
    expect(text(buyer, "cac:PostalAddress/cbc:StreetName")).toBe("Vejen 1");

    // BT-81 a bank transfer to the seller's IBAN (BT-84), the invoice number as the payment's reference.
    expect(text(inv, "cac:PaymentMeans/cbc:PaymentMeansCode")).toBe("31");
    expect(text(inv, "cac:PaymentMeans/cbc:PaymentID")).toBe(String(dk.invoice.number));
    expect(text(inv, "cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID")).toBe(SELLER.SELLER_IBAN);

    // Lines (BT-126, 129, 131, 146, 151, 152).
    const lines = all(inv, "InvoiceLine");
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => text(l, "cbc:ID"))).toEqual(["1", "2"]);
    expect(lines.map((l) => text(l, "cbc:InvoicedQuantity"))).toEqual(["1", "1"]);
    expect(lines.map((l) => text(l, "cbc:LineExtensionAmount"))).toEqual(["2495.00", "1195.00"]);
    expect(lines.map((l) => text(l, "cac:Price/cbc:PriceAmount"))).toEqual(["2495.00", "1195.00"]);
    expect(lines.map((l) => text(l, "cac:Item/cbc:Name"))).toEqual([
      "Skilteplanen, årsabonnement – første bruger",
      "Skilteplanen, årsabonnement – yderligere brugere",
    ]);
    for (const line of lines) {
      expect(text(line, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID")).toBe("S");
      expect(text(line, "cac:Item/cac:ClassifiedTaxCategory/cbc:Percent")).toBe("25");
      expect(at(line, "cbc:LineExtensionAmount").getAttribute("currencyID")).toBe("DKK");
      const quantity = Number(text(line, "cbc:InvoicedQuantity"));
      expect(Number(text(line, "cac:Price/cbc:PriceAmount")) * quantity).toBeCloseTo(Number(text(line, "cbc:LineExtensionAmount")), 2);
    }

    // VAT breakdown (BT-116 to 119) and the totals (BT-106, 109, 110, 112, 115).
    const cents = (value: string) => Math.round(Number(value) * 100);
    const lineSum = lines.reduce((sum, l) => sum + cents(text(l, "cbc:LineExtensionAmount")), 0);
    const totals = at(inv, "cac:LegalMonetaryTotal");
    const bt106 = cents(text(totals, "cbc:LineExtensionAmount"));
    const bt109 = cents(text(totals, "cbc:TaxExclusiveAmount"));
    const bt110 = cents(text(inv, "cac:TaxTotal/cbc:TaxAmount"));
    const bt112 = cents(text(totals, "cbc:TaxInclusiveAmount"));
    const bt115 = cents(text(totals, "cbc:PayableAmount"));
    expect(lineSum).toBe(369_000);
    expect(bt106).toBe(lineSum);
    expect(bt109).toBe(bt106);
    expect(bt110).toBe(Math.round(bt109 * 0.25));
    expect(bt112).toBe(bt109 + bt110);
    expect(bt115).toBe(bt112);
    expect(bt115).toBe(461_250);
    const breakdown = at(inv, "cac:TaxTotal/cac:TaxSubtotal");
    expect(cents(text(breakdown, "cbc:TaxableAmount"))).toBe(bt109); // BT-116
    expect(cents(text(breakdown, "cbc:TaxAmount"))).toBe(bt110); // BT-117
    expect(text(breakdown, "cac:TaxCategory/cbc:ID")).toBe("S"); // BT-118
    expect(text(breakdown, "cac:TaxCategory/cbc:Percent")).toBe("25"); // BT-119
  });

  it("is a 404 for an invoice issued without e-invoice", async () => {
    const res = await download(ublRoute.GET, se.owner.token, se.invoice.id, "ta-planen");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Fakturan finns inte.");
  });
});

describe("the invoice mail", () => {
  it("goes to the owner of an e-invoice account without an invoice e-mail, with the PDF and the UBL", async () => {
    const mails = (await mailsTo(dk.owner.email)).filter((m) => m.subject === `Faktura ${dk.invoice.number} fra Skilteplanen`);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Faktura ${dk.invoice.number} fra Skilteplanen`);
    expect(mail.text).toContain("Hej Bo Jensen");
    expect(mail.text).toMatch(new RegExp(`faktura nr\\. ${dk.invoice.number} på 4\\.612,50\\skr\\. inkl\\. moms`));
    expect(mail.text).toContain(`forfalder til betaling den ${printed(dk.invoice.dueAt, "da-DK")}`);
    expect(mail.text).toContain(`EAN-nr. ${VALID_EAN}`);
    expect(mail.links.some((link) => link.endsWith("/organisation?tab=invoices"))).toBe(true);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`faktura-${dk.invoice.number}.pdf`, "application/pdf"],
      [`faktura-${dk.invoice.number}.xml`, "application/xml"],
    ]);
    const [pdf, xml] = await Promise.all(mail.attachments.map((a) => readFile(a.path)));
    expect(pdf!.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf!.byteLength).toBe(mail.attachments[0]!.size);
    expect(await pdfText(pdf!)).toMatch(/Total inkl\. moms\s+4\.612,50 kr\./);
    const ubl = new DOMParser().parseFromString(xml!.toString("utf8"), "application/xml").documentElement as unknown as XmlElement;
    expect(text(ubl, "cbc:ID")).toBe(String(dk.invoice.number));
    // Nobody else of the organisation gets it.
    expect((await mailsTo(dk.member.email)).filter((m) => m.subject.startsWith("Faktura"))).toEqual([]);
  });

  it("goes to the invoice e-mail in Swedish with the PDF only", async () => {
    const mails = (await mailsTo("faktura@vagbolaget.example")).filter((m) => m.subject.startsWith("Faktura"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Faktura ${se.invoice.number} från TA-planen`);
    expect(mail.text).toContain("Hej Sara Svensson");
    expect(mail.text).toMatch(new RegExp(`faktura nr ${se.invoice.number} på 3\\s743,75\\sSEK inkl\\. moms`));
    expect(mail.text).toContain(`förfaller till betalning den ${printed(se.invoice.dueAt, "sv-SE")}`);
    expect(danishIn(`${mail.subject}\n${mail.text}`)).toEqual([]);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`faktura-${se.invoice.number}.pdf`]);
    expect((await readFile(mail.attachments[0]!.path)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

/**
 * Credit notes (issue 32): their own consecutive number series, one per invoice (asked twice, the
 * first), the invoice kept with its number and "credited" (never owed: a block it caused lifts, no
 * payment is taken on it), the credit note's PDF (Danish "Kreditnota", Swedish "Kreditfaktura") and its
 * UBL CreditNote naming the credited invoice, the mail, and the staff's command.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import * as blockStatus from "@/app/api/users/block-status/route";
import * as reminder from "@/app/api/users/shouldShowInvoiceReminder/route";
import { creditNoteOf, issueCreditNote } from "@/server/billing/credit-notes";
import { invoicePdf } from "@/server/billing/invoice-pdf";
import { invoiceUbl } from "@/server/billing/invoice-ubl";
import { recordPayment } from "@/server/billing/payments";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { mailsTo } from "../../support/mail";
import { createUser } from "../../support/users";
import { all, pdfText, text } from "./document-support";
import { heardStatusChanged } from "./job-support";
import { accept, dueDaysAgo, saveDetails, subscribe, VALID_EAN, validDetails } from "./support";

// The seller's CVR makes the e-invoice possible (read once, when the first document is made).
Object.assign(process.env, {
  SELLER_NAME: "Planværktøj ApS",
  SELLER_COUNTRY: "DK",
  SELLER_CVR: "24256790",
  SELLER_EMAIL: "faktura@planvaerktoej.example",
});

const run = promisify(execFile);
const root = path.join(import.meta.dirname, "../../..");
const printed = (iso: string, locale: "da-DK" | "sv-SE") =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Copenhagen" }).format(new Date(iso));
const ublDate = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(new Date(iso));

async function invoiceOf(token: string, site = "skilteplanen") {
  return (await subscribe(token, site)).json.invoice as { id: number; number: number; amount: number; date: string };
}

const counter = async (series: string) =>
  (await (await getDb()).selectFrom("invoice_counters").select("last_number").where("series", "=", series).executeTakeFirstOrThrow())
    .last_number;

const credit = async (invoiceNumber: number, reason = "Fejl i antal brugere") =>
  issueCreditNote(await getDb(), { invoiceNumber, reason, createdBy: null, now: new Date() });

const rows = async (invoiceId: number) => {
  const db = await getDb();
  return {
    invoice: await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirstOrThrow(),
    creditNote: await creditNoteOf(db, { id: invoiceId }),
  };
};

describe("issueCreditNote", () => {
  it("numbers credit notes consecutively in their own series, once per invoice, and keeps the invoice", async () => {
    const first = await invoiceOf((await createUser()).token);
    const second = await invoiceOf((await createUser()).token);
    const invoicesBefore = await counter("invoice");
    const creditsBefore = await counter("credit");

    const a = await credit(first.number);
    const b = await credit(second.number, "Opsagt i fortrydelsesperioden");
    expect(a).toMatchObject({
      outcome: "created",
      creditNote: { number: creditsBefore + 1, invoice_id: first.id },
      invoice: { status: "credited" },
    });
    expect(b).toMatchObject({ outcome: "created", creditNote: { number: creditsBefore + 2, reason: "Opsagt i fortrydelsesperioden" } });
    expect(await counter("invoice")).toBe(invoicesBefore);

    const again = await credit(first.number, "another reason");
    expect(again).toMatchObject({ outcome: "existing", creditNote: { number: creditsBefore + 1, reason: "Fejl i antal brugere" } });
    expect(await counter("credit")).toBe(creditsBefore + 2);

    // Both numbers are kept: the invoice with its own, the credit note with its.
    const kept = await rows(first.id);
    expect([kept.invoice.number, kept.invoice.status, kept.invoice.total]).toEqual([first.number, "credited", first.amount]);
    expect(kept.creditNote?.number).toBe(creditsBefore + 1);
    // The next invoice takes the invoice series' next number, untouched by the credit notes.
    const third = await invoiceOf((await createUser()).token);
    expect(third.number).toBe(invoicesBefore + 1);

    expect(await credit(999_999)).toEqual({ outcome: "unknown", number: 999_999 });
  });

  it("lifts the block of an overdue invoice it credits, which is then never owed nor paid", async () => {
    const user = await createUser();
    const invoice = await invoiceOf(user.token);
    await dueDaysAgo(invoice.id, 20);
    const db = await getDb();
    await db.updateTable("invoices").set({ status: "overdue" }).where("id", "=", invoice.id).execute();
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "invoiceOverdue" });

    expect(
      await heardStatusChanged(async () => {
        expect((await credit(invoice.number)).outcome).toBe("created");
      }),
    ).toEqual([user.id]);
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false, reason: null });
    expect((await as(user.token, reminder.GET)).json).toMatchObject({ shouldShow: false });
    expect(
      await recordPayment(db, {
        invoiceNumber: invoice.number,
        paidOn: "2026-12-01",
        reference: "late",
        recordedBy: null,
        now: new Date(),
      }),
    ).toMatchObject({ outcome: "credited" });
    expect((await rows(invoice.id)).invoice.status).toBe("credited");
  });

  it("rolls back with the caller's transaction: no note, no number taken, the invoice as it was", async () => {
    const invoice = await invoiceOf((await createUser()).token);
    const before = await counter("credit");
    const db = await getDb();
    const failure = new Error("the audit row failed");
    await expect(
      db.transaction().execute(async (trx) => {
        await issueCreditNote(trx, { invoiceNumber: invoice.number, reason: "x", createdBy: null, now: new Date() });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await counter("credit")).toBe(before);
    expect(await rows(invoice.id)).toMatchObject({ invoice: { status: "pending" }, creditNote: undefined });
  });
});

describe("the credit note's documents", () => {
  it("prints a Danish Kreditnota crediting the invoice by number and date, its amounts negated, and mails it with its e-invoice", async () => {
    const owner = await createUser({ name: "Eva Ejer" });
    const details = validDetails("skilteplanen", { sendEInvoice: true, eanNumber: VALID_EAN, invoiceEmail: "" });
    expect((await saveDetails(owner.token, details)).status).toBe(200);
    const invoice = (await accept(owner.token)).json.invoice as { id: number; number: number; date: string };
    const result = await credit(invoice.number, "Bestilt ved en fejl");
    if (result.outcome !== "created") throw new Error(result.outcome);
    const { creditNote } = result;
    const { invoice: row } = await rows(invoice.id);

    const pdf = await pdfText(await invoicePdf(row, creditNote));
    expect(pdf).toContain("Kreditnota");
    expect(pdf).toMatch(new RegExp(`Kreditnotanr\\.\\s+${creditNote.number}\\b`));
    expect(pdf).toMatch(new RegExp(`Krediterer faktura nr\\.\\s+${invoice.number}\\b`));
    expect(pdf).toMatch(new RegExp(`Fakturadato\\s+${printed(invoice.date, "da-DK")}`));
    expect(pdf).toMatch(/Krediteret i alt inkl\. moms\s+-3\.118,75 kr\./);
    expect(pdf).toContain(`krediterer faktura nr. ${invoice.number} af ${printed(invoice.date, "da-DK")} fuldt ud`);
    expect(pdf).toContain("Årsag: Bestilt ved en fejl");
    expect(pdf).not.toContain("Forfaldsdato");

    const doc = new DOMParser().parseFromString(await invoiceUbl(row, creditNote), "application/xml");
    const cn = doc.documentElement as unknown as XmlElement;
    expect([cn.localName, cn.namespaceURI]).toEqual(["CreditNote", "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"]);
    expect(text(cn, "cbc:ID")).toBe(String(creditNote.number)); // BT-1
    expect(text(cn, "cbc:IssueDate")).toBe(ublDate(creditNote.issued_at)); // BT-2
    expect(text(cn, "cbc:CreditNoteTypeCode")).toBe("381"); // BT-3
    expect(text(cn, "cbc:DocumentCurrencyCode")).toBe("DKK"); // BT-5
    expect(text(cn, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID")).toBe(String(invoice.number)); // BT-25
    expect(text(cn, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate")).toBe(ublDate(invoice.date)); // BT-26
    expect(text(cn, "cac:AccountingCustomerParty/cac:Party/cbc:EndpointID")).toBe(VALID_EAN);
    expect(text(cn, "cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount")).toBe("2495.00");
    expect(text(cn, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe("3118.75");
    expect(text(cn, "cac:TaxTotal/cbc:TaxAmount")).toBe("623.75");
    expect(all(cn, "DueDate")).toEqual([]);
    const lines = all(cn, "CreditNoteLine");
    expect(lines.map((l) => text(l, "cbc:CreditedQuantity"))).toEqual(["1"]);

    const mails = (await mailsTo(owner.email)).filter((m) => m.subject === `Kreditnota ${creditNote.number} fra Skilteplanen`);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toMatch(new RegExp(`kreditnota nr\\. ${creditNote.number} på 3\\.118,75\\skr\\. inkl\\. moms`));
    expect(mail.text).toContain(`krediterer faktura nr. ${invoice.number} af ${printed(invoice.date, "da-DK")}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`kreditnota-${creditNote.number}.pdf`, `kreditnota-${creditNote.number}.xml`]);
    expect(await pdfText(await readFile(mail.attachments[0]!.path))).toMatch(
      new RegExp(`Krediterer faktura nr\\.\\s+${invoice.number}\\b`),
    );
  });

  it("is a Swedish Kreditfaktura on TA-planen", async () => {
    const user = await createUser({ site: "ta-planen" });
    const invoice = await invoiceOf(user.token, "ta-planen");
    const result = await credit(invoice.number, "Felaktigt antal användare");
    if (result.outcome !== "created") throw new Error(result.outcome);
    const pdf = await pdfText(await invoicePdf((await rows(invoice.id)).invoice, result.creditNote));
    expect(pdf).toContain("Kreditfaktura");
    expect(pdf).toMatch(new RegExp(`Krediterar faktura nr\\s+${invoice.number}\\b`));
    expect(pdf).toMatch(/Krediterat totalt inkl\. moms\s+-3 743,75 SEK/);
    expect(pdf).toContain("Orsak: Felaktigt antal användare");
    // The seller and the test's buyer have Danish names: the credit note's own words are what must be Swedish.
    expect(pdf).not.toMatch(/Kreditnota|Krediterer|Årsag|Dato\b/);
    const mail = (await mailsTo(validDetails("ta-planen").invoiceEmail)).find(
      (m) => m.subject === `Kreditfaktura ${result.creditNote.number} från TA-planen`,
    );
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`kreditfaktura-${result.creditNote.number}.pdf`]);
  });
});

describe("npm run billing -- credit", () => {
  it("credits an invoice once, and needs a reason", async () => {
    const invoice = await invoiceOf((await createUser()).token);
    const cli = (...args: string[]) =>
      run("node", ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/billing.ts", ...args], {
        cwd: root,
        env: process.env,
      });
    const noReason = await cli("credit", String(invoice.number)).catch((error: { code: number; stderr: string }) => error);
    expect(noReason).toMatchObject({ code: 2, stderr: "--reason is required: it is printed on the credit note\n" });

    const done = await cli("credit", String(invoice.number), "--reason", "Fejl");
    const { creditNote } = await rows(invoice.id);
    expect(done.stdout.trim()).toBe(`Invoice ${invoice.number} (3118.75 DKK) credited by credit note ${creditNote!.number}.`);
    expect((await cli("credit", String(invoice.number), "--reason", "Igen")).stdout).toContain(
      `already credited by credit note ${creditNote!.number}; nothing changed`,
    );
  }, 90_000); // three node processes on a shared machine
});

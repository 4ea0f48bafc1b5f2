/**
 * The bookkeeper's CSV (issue 32): UTF-8 with a BOM, semicolons and decimal commas, read back with an
 * independent CSV parser; one line per invoice and per credit note (negative), the filters by site,
 * status and dates, quoting of a customer's name with a separator and quotes, formulas disarmed.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { parseString } from "@fast-csv/parse";
import { describe, expect, it } from "vitest";
import { issueCreditNote } from "@/server/billing/credit-notes";
import { csvField, invoicesCsv, type InvoicesCsvFilters } from "@/server/billing/invoices-csv";
import { recordPayment } from "@/server/billing/payments";
import { getDb } from "@/server/db";
import { createUser } from "../../support/users";
import { accept, saveDetails, subscribe, VALID_CVR, VALID_EAN, VALID_ORGNR, validDetails } from "./support";

const run = promisify(execFile);
const root = path.join(import.meta.dirname, "../../..");
const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Copenhagen" }).format(new Date());

/** The CSV's lines as arrays of fields (the parser's own reading of quotes and separators); fails without the BOM. */
async function parsed(csv: string): Promise<string[][]> {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  await new Promise<void>((resolve, reject) => {
    parseString<string[], string[]>(csv.slice(1), { delimiter: ";" })
      .on("data", (row: string[]) => rows.push(row))
      .on("error", reject)
      .on("end", () => resolve());
  });
  return rows;
}

async function table(filters: InvoicesCsvFilters = {}) {
  const [header, ...lines] = await parsed(await invoicesCsv(await getDb(), filters));
  return { header: header!, lines: lines.map((fields) => Object.fromEntries(header!.map((name, i) => [name, fields[i]!]))) };
}

describe("invoicesCsv", () => {
  it("lists invoices and credit notes with their amounts, customer and status, parsed back field for field", async () => {
    const payer = await createUser();
    const details = validDetails("skilteplanen", { companyName: 'Vej; "Nord" ApS', sendEInvoice: true, eanNumber: VALID_EAN });
    expect((await saveDetails(payer.token, details)).status).toBe(200);
    const paid = (await accept(payer.token)).json.invoice as { id: number; number: number };
    const db = await getDb();
    await recordPayment(db, { invoiceNumber: paid.number, paidOn: "2026-12-03", reference: "B", recordedBy: null, now: new Date() });
    const credited = (await subscribe((await createUser()).token)).json.invoice as { number: number };
    const note = await issueCreditNote(db, { invoiceNumber: credited.number, reason: "Fejl", createdBy: null, now: new Date() });
    if (note.outcome !== "created") throw new Error(note.outcome);

    const { header, lines } = await table({ site: "skilteplanen" });
    expect(header).toEqual([
      "Nummer",
      "Type",
      "Dato",
      "Forfaldsdato",
      "Kunde",
      "CVR-nr./org.nr.",
      "EAN-nr.",
      "Valuta",
      "Beløb ekskl. moms",
      "Moms",
      "Total inkl. moms",
      "Status",
      "Betalt dato",
      "Krediterer faktura",
    ]);
    const invoiceLine = lines.find((l) => l.Type === "Faktura" && l.Nummer === String(paid.number));
    expect(invoiceLine).toMatchObject({
      Dato: today,
      Kunde: 'Vej; "Nord" ApS',
      "CVR-nr./org.nr.": VALID_CVR,
      "EAN-nr.": VALID_EAN,
      Valuta: "DKK",
      "Beløb ekskl. moms": "2495,00",
      Moms: "623,75",
      "Total inkl. moms": "3118,75",
      Status: "Betalt",
      "Betalt dato": "2026-12-03",
      "Krediterer faktura": "",
    });
    expect(lines.find((l) => l.Type === "Faktura" && l.Nummer === String(credited.number))).toMatchObject({ Status: "Krediteret" });
    expect(lines.find((l) => l.Type === "Kreditnota" && l.Nummer === String(note.creditNote.number))).toMatchObject({
      Dato: today,
      Forfaldsdato: "",
      Kunde: "Vejfirma ApS",
      "Beløb ekskl. moms": "-2495,00",
      Moms: "-623,75",
      "Total inkl. moms": "-3118,75",
      "Krediterer faktura": String(credited.number),
    });
    expect(new Set(lines.map((l) => l.Valuta))).toEqual(new Set(["DKK"]));
  });

  it("filters by site (in its language), status and dates", async () => {
    const swede = await createUser({ site: "ta-planen" });
    const invoice = (await subscribe(swede.token, "ta-planen")).json.invoice as { number: number };
    const se = await table({ site: "ta-planen" });
    expect(se.header.slice(0, 3)).toEqual(["Nummer", "Typ", "Datum"]);
    expect(se.lines.find((l) => l.Nummer === String(invoice.number) && l.Typ === "Faktura")).toMatchObject({
      "Org.nr/CVR-nr": VALID_ORGNR,
      Valuta: "SEK",
      "Totalt inkl. moms": "3743,75",
      Status: "Väntar på betalning",
    });
    expect(new Set(se.lines.map((l) => l.Valuta))).toEqual(new Set(["SEK"]));

    const paidOnly = await table({ status: "paid" });
    expect(paidOnly.lines.every((l) => l.Status === "Betalt")).toBe(true);
    expect(paidOnly.lines.some((l) => l.Nummer === String(invoice.number) && l.Type === "Faktura")).toBe(false);

    expect((await table({ from: today, to: today })).lines.some((l) => l.Nummer === String(invoice.number))).toBe(true);
    expect((await table({ from: "2099-01-01" })).lines).toEqual([]);
    expect((await table({ to: "2000-01-01" })).lines).toEqual([]);
  });

  it("quotes separators, quotes and line breaks, and disarms formulas but not negative amounts", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-3118,75")).toBe("-3118,75");
    expect(csvField("-1+2")).toBe("'-1+2");
  });
});

describe("npm run billing -- csv", () => {
  it("writes the same file to standard output, and refuses an unknown site", async () => {
    const cli = (...args: string[]) =>
      run("node", ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "scripts/billing.ts", ...args], {
        cwd: root,
        env: process.env,
      });
    const out = await cli("csv", "--site", "kloakplanen", "--from", "2000-01-01");
    expect(out.stdout).toBe(await invoicesCsv(await getDb(), { site: "kloakplanen", from: "2000-01-01" }));
    const refused = await cli("csv", "--site", "nowhere").catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2, stderr: "--site must be one of the sites, not nowhere\n" });
  }, 60_000); // two node processes on a shared machine
});

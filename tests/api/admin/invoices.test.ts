/**
 * Invoices in the admin area (issue 32): the list with its filters and pages; a payment recorded by
 * staff (a full one lifts the block the invoice caused and tells the payer's open clients); a credit
 * note (the invoice keeps its number, the credit note takes the next of its own series); any customer's
 * documents and the bookkeeper's CSV. Every action writes its audit row with the change, and a refused
 * one changes nothing and logs nothing. The customer's own credit note downloads are at the end.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/admin/audit/route";
import * as list from "@/app/api/admin/invoices/route";
import * as payments from "@/app/api/admin/invoices/[id]/payments/route";
import * as credit from "@/app/api/admin/invoices/[id]/credit/route";
import * as adminPdf from "@/app/api/admin/invoices/[id]/pdf/route";
import * as adminUbl from "@/app/api/admin/invoices/[id]/ubl/route";
import * as creditPdf from "@/app/api/admin/credit-notes/[id]/pdf/route";
import * as creditUbl from "@/app/api/admin/credit-notes/[id]/ubl/route";
import * as csv from "@/app/api/admin/invoices.csv/route";
import * as blockStatus from "@/app/api/users/block-status/route";
import * as userInvoices from "@/app/api/users/invoices/route";
import * as customerCreditPdf from "@/app/api/users/invoices/[id]/credit-note/pdf/route";
import * as customerCreditUbl from "@/app/api/users/invoices/[id]/credit-note/ubl/route";
import { siteDay } from "@/lib/billing/dates";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { callRoute } from "../../support/route";
import { createOrganisation, createUser } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";
import { heardStatusChanged } from "../billing/job-support";
import { pdfText } from "../billing/document-support";
import { accept, dueDaysAgo, saveDetails, VALID_EAN, validDetails } from "../billing/support";

// The seller's CVR makes the e-invoice possible (read once, when the first document is made).
Object.assign(process.env, {
  SELLER_NAME: "Planværktøj ApS",
  SELLER_COUNTRY: "DK",
  SELLER_CVR: "24256790",
  SELLER_EMAIL: "faktura@planvaerktoej.example",
});

// The subscription of one user on skilteplanen, VAT included.
const TOTAL = 311_875;
const DAY_MS = 86_400_000;

let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  staff = await createUser();
  await makeStaffAdmin(staff.id);
});

type Invoice = { id: number; number: number; amount: number; date: string };
let unique = 0;
/** A customer subscribed under a company name no other test uses; answers them and their invoice. */
async function customerWithInvoice(options: { site?: string; eInvoice?: boolean; name?: string } = {}) {
  const site = options.site ?? "skilteplanen";
  const companyName = options.name ?? `Fakturafirma ${Date.now()}-${++unique}`;
  const user = await createUser({ site });
  const extra = options.eInvoice ? { sendEInvoice: true, eanNumber: VALID_EAN, invoiceEmail: "" } : {};
  expect((await saveDetails(user.token, validDetails(site, { companyName, ...extra }), site)).status).toBe(200);
  const accepted = await accept(user.token, site);
  expect(accepted.status).toBe(201);
  return { user, companyName, invoice: accepted.json.invoice as Invoice };
}

/** Makes an invoice overdue past the grace, so that it blocks its payer. */
async function makeOverdue(invoiceId: number) {
  await dueDaysAgo(invoiceId, 30);
  await (await getDb()).updateTable("invoices").set({ status: "overdue" }).where("id", "=", invoiceId).execute();
}

const listed = (query: string, site?: string) => as(staff.token, list.GET, { query, site });
type Handler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const post = (handler: Handler, id: number, body: unknown, site?: string) =>
  as(staff.token, handler, { method: "POST", params: { id: String(id) }, body, site });
const pay = (id: number, body: unknown, site?: string) => post(payments.POST, id, body, site);
const today = () => siteDay(new Date());
const auditOf = async (invoiceId: number) =>
  (await as(staff.token, audit.GET, { query: `?targetType=invoice&targetId=${invoiceId}` })).json.entries.map((e: any) => ({
    adminId: e.adminId,
    action: e.action,
    before: e.before,
    after: e.after,
    reason: e.reason,
  }));
const paymentRows = async (invoiceId: number) =>
  (await getDb()).selectFrom("payments").select(["amount", "reference", "recorded_by"]).where("invoice_id", "=", invoiceId).execute();
const counter = async (series: string) =>
  (await (await getDb()).selectFrom("invoice_counters").select("last_number").where("series", "=", series).executeTakeFirstOrThrow())
    .last_number;
const download = (handler: Handler, token: string | null, id: number, site = "skilteplanen") =>
  callRoute(handler, {
    path: `/api/x/${id}`,
    site,
    params: { id: String(id) },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe("GET /admin/invoices", () => {
  it("lists every customer's invoice newest first, with payer, amounts paid, status, overdue and credit note", async () => {
    const first = await customerWithInvoice();
    const second = await customerWithInvoice({ site: "ta-planen" });
    const all = await listed("");
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ page: 1, pageSize: 50 });
    expect(all.json.total).toBeGreaterThanOrEqual(2);
    const numbers = all.json.invoices.map((i: any) => i.number);
    expect(numbers).toEqual([...numbers].sort((a: number, b: number) => b - a));
    expect(numbers.indexOf(second.invoice.number)).toBeLessThan(numbers.indexOf(first.invoice.number));
    const row = all.json.invoices.find((i: any) => i.id === first.invoice.id);
    expect(row).toMatchObject({
      number: first.invoice.number,
      site: "skilteplanen",
      currency: "DKK",
      payerName: first.companyName,
      payer: { organisationId: null, userId: first.user.id },
      total: TOTAL,
      paid: 0,
      remaining: TOTAL,
      status: "pending",
      overdue: false,
      creditNote: null,
      eInvoice: false,
    });
    expect((await listed("?site=ta-planen")).json.invoices.every((i: any) => i.site === "ta-planen")).toBe(true);
    expect((await listed("?site=ta-planen")).json.invoices.map((i: any) => i.id)).toContain(second.invoice.id);
  });

  it("finds by number, credit note number, company name or organisation name; filters status and overdue", async () => {
    const { companyName, invoice } = await customerWithInvoice();
    const ids = async (query: string) => (await listed(query)).json.invoices.map((i: any) => i.id);
    // A number finds the invoice of that number, and the invoice of a credit note of that number (their own series).
    const byNumber = (await listed(`?q=${invoice.number}`)).json.invoices;
    expect(byNumber.map((i: any) => i.id)).toContain(invoice.id);
    expect(byNumber.every((i: any) => i.number === invoice.number || i.creditNote?.number === invoice.number)).toBe(true);
    expect(await ids(`?q=${encodeURIComponent(companyName.toUpperCase())}`)).toEqual([invoice.id]);
    expect(await ids(`?q=${encodeURIComponent(companyName)}&overdue=true`)).toEqual([]);
    await makeOverdue(invoice.id);
    const overdue = await listed(`?q=${encodeURIComponent(companyName)}&overdue=true`);
    expect(overdue.json.invoices).toMatchObject([{ id: invoice.id, overdue: true, status: "overdue" }]);
    expect(await ids(`?status=overdue&q=${encodeURIComponent(companyName)}`)).toEqual([invoice.id]);
    expect(await ids(`?status=paid&q=${encodeURIComponent(companyName)}`)).toEqual([]);
    // A wildcard in the search is a character, not "anything".
    expect(await ids(`?q=${encodeURIComponent("%")}`)).not.toContain(invoice.id);

    const owner = await createUser();
    const organisationId = await createOrganisation(owner.id);
    // Letters beyond A-Z in either case: SQLite's lower() would fold only A-Z.
    const organisationName = `Østergård Vej ${Date.now()}`;
    await (await getDb()).updateTable("organisations").set({ name: organisationName }).where("id", "=", organisationId).execute();
    expect((await saveDetails(owner.token, validDetails("skilteplanen", { companyName: "Andet navn på fakturaen" }))).status).toBe(200);
    const orgInvoice = (await accept(owner.token)).json.invoice as Invoice;
    expect(await ids(`?q=${encodeURIComponent(organisationName.toLowerCase())}`)).toEqual([orgInvoice.id]);
    expect(await ids(`?q=${encodeURIComponent(organisationName.toUpperCase())}`)).toEqual([orgInvoice.id]);
  });

  it("pages by 50 with the count of all that match, and refuses a bad filter with a 400", async () => {
    const { total } = (await listed("")).json;
    const last = Math.ceil(total / 50) + 1;
    expect((await listed(`?page=${last}`)).json).toMatchObject({ invoices: [], page: last, total });
    for (const query of ["?site=nowhere", "?status=lost", "?overdue=maybe", "?page=0"]) {
      expect([query, (await listed(query)).status]).toEqual([query, 400]);
    }
  });
});

describe("POST /admin/invoices/{id}/payments", () => {
  it("records a partial payment, then the rest: paid, the block lifted and the payer told, each with its audit row", async () => {
    const { user, invoice } = await customerWithInvoice();
    await makeOverdue(invoice.id);
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "invoiceOverdue" });

    let partial!: Awaited<ReturnType<typeof pay>>;
    expect(
      await heardStatusChanged(async () => {
        partial = await pay(invoice.id, { date: today(), amount: 100_000, reference: "Bank 1" });
      }),
    ).toEqual([]);
    expect(partial.status).toBe(200);
    expect(partial.json).toMatchObject({
      outcome: "partial",
      invoice: { id: invoice.id, paid: 100_000, remaining: TOTAL - 100_000, status: "overdue", overdue: true },
    });
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true });

    let rest!: Awaited<ReturnType<typeof pay>>;
    expect(
      await heardStatusChanged(async () => {
        rest = await pay(invoice.id, { date: today(), amount: TOTAL - 100_000, reference: "Bank 2" });
      }),
    ).toEqual([user.id]);
    expect(rest.json).toMatchObject({ outcome: "paid", invoice: { paid: TOTAL, remaining: 0, status: "paid", overdue: false } });
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false });
    expect(await paymentRows(invoice.id)).toEqual([
      { amount: 100_000, reference: "Bank 1", recorded_by: staff.id },
      { amount: TOTAL - 100_000, reference: "Bank 2", recorded_by: staff.id },
    ]);
    const entries = await auditOf(invoice.id);
    expect(entries).toEqual([
      {
        adminId: staff.id,
        action: "invoice.recordPayment",
        before: { paid: 100_000, status: "overdue" },
        after: { paid: TOTAL, status: "paid", amount: TOTAL - 100_000, date: today(), reference: "Bank 2" },
        reason: null,
      },
      {
        adminId: staff.id,
        action: "invoice.recordPayment",
        before: { paid: 0, status: "overdue" },
        after: { paid: 100_000, status: "overdue", amount: 100_000, date: today(), reference: "Bank 1" },
        reason: null,
      },
    ]);
  });

  it("refuses bad input with a 400 in the site's language, an unknown invoice with a 404, and records and logs nothing", async () => {
    const { invoice } = await customerWithInvoice();
    const tomorrow = siteDay(new Date(Date.now() + DAY_MS));
    const good = { date: today(), amount: 1000, reference: "Ref" };
    const cases: Array<[unknown, string]> = [
      [{ ...good, amount: 0 }, "Angiv et beløb større end 0."],
      [{ ...good, amount: -5 }, "Angiv et beløb større end 0."],
      [{ ...good, amount: 10.5 }, "Angiv et beløb større end 0."],
      [{ ...good, amount: "1000" }, "Angiv et beløb større end 0."],
      [{ ...good, amount: TOTAL + 1 }, "Beløbet er større end det udestående på fakturaen (3.118,75 kr.)."],
      [{ ...good, date: tomorrow }, "Betalingsdatoen kan ikke ligge i fremtiden."],
      [{ ...good, date: "2026-02-30" }, "Angiv betalingsdatoen som en gyldig dato (ÅÅÅÅ-MM-DD)."],
      [{ ...good, date: "06-12-2026" }, "Angiv betalingsdatoen som en gyldig dato (ÅÅÅÅ-MM-DD)."],
      [{ ...good, date: undefined }, "Angiv betalingsdatoen som en gyldig dato (ÅÅÅÅ-MM-DD)."],
      [{ ...good, reference: "   " }, "Angiv bankens reference (højst 200 tegn)."],
      [{ ...good, reference: undefined }, "Angiv bankens reference (højst 200 tegn)."],
    ];
    for (const [body, message] of cases) {
      const res = await pay(invoice.id, body);
      // Intl separates the currency with a no-break space.
      expect([body, res.status, res.json.message.replace(/\u00a0/g, " ")]).toEqual([body, 400, message]);
    }
    const swedish = await pay(invoice.id, { ...good, amount: 0 }, "ta-planen");
    expect([swedish.status, swedish.json.message]).toEqual([400, "Ange ett belopp större än 0."]);
    const unknown = await pay(987_654_321, good);
    expect([unknown.status, unknown.json.message]).toEqual([404, "Fakturaen findes ikke."]);
    expect(await paymentRows(invoice.id)).toEqual([]);
    expect(await auditOf(invoice.id)).toEqual([]);

    // The same reference twice, and a payment on a paid invoice: 409, no second row or log entry.
    expect((await pay(invoice.id, { ...good, amount: 1000, reference: "Once" })).status).toBe(200);
    const twice = await pay(invoice.id, { ...good, amount: 2000, reference: "Once" });
    expect([twice.status, twice.json.message]).toEqual([409, "En betaling med denne reference er allerede registreret på fakturaen."]);
    expect((await pay(invoice.id, { ...good, amount: TOTAL - 1000, reference: "Rest" })).json.outcome).toBe("paid");
    expect((await pay(invoice.id, { ...good, amount: 1, reference: "More" })).status).toBe(409);
    expect(await paymentRows(invoice.id)).toHaveLength(2);
    expect(await auditOf(invoice.id)).toHaveLength(2);
  });
});

describe("POST /admin/invoices/{id}/credit", () => {
  it("issues a credit note of its own series, keeps the invoice's number, lifts the block, and logs it once", async () => {
    const { user, invoice } = await customerWithInvoice();
    await makeOverdue(invoice.id);
    const invoiceCounter = await counter("invoice");
    const creditCounter = await counter("credit");

    let res!: Awaited<ReturnType<typeof post>>;
    expect(
      await heardStatusChanged(async () => {
        res = await post(credit.POST, invoice.id, { reason: "  Forkert antal brugere " });
      }),
    ).toEqual([user.id]);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      status: "credited",
      remaining: 0,
      overdue: false,
      creditNote: { number: creditCounter + 1, reason: "Forkert antal brugere" },
    });
    expect(await counter("credit")).toBe(creditCounter + 1);
    expect(await counter("invoice")).toBe(invoiceCounter);
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false });
    const row = await (await getDb()).selectFrom("invoices").select(["number", "status"]).where("id", "=", invoice.id).executeTakeFirst();
    expect(row).toEqual({ number: invoice.number, status: "credited" });
    const found = (await listed(`?q=${creditCounter + 1}`)).json.invoices;
    expect(found.map((i: any) => [i.number, i.creditNote?.number])).toContainEqual([invoice.number, creditCounter + 1]);

    const again = await post(credit.POST, invoice.id, { reason: "Igen" });
    expect([again.status, again.json.message]).toEqual([409, `Fakturaen er allerede krediteret med kreditnota nr. ${creditCounter + 1}.`]);
    const paid = await pay(invoice.id, { date: today(), amount: 100, reference: "Efter kredit" });
    expect([paid.status, paid.json.message]).toEqual([409, "Fakturaen er krediteret og skal ikke betales."]);
    expect(await auditOf(invoice.id)).toEqual([
      {
        adminId: staff.id,
        action: "invoice.credit",
        before: { status: "overdue" },
        after: { status: "credited", creditNoteNumber: creditCounter + 1 },
        reason: "Forkert antal brugere",
      },
    ]);
    expect(await counter("credit")).toBe(creditCounter + 1);
  });

  it("refuses an empty reason (400) and an unknown invoice (404), changing and logging nothing", async () => {
    const { invoice } = await customerWithInvoice();
    const creditCounter = await counter("credit");
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await post(credit.POST, invoice.id, body);
      expect([res.status, res.json.message]).toEqual([400, "Skriv en begrundelse på højst 500 tegn. Den står på kreditnotaen."]);
    }
    expect((await post(credit.POST, invoice.id, {}, "ta-planen")).json.message).toBe(
      "Skriv en motivering på högst 500 tecken. Den står på kreditfakturan.",
    );
    expect((await post(credit.POST, 987_654_321, { reason: "Fejl" })).status).toBe(404);
    expect(await counter("credit")).toBe(creditCounter);
    expect(await auditOf(invoice.id)).toEqual([]);
    const row = await (await getDb()).selectFrom("invoices").select("status").where("id", "=", invoice.id).executeTakeFirst();
    expect(row?.status).toBe("pending");
  });
});

describe("documents and the CSV", () => {
  it("gives staff any customer's invoice and credit note, PDF and UBL (UBL only with e-invoice)", async () => {
    const plain = await customerWithInvoice();
    const eInvoiced = await customerWithInvoice({ eInvoice: true });
    const pdf = await download(adminPdf.GET, staff.token, plain.invoice.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="faktura-${plain.invoice.number}.pdf"`);
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(plain.companyName);
    expect((await download(adminUbl.GET, staff.token, plain.invoice.id)).status).toBe(404);
    const ubl = await download(adminUbl.GET, staff.token, eInvoiced.invoice.id);
    expect(ubl.status).toBe(200);
    expect(await ubl.text()).toContain(`<cbc:ID>${eInvoiced.invoice.number}</cbc:ID>`);
    expect((await download(adminPdf.GET, staff.token, 987_654_321)).status).toBe(404);

    const credited = (await post(credit.POST, eInvoiced.invoice.id, { reason: "Dobbelt faktureret" })).json;
    const notePdf = await download(creditPdf.GET, staff.token, credited.creditNote.id);
    expect(notePdf.headers.get("content-disposition")).toBe(`attachment; filename="kreditnota-${credited.creditNote.number}.pdf"`);
    const text = await pdfText(new Uint8Array(await notePdf.arrayBuffer()));
    expect(text).toContain("Kreditnota");
    expect(text).toContain(`Kreditnotaen krediterer faktura nr. ${eInvoiced.invoice.number}`);
    const noteUbl = await download(creditUbl.GET, staff.token, credited.creditNote.id);
    expect(noteUbl.status).toBe(200);
    expect(await noteUbl.text()).toContain("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>");
    expect((await download(creditPdf.GET, staff.token, 987_654_321)).status).toBe(404);
  });

  it("exports the invoices and credit notes of a site and a range as the bookkeeper's CSV; a bad range is a 400", async () => {
    const { invoice } = await customerWithInvoice({ site: "ta-planen" });
    const credited = (await post(credit.POST, invoice.id, { reason: "Fel antal" }, "ta-planen")).json;
    const day = today();
    const res = await callRoute(csv.GET, {
      path: `/api/admin/invoices.csv?site=ta-planen&from=${day}&to=${day}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoices-ta-planen-${day}-${day}.csv"`);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Nummer;/);
    expect(lines.some((line) => line.startsWith(`${invoice.number};Faktura;${day};`))).toBe(true);
    expect(lines.some((line) => line.startsWith(`${credited.creditNote.number};Kreditfaktura;${day};`))).toBe(true);
    expect(lines.slice(1).every((line) => line.includes(";SEK;"))).toBe(true);

    const yesterday = siteDay(new Date(Date.now() - DAY_MS));
    const empty = await callRoute(csv.GET, {
      path: `/api/admin/invoices.csv?site=ta-planen&from=${yesterday}&to=${yesterday}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect((await empty.text()).trim().split("\r\n")).toHaveLength(1);
    for (const query of [`from=${day}&to=${yesterday}`, "from=2026-13-01", "site=nowhere"]) {
      const bad = await callRoute(csv.GET, {
        path: `/api/admin/invoices.csv?${query}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect([query, bad.status]).toEqual([query, 400]);
    }
  });
});

describe("the customer's credit note", () => {
  it("is named in their invoices and downloads for the owner and administrators only", async () => {
    const owner = await createUser();
    const admin = await createUser();
    const member = await createUser();
    const organisationId = await createOrganisation(owner.id, [admin.id, member.id]);
    await (
      await getDb()
    )
      .updateTable("organisation_members")
      .set({ is_admin: 1 })
      .where("organisation_id", "=", organisationId)
      .where("user_id", "=", admin.id)
      .execute();
    const details = validDetails("skilteplanen", { sendEInvoice: true, eanNumber: VALID_EAN, invoiceEmail: "" });
    expect((await saveDetails(owner.token, details)).status).toBe(200);
    const invoice = (await accept(owner.token)).json.invoice as Invoice;

    // Not credited yet: nothing to name, nothing to download.
    expect((await as(owner.token, userInvoices.GET)).json.find((i: any) => i.id === invoice.id).creditNote).toBeNull();
    expect((await download(customerCreditPdf.GET, owner.token, invoice.id)).status).toBe(404);

    const credited = (await post(credit.POST, invoice.id, { reason: "Fejl" })).json;
    const mine = (await as(owner.token, userInvoices.GET)).json.find((i: any) => i.id === invoice.id);
    expect(mine).toMatchObject({
      number: invoice.number,
      status: "credited",
      creditNote: {
        number: credited.creditNote.number,
        pdfUrl: `/api/users/invoices/${invoice.id}/credit-note/pdf`,
        ublUrl: `/api/users/invoices/${invoice.id}/credit-note/ubl`,
      },
    });
    for (const who of [owner, admin]) {
      const pdf = await download(customerCreditPdf.GET, who.token, invoice.id);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="kreditnota-${credited.creditNote.number}.pdf"`);
      const ubl = await download(customerCreditUbl.GET, who.token, invoice.id);
      expect(ubl.status).toBe(200);
      expect(await ubl.text()).toContain("<CreditNote");
    }
    const stranger = await createUser();
    for (const route of [customerCreditPdf.GET, customerCreditUbl.GET]) {
      for (const who of [member, stranger]) {
        const res = await download(route, who.token, invoice.id);
        expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([404, "Fakturaen findes ikke."]);
      }
      expect((await download(route, null, invoice.id)).status).toBe(401);
    }
  });
});

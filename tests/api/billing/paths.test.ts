/**
 * The billing paths of core §7 (issue 31): the trial's days, invoice details with every validation
 * message in Danish and Swedish, accepting payment and its refusals, block status, the reminder, the
 * invoices, and the subscription's cancel and resume.
 */
import { describe, expect, it } from "vitest";
import * as freeTrialTimeLeft from "@/app/api/users/freeTrialTimeLeft/route";
import * as invoiceDetails from "@/app/api/users/invoiceDetails/route";
import * as acceptPaymentRoute from "@/app/api/users/accept-payment/route";
import * as blockStatus from "@/app/api/users/block-status/route";
import * as reminder from "@/app/api/users/shouldShowInvoiceReminder/route";
import * as invoices from "@/app/api/users/invoices/route";
import * as subscriptionStatus from "@/app/api/users/subscription-status/route";
import * as cancel from "@/app/api/users/cancel-subscription/route";
import * as resume from "@/app/api/users/resume-subscription/route";
import * as projects from "@/app/api/project/route";
import { addYear, trialEnd } from "@/lib/billing/pricing";
import { markInvoicePaid } from "@/server/billing/payments";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { makeOrganisationAdmin } from "../signs/support";
import { accept, dueDaysAgo, endTrial, firstLoginDaysAgo, saveDetails, subscribe, VALID_EAN, validDetails } from "./support";

const DAY_MS = 86_400_000;

async function team() {
  const owner = await createUser({ name: "Eva Ejer" });
  const admin = await createUser({ name: "Admin" });
  const member = await createUser({ name: "Medlem" });
  await createOrganisation(owner.id, [admin.id, member.id]);
  await makeOrganisationAdmin(admin.id);
  return { owner, admin, member };
}

describe("GET /users/freeTrialTimeLeft", () => {
  it("answers the days left, a started day counting, false once over and false logged out", async () => {
    expect(await as(null, freeTrialTimeLeft.GET)).toEqual({ status: 200, json: false });
    const user = await createUser();
    expect((await as(user.token, freeTrialTimeLeft.GET)).json).toBe(14);
    await firstLoginDaysAgo(user.id, 0.1);
    expect((await as(user.token, freeTrialTimeLeft.GET)).json).toBe(14);
    await firstLoginDaysAgo(user.id, 13.5);
    expect((await as(user.token, freeTrialTimeLeft.GET)).json).toBe(1);
    await firstLoginDaysAgo(user.id, 14.01);
    expect((await as(user.token, freeTrialTimeLeft.GET)).json).toBe(false);
  });
});

/** Each invalid body, its field changes, and the message expected in Danish (skilteplanen) and Swedish (ta-planen). */
const INVALID: { name: string; change: Record<string, unknown>; da: string; sv: string }[] = [
  { name: "no name", change: { name: "  " }, da: "Angiv et navn.", sv: "Ange ett namn." },
  { name: "no address", change: { address: "" }, da: "Angiv en adresse.", sv: "Ange en adress." },
  { name: "no zip", change: { zip: "" }, da: "Angiv et postnummer.", sv: "Ange ett postnummer." },
  { name: "no city", change: { city: "" }, da: "Angiv en by.", sv: "Ange en ort." },
  { name: "no country", change: { country: "Danmark" }, da: "Vælg et land.", sv: "Välj ett land." },
  { name: "a field too long", change: { name: "x".repeat(201) }, da: "Feltet er for langt.", sv: "Fältet är för långt." },
  {
    name: "an e-mail that is none",
    change: { invoiceEmail: "faktura" },
    da: "E-mailadressen er ikke gyldig.",
    sv: "E-postadressen är inte giltig.",
  },
  {
    name: "neither e-mail nor e-invoice",
    change: { invoiceEmail: "", sendEInvoice: false },
    da: "Angiv enten en faktura-e-mail eller vælg e-faktura",
    sv: "Ange antingen en e-postadress för fakturor eller välj e-faktura",
  },
  {
    name: "e-invoice without an EAN",
    change: { sendEInvoice: true, eanNumber: "" },
    da: "Angiv et EAN-nummer for at modtage e-faktura.",
    sv: "Ange ett EAN-nummer för att få e-faktura.",
  },
  {
    name: "an EAN of 12 digits",
    change: { eanNumber: "579000000000" },
    da: "EAN-nummeret skal være 13 cifre",
    sv: "EAN-numret måste vara 13 siffror",
  },
  {
    name: "an EAN with a wrong check digit",
    change: { eanNumber: "5790000000006" },
    da: "EAN-nummerets kontrolciffer passer ikke",
    sv: "EAN-numrets kontrollsiffra stämmer inte",
  },
  { name: "a company without a name", change: { companyName: "" }, da: "Angiv firmanavnet.", sv: "Ange företagets namn." },
];

describe("POST /users/invoiceDetails", () => {
  it("answers every invalid body with its message in Danish and in Swedish", async () => {
    const user = await createUser();
    for (const { name, change, da, sv } of INVALID) {
      const danish = await saveDetails(user.token, validDetails("skilteplanen", change), "skilteplanen");
      expect([name, danish.status, danish.json.message]).toEqual([name, 400, da]);
      const swedish = await saveDetails(user.token, validDetails("ta-planen", change), "ta-planen");
      expect([name, swedish.status, swedish.json.message]).toEqual([name, 400, sv]);
    }
    const cvr = await saveDetails(user.token, validDetails("skilteplanen", { cvrNumber: "1234" }), "skilteplanen");
    expect(cvr.json.message).toBe("CVR-nummer skal være 8 cifre");
    const orgnr = await saveDetails(user.token, validDetails("ta-planen", { cvrNumber: "24256790" }), "ta-planen");
    expect(orgnr.json.message).toBe("Organisationsnumret måste vara 10 siffror");
    expect((await as(user.token, invoiceDetails.GET)).json).toBeNull();
  });

  it("saves the payer's details for the owner and administrators, refuses a member, and shows them to all", async () => {
    const { owner, admin, member } = await team();
    expect((await as(owner.token, invoiceDetails.GET)).json).toBeNull();
    const refused = await saveDetails(member.token, validDetails());
    expect(refused).toMatchObject({
      status: 403,
      json: { message: "Kun organisationens ejer og administratorer kan administrere betalingen." },
    });
    const refusedSv = await saveDetails(member.token, validDetails("ta-planen"), "ta-planen");
    expect(refusedSv.json.message).toBe("Bara organisationens ägare och administratörer kan hantera betalningen.");

    const saved = await saveDetails(
      admin.token,
      validDetails("skilteplanen", { sendEInvoice: true, eanNumber: "579 0000 000 005", invoiceEmail: "" }),
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      sendEInvoice: true,
      eanNumber: VALID_EAN,
      invoiceEmail: "",
      companyName: "Vejfirma ApS",
      canManage: true,
    });
    const changed = await saveDetails(
      owner.token,
      validDetails("skilteplanen", { city: "Aarhus", isCompany: false, companyName: "", cvrNumber: "" }),
    );
    expect(changed.json).toMatchObject({ city: "Aarhus", isCompany: false });
    expect((await as(member.token, invoiceDetails.GET)).json).toMatchObject({ city: "Aarhus", canManage: false });
    expect((await as(owner.token, invoiceDetails.GET)).json).toMatchObject({ city: "Aarhus", canManage: true });
  });
});

describe("POST /users/accept-payment", () => {
  it("needs the terms and the details, subscribes from the trial's end, and refuses a second accept", async () => {
    const user = await createUser();
    await firstLoginDaysAgo(user.id, 4);
    const noTerms = await as(user.token, acceptPaymentRoute.POST, { method: "POST", body: { acceptTerms: false } });
    expect(noTerms).toMatchObject({ status: 400, json: { message: "Du skal acceptere vilkårene for at fortsætte." } });
    const missing = await accept(user.token);
    expect(missing).toMatchObject({ status: 409, json: { code: "INVOICE_DETAILS_MISSING" } });

    const accepted = await subscribe(user.token);
    expect(accepted.status).toBe(201);
    const db = await getDb();
    const row = await db.selectFrom("users").select("first_login_at").where("id", "=", user.id).executeTakeFirstOrThrow();
    const start = trialEnd(new Date(row.first_login_at!));
    expect(accepted.json.subscription).toMatchObject({
      status: "active",
      periodStart: start.toISOString(),
      periodEnd: addYear(start).toISOString(),
      cancelAt: null,
      seats: 1,
      members: 1,
      currency: "DKK",
      yearlyAmount: 249_500,
      isOrganisation: false,
    });
    expect(accepted.json.invoice).toMatchObject({ kind: "subscription", userCount: 1, subtotal: 249_500, status: "pending" });
    const account = await db.selectFrom("billing_accounts").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ accepted_by: user.id, terms_version: expect.any(String), site: "skilteplanen" });

    expect(await accept(user.token)).toMatchObject({ status: 409, json: { code: "ALREADY_ACTIVE" } });
  });

  it("is for the owner and administrators only", async () => {
    const { owner, member } = await team();
    await saveDetails(owner.token, validDetails());
    expect((await accept(member.token)).status).toBe(403);
    const accepted = await accept(owner.token);
    expect(accepted.json.subscription).toMatchObject({ seats: 3, members: 3, isOrganisation: true });
  });
});

describe("block status, the reminder and the invoices", () => {
  it("tells a member who to ask, and reminds in the last three days of the trial", async () => {
    const { owner, member } = await team();
    await endTrial(member.id);
    expect((await as(member.token, blockStatus.GET)).json).toEqual({
      blocked: true,
      status: "blocked",
      reason: "trialEnded",
      invoice: null,
      canManage: false,
      ownerName: "Eva Ejer",
      staffReason: null,
    });
    expect((await as(owner.token, reminder.GET)).json).toEqual({ shouldShow: false, reason: null, trialDaysLeft: 14, invoice: null });
    await firstLoginDaysAgo(owner.id, 11.5);
    expect((await as(owner.token, reminder.GET)).json).toEqual({
      shouldShow: true,
      reason: "trialEnding",
      trialDaysLeft: 3,
      invoice: null,
    });
    expect((await as(member.token, invoices.GET)).status).toBe(403);
    expect((await as(member.token, invoices.GET, { site: "ta-planen" })).json.message).toBe(
      "Bara organisationens ägare och administratörer kan se organisationens fakturor.",
    );
  });

  it("reminds of an invoice past due, blocks after the grace, and only paying lifts that block", async () => {
    const user = await createUser();
    const first = (await subscribe(user.token)).json.invoice;
    expect((await as(user.token, invoices.GET)).json).toEqual([first]);

    await dueDaysAgo(first.id, 3);
    const reminded = (await as(user.token, reminder.GET)).json;
    expect(reminded).toMatchObject({ shouldShow: true, reason: "invoiceOverdue", invoice: { id: first.id } });
    expect((await as(user.token, projects.POST, { method: "POST", body: { name: "P" } })).status).toBe(201);

    await dueDaysAgo(first.id, 15);
    const blocked = (await as(user.token, blockStatus.GET)).json;
    expect(blocked).toMatchObject({
      blocked: true,
      status: "blocked",
      reason: "invoiceOverdue",
      invoice: { id: first.id, number: first.number, total: first.amount, currency: "DKK" },
    });
    expect((await as(user.token, reminder.GET)).json.shouldShow).toBe(false);
    const refused = await as(user.token, projects.POST, { method: "POST", body: { name: "P" } });
    expect(refused).toMatchObject({ status: 402, json: { code: "ACCOUNT_BLOCKED", reason: "invoiceOverdue" } });
    expect(refused.json.message).toContain(`faktura nr. ${first.number} ikke er betalt`);
    expect(await accept(user.token)).toMatchObject({ status: 409, json: { code: "INVOICE_OVERDUE" } });

    await markInvoicePaid(await getDb(), { number: first.number, paidAt: new Date(), reference: "bank 1" }, new Date());
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false, status: "active" });
    expect((await as(user.token, invoices.GET)).json[0]).toMatchObject({ id: first.id, status: "paid" });
  });
});

describe("the subscription", () => {
  it("is cancelled to the period's end with a confirmation, resumed while it runs, and not after its end", async () => {
    const user = await createUser();
    expect((await as(user.token, subscriptionStatus.GET)).json).toMatchObject({ status: "trial", trialDaysLeft: 14, periodStart: null });
    expect(await as(user.token, cancel.POST, { method: "POST" })).toMatchObject({ status: 409, json: { code: "NOT_RUNNING" } });
    const { subscription } = (await subscribe(user.token)).json;

    const cancelled = await as(user.token, cancel.POST, { method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: "cancelled", cancelAt: subscription.periodEnd });
    const db = await getDb();
    const notices = await db.selectFrom("billing_notices").selectAll().where("user_id", "=", user.id).execute();
    expect(notices.map((n) => n.kind)).toEqual(["subscriptionCancelled"]);
    expect(await as(user.token, cancel.POST, { method: "POST" })).toMatchObject({ status: 409, json: { code: "ALREADY_CANCELLED" } });
    expect(await accept(user.token)).toMatchObject({ status: 409, json: { code: "SUBSCRIPTION_CANCELLED" } });

    const resumed = await as(user.token, resume.POST, { method: "POST" });
    expect(resumed.json).toMatchObject({ status: "active", cancelAt: null });
    expect(await as(user.token, resume.POST, { method: "POST" })).toMatchObject({ status: 409, json: { code: "NOT_CANCELLED" } });

    await as(user.token, cancel.POST, { method: "POST" });
    await db
      .updateTable("billing_accounts")
      .set({ cancel_at: new Date(Date.now() - DAY_MS).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const late = await as(user.token, resume.POST, { method: "POST" });
    expect(late).toMatchObject({
      status: 409,
      json: { code: "SUBSCRIPTION_ENDED", message: "Abonnementet er udløbet. Accepter betalingen igen for at genaktivere kontoen." },
    });
    await endTrial(user.id);
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "subscriptionEnded" });
    const again = await accept(user.token);
    expect(again.status).toBe(201);
    expect(again.json.invoice.number).toBeGreaterThan(0);
  });
});

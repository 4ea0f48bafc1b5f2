/**
 * Invoice amounts (issue 31): accepting payment for an organisation of 1, 2 and 7 members on each of the
 * three sites invoices the site's yearly prices (DKK on the Danish sites, SEK on TA-planen) with 25 %
 * VAT, numbered consecutively; two accepts at once make one subscription and one invoice.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { createOrganisation, createUser } from "../../support/users";
import { accept, saveDetails, validDetails } from "./support";

/** The expected yearly amounts in minor units, excluding VAT, from content §9's prices. */
const PRICES = {
  skilteplanen: { first: 249_500, extra: 119_500, currency: "DKK" },
  kloakplanen: { first: 249_500, extra: 119_500, currency: "DKK" },
  "ta-planen": { first: 299_500, extra: 149_500, currency: "SEK" },
} as const;

async function organisationOf(size: number) {
  const owner = await createUser();
  const members = [];
  for (let i = 1; i < size; i++) members.push((await createUser()).id);
  await createOrganisation(owner.id, members);
  return owner;
}

describe("the first invoice's amounts", () => {
  it("are the site's prices for 1, 2 and 7 users with 25 % VAT, numbered without gaps", async () => {
    const numbers: number[] = [];
    for (const site of ["skilteplanen", "kloakplanen", "ta-planen"] as const) {
      for (const size of [1, 2, 7]) {
        const owner = await organisationOf(size);
        expect((await saveDetails(owner.token, validDetails(site), site)).status).toBe(200);
        const { status, json } = await accept(owner.token, site);
        expect(status).toBe(201);
        const { first, extra, currency } = PRICES[site];
        const subtotal = first + (size - 1) * extra;
        const vat = Math.round(subtotal * 0.25);
        expect([site, size, json.invoice]).toMatchObject([
          site,
          size,
          { userCount: size, subtotal, vat, amount: subtotal + vat, currency, kind: "subscription", status: "pending" },
        ]);
        expect(json.subscription).toMatchObject({ seats: size, site, currency, yearlyAmount: subtotal });
        numbers.push(json.invoice.number);
      }
    }
    // e.g. 7 users on TA-planen: 2,995 + 6 × 1,495 = 11,965 SEK, VAT 2,991.25, total 14,956.25 SEK.
    const db = await getDb();
    const last = await db.selectFrom("invoices").selectAll().where("number", "=", numbers.at(-1)!).executeTakeFirstOrThrow();
    expect([last.subtotal, last.vat_amount, last.total, last.currency]).toEqual([1_196_500, 299_125, 1_495_625, "SEK"]);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  });

  it("is issued once when two accepts arrive together", async () => {
    const owner = await organisationOf(2);
    await saveDetails(owner.token, validDetails());
    const answers = await Promise.all([accept(owner.token), accept(owner.token), accept(owner.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.code)).toEqual(["ALREADY_ACTIVE", "ALREADY_ACTIVE"]);
    const db = await getDb();
    const account = await db
      .selectFrom("billing_accounts")
      .select("id")
      .where("organisation_id", "is not", null)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const issued = await db.selectFrom("invoices").select("number").where("billing_account_id", "=", account.id).execute();
    expect(issued).toHaveLength(1);
    const all = (await db.selectFrom("invoices").select("number").orderBy("number").execute()).map((r) => r.number);
    expect(all).toEqual(all.map((_, i) => all[0]! + i));
  });
});

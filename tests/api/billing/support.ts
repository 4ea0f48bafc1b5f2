/** Helpers of the billing API tests: trials made to end, invoice details given, payment accepted. */
import * as acceptPayment from "@/app/api/users/accept-payment/route";
import * as invoiceDetails from "@/app/api/users/invoiceDetails/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { validDetails } from "../../support/invoice-details";

const DAY_MS = 86_400_000;

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** Moves a user's first login `days` days back (a trial of 14 days ends 14 days after it). */
export async function firstLoginDaysAgo(userId: number, days: number): Promise<void> {
  await (
    await getDb()
  )
    .updateTable("users")
    .set({ first_login_at: daysAgo(days) })
    .where("id", "=", userId)
    .execute();
}

/** Moves an invoice's due date `days` days into the past. */
export async function dueDaysAgo(invoiceId: number, days: number): Promise<void> {
  await (
    await getDb()
  )
    .updateTable("invoices")
    .set({ due_at: daysAgo(days) })
    .where("id", "=", invoiceId)
    .execute();
}

/** Ends a user's trial (blocked, trialEnded, unless a subscription covers them). */
export const endTrial = (userId: number) => firstLoginDaysAgo(userId, 20);

export { VALID_CVR, VALID_ORGNR, validDetails } from "../../support/invoice-details";
export const VALID_EAN = "5790000000005";

export const saveDetails = (token: string, body: unknown, site?: string) => as(token, invoiceDetails.POST, { method: "POST", body, site });

export const accept = (token: string, site?: string) =>
  as(token, acceptPayment.POST, { method: "POST", body: { acceptTerms: true }, site });

/** Gives valid details and accepts payment on a site; answers the accept's response. */
export async function subscribe(token: string, site = "skilteplanen") {
  const details = await saveDetails(token, validDetails(site), site);
  if (details.status !== 200) throw new Error(`details: ${details.status} ${JSON.stringify(details.json)}`);
  return accept(token, site);
}

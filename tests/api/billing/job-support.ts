/**
 * The billing job tests' scenes, written straight into the database: users with a first login, payers'
 * accounts with invoice details, and invoices issued the one way there is (issueInvoice in a transaction).
 */
import type { Server } from "socket.io";
import { getDb } from "@/server/db";
import { createOrganisation } from "../../support/users";
import { issueInvoice } from "@/server/billing/invoices";
import { setRealtimeServer } from "@/server/realtime/emitter";
import { addDays, addYear, subscriptionLines } from "@/lib/billing/pricing";
import type { InvoiceBuyer } from "@/lib/schemas/billing";
import type { SiteId } from "@/sites/registry";

let counter = 0;

/** A user (no password needed) whose trial started at `firstLogin` (null: never logged in). */
export async function user(options: { firstLogin?: Date | null; site?: SiteId; name?: string } = {}) {
  const db = await getDb();
  counter += 1;
  const now = new Date().toISOString();
  return db
    .insertInto("users")
    .values({
      email: `job-${process.pid}-${Date.now().toString(36)}-${counter}@example.dk`,
      name: options.name ?? `Bruger ${counter}`,
      password_hash: "x",
      is_verified: 1,
      registered_site: options.site ?? "skilteplanen",
      first_login_at: options.firstLogin ? options.firstLogin.toISOString() : null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An organisation with an owner (an administrator) and members. */
export const organisation = createOrganisation;

export async function join(organisationId: number, userId: number, isAdmin = false): Promise<void> {
  const db = await getDb();
  await db
    .insertInto("organisation_members")
    .values({ organisation_id: organisationId, user_id: userId, is_admin: isAdmin ? 1 : 0, joined_at: new Date().toISOString() })
    .execute();
}

export async function leave(organisationId: number, userId: number): Promise<void> {
  const db = await getDb();
  await db.deleteFrom("organisation_members").where("organisation_id", "=", organisationId).where("user_id", "=", userId).execute();
}

export const buyer: InvoiceBuyer = {
  isCompany: true,
  companyName: "Vejfirma ApS",
  cvrNumber: "12345678",
  sendEInvoice: false,
  name: "Bogholderiet",
  address: "Vejen 1",
  zip: "8000",
  city: "Aarhus C",
  country: "DK",
  invoiceEmail: "faktura@example.dk",
  reference: "",
  eanNumber: "",
};

/**
 * A paying account with invoice details: active for [periodStart, periodStart + 1 year) with `seats`
 * seats (organisation's or a user's own), optionally cancelled to end at `cancelAt`.
 */
export async function account(
  payer: { organisationId: number } | { userId: number },
  options: { periodStart: Date; seats: number; site?: SiteId; cancelAt?: Date },
) {
  const db = await getDb();
  const iso = options.periodStart.toISOString();
  const row = await db
    .insertInto("billing_accounts")
    .values({
      ...("organisationId" in payer ? { organisation_id: payer.organisationId } : { user_id: payer.userId }),
      site: options.site ?? "skilteplanen",
      status: "active",
      seats: options.seats,
      period_start: iso,
      period_end: addYear(options.periodStart).toISOString(),
      cancel_at: options.cancelAt?.toISOString() ?? null,
      cancelled_at: options.cancelAt ? iso : null,
      accepted_at: iso,
      terms_version: "2026-11-28",
      created_at: iso,
      updated_at: iso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("invoice_details")
    .values({
      billing_account_id: row.id,
      is_company: 1,
      company_name: buyer.companyName,
      cvr_number: buyer.cvrNumber,
      name: buyer.name,
      address: buyer.address,
      zip: buyer.zip,
      city: buyer.city,
      country: buyer.country,
      invoice_email: buyer.invoiceEmail,
      send_e_invoice: 0,
      reference: "",
      ean_number: "",
      updated_at: iso,
    })
    .execute();
  return row;
}

/** The account's first-year invoice, issued at `at` (due PAYMENT_TERMS_DAYS later). */
export async function subscriptionInvoice(acct: { id: number; site: string }, seats: number, at: Date, dedupeKey?: string) {
  const db = await getDb();
  return db.transaction().execute(async (trx) =>
    issueInvoice(trx, {
      account: acct,
      dedupeKey: dedupeKey ?? `subscription:${acct.id}:${at.toISOString()}`,
      kind: "subscription",
      lines: subscriptionLines(acct.site as SiteId, seats),
      userCount: seats,
      periodStart: at,
      periodEnd: addYear(at),
      buyer,
      createdBy: null,
      now: at,
    }),
  );
}

export async function noticesOf(userId: number) {
  const db = await getDb();
  const rows = await db.selectFrom("billing_notices").select(["key", "kind"]).where("user_id", "=", userId).orderBy("id").execute();
  return rows;
}

/** Records the users told billingStatusChanged while `during` runs (a stand-in for the socket server). */
export async function heardStatusChanged(during: () => Promise<void>): Promise<number[]> {
  const heard: number[] = [];
  const fake = {
    to(rooms: string[]) {
      return {
        emit() {
          for (const room of rooms) heard.push(Number(room.replace(/^user:/, "")));
        },
      };
    },
  };
  setRealtimeServer(fake as unknown as Server);
  try {
    await during();
  } finally {
    setRealtimeServer(undefined);
  }
  return heard.sort((a, b) => a - b);
}

export { addDays };

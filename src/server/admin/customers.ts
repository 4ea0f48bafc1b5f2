import "server-only";
import { sql, type Kysely } from "kysely";
import { getDatabaseHandle, type Database } from "../db";
import { containsPattern, textContains } from "../db/text-search";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { invoiceDto } from "../billing/invoices";
import { billingStateOf, billingStatesOf, type BillingState } from "../billing/state";
import { roleOf } from "@/lib/organisation-roles";
import {
  CUSTOMER_PAGE_SIZE,
  type CustomerDetailDto,
  type CustomerPageDto,
  type CustomerRowDto,
  type CustomerSearchQuery,
} from "@/lib/schemas/admin";
import type { SiteId } from "@/sites/registry";

/** The forms a company number may be stored in: digits, and an organisationsnummer's NNNNNN-NNNN. */
function companyNumberForms(q: string): string[] {
  const digits = q.replace(/[\s-]/g, "");
  if (!/^\d{8}$|^\d{10}$/.test(digits)) return [];
  return digits.length === 10 ? [digits, `${digits.slice(0, 6)}-${digits.slice(6)}`] : [digits];
}

function customerQuery(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .leftJoin("organisation_members", "organisation_members.user_id", "users.id")
    .leftJoin("organisations", "organisations.id", "organisation_members.organisation_id")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "users.registered_site",
      "users.is_verified",
      "users.last_login_at",
      "users.created_at",
      "users.staff_block_reason",
      "organisations.id as organisation_id",
      "organisations.name as organisation_name",
      "organisations.cvr_number",
      "organisations.owner_id",
      "organisation_members.is_admin as member_is_admin",
    ]);
}
type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerQuery>["executeTakeFirstOrThrow"]>>;

function rowDto(row: CustomerRow, state: BillingState | undefined): CustomerRowDto {
  const inOrganisation = row.organisation_id !== null && row.owner_id !== null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    site: row.registered_site,
    organisation: inOrganisation ? { id: row.organisation_id!, name: row.organisation_name ?? "" } : null,
    role: inOrganisation ? roleOf(row.id, { owner_id: row.owner_id! }, { is_admin: row.member_is_admin ?? 0 }) : null,
    billingStatus: state?.status ?? "trial",
    blockReason: state?.reason ?? null,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

/**
 * GET /admin/customers: newest account first (id order, stable while customers sign up), a page at a
 * time with one row more than shown to tell whether another page follows; billing states for the page
 * in a few queries (billingStatesOf), not per row.
 */
export async function searchCustomers(db: Kysely<Database>, query: CustomerSearchQuery, now: Date): Promise<CustomerPageDto> {
  let q = customerQuery(db);
  const text = query.q.toLowerCase();
  if (text) {
    const { dialect } = await getDatabaseHandle();
    const pattern = containsPattern(text);
    const numbers = companyNumberForms(text);
    q = q.where((eb) =>
      eb.or([
        // E-mails are stored lower-cased.
        sql<boolean>`${eb.ref("users.email")} like ${pattern} escape '\\'`,
        textContains(dialect, sql.ref("users.name"), text),
        ...(numbers.length ? [eb("organisations.cvr_number", "in", numbers)] : []),
      ]),
    );
  }
  const rows = await q
    .orderBy("users.id", "desc")
    .limit(CUSTOMER_PAGE_SIZE + 1)
    .offset((query.page - 1) * CUSTOMER_PAGE_SIZE)
    .execute();
  const page = rows.slice(0, CUSTOMER_PAGE_SIZE);
  const states = await billingStatesOf(
    db,
    page.map((r) => r.id),
    now,
  );
  return {
    customers: page.map((r) => rowDto(r, states.get(r.id))),
    page: query.page,
    pageSize: CUSTOMER_PAGE_SIZE,
    hasMore: rows.length > CUSTOMER_PAGE_SIZE,
  };
}

/** GET /admin/customers/{id}: what staff need to help a customer, never the contents of a plan. */
export async function getCustomer(db: Kysely<Database>, site: SiteId, userId: number, now: Date): Promise<CustomerDetailDto> {
  const row = await customerQuery(db).where("users.id", "=", userId).executeTakeFirst();
  if (!row) throw new ApiError(404, serverTranslator(site)("api.admin.customerNotFound"));
  const state = await billingStateOf(db, userId, now);
  const account = state.payer.account;
  const [invoices, plans, projects] = await Promise.all([
    account
      ? db
          .selectFrom("invoices")
          .selectAll()
          .where("billing_account_id", "=", account.id)
          .orderBy("issued_at", "desc")
          .orderBy("id", "desc")
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom("signplans")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("owner_id", "=", userId)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("projects")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("owner_id", "=", userId)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  const base = rowDto(row, state);
  return {
    ...base,
    emailConfirmed: row.is_verified === 1,
    organisation: base.organisation ? { ...base.organisation, cvrNumber: row.cvr_number ?? "", ownerId: row.owner_id! } : null,
    trialDaysLeft: state.trialDaysLeft,
    trialEndsAt: state.trialEndsAt?.toISOString() ?? null,
    subscription: account
      ? {
          accountId: account.id,
          state: account.status,
          seats: account.seats,
          periodEnd: account.period_end,
          cancelAt: account.cancel_at,
          acceptedAt: account.accepted_at,
        }
      : null,
    blocked: state.blocked,
    staffBlockReason: row.staff_block_reason,
    invoices: invoices.map(invoiceDto),
    planCount: Number(plans.n),
    projectCount: Number(projects.n),
  };
}

/**
 * GET /admin/key-figures (issue 32): counts per Copenhagen day and ISO week from generated rows whose
 * counts are known (in 2031, far from the rows other tests make now), per site and for all sites; the
 * paying seats now; revenue per month net of credit notes; and the bounded range.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as keyFigures from "@/app/api/admin/key-figures/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";

let staff: Awaited<ReturnType<typeof createUser>>;
const figures = (query: string, site?: string) => as(staff.token, keyFigures.GET, { query, site });

async function user(site: string, createdAt: string, options: { verified?: boolean; firstLogin?: string } = {}) {
  const created = await createUser({ site, verified: options.verified ?? true });
  const db = await getDb();
  await db
    .updateTable("users")
    .set({ created_at: createdAt, first_login_at: options.firstLogin ?? null })
    .where("id", "=", created.id)
    .execute();
  return created.id;
}

async function plan(ownerId: number, updatedAt: string, savedAt: string[] = []) {
  const db = await getDb();
  const project = await db
    .insertInto("projects")
    .values({ owner_id: ownerId, name: "P", created_at: updatedAt, updated_at: updatedAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto("signplans")
    .values({
      project_id: project.id,
      owner_id: ownerId,
      name: "Plan",
      content: "{}",
      element_count: 0,
      created_at: updatedAt,
      updated_at: updatedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [version, at] of savedAt.entries()) {
    await db
      .insertInto("signplan_history")
      .values({ signplan_id: id, version: version + 1, name: "Plan", content: "{}", saved_by: ownerId, saved_at: at })
      .execute();
  }
  return id;
}

async function exported(planId: number, at: string) {
  const db = await getDb();
  await db
    .insertInto("signplan_exports")
    .values({
      signplan_id: planId,
      created_by: null,
      settings: "{}",
      storage_key: `k-${at}`,
      file_name: "x.pdf",
      content_type: "application/pdf",
      size: 1,
      created_at: at,
    })
    .execute();
}

async function account(site: string, values: { acceptedAt: string | null; status: "active" | "ended"; seats: number; periodEnd: string }) {
  const db = await getDb();
  const { id } = await db
    .insertInto("billing_accounts")
    .values({
      site,
      status: values.status,
      seats: values.seats,
      period_start: values.acceptedAt,
      period_end: values.periodEnd,
      accepted_at: values.acceptedAt,
      created_at: "2031-01-01T00:00:00.000Z",
      updated_at: "2031-01-01T00:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

let invoiceNumber = 0;
async function invoice(accountId: number, site: string, currency: "DKK" | "SEK", subtotal: number, issuedAt: string) {
  const db = await getDb();
  invoiceNumber += 1;
  const { id } = await db
    .insertInto("invoices")
    .values({
      number: invoiceNumber,
      billing_account_id: accountId,
      dedupe_key: `test:${invoiceNumber}`,
      kind: "subscription",
      site,
      currency,
      issued_at: issuedAt,
      due_at: issuedAt,
      period_start: issuedAt,
      period_end: issuedAt,
      user_count: 1,
      lines: "[]",
      subtotal,
      vat_rate: 25,
      vat_amount: subtotal / 4,
      total: (subtotal * 5) / 4,
      buyer: "{}",
      e_invoice: 0,
      created_by: null,
      created_at: issuedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  staff = await createUser();
  await makeStaffAdmin(staff.id);
  // Copenhagen is UTC+1 in March 2031 (summer time begins on the 30th). The range is Mon 3 – Sun 16 March: ISO weeks 10 and 11.
  const karen = await user("skilteplanen", "2031-03-03T10:00:00.000Z");
  await user("skilteplanen", "2031-03-03T22:59:59.999Z", { verified: false }); // 23:59 on the 3rd
  await user("skilteplanen", "2031-03-04T23:00:00.000Z", { firstLogin: "2031-03-10T12:00:00.000Z" }); // 00:00 on the 5th
  const sven = await user("ta-planen", "2031-03-09T12:00:00.000Z", { firstLogin: "2031-03-09T12:00:00.000Z" });
  await user("ta-planen", "2031-03-02T22:30:00.000Z"); // 23:30 on the 2nd: before the range
  await user("kloakplanen", "2031-03-16T22:59:00.000Z"); // 23:59 on the 16th
  await user("kloakplanen", "2031-03-16T23:00:00.000Z"); // the 17th: after the range

  const karensPlan = await plan(karen, "2031-03-12T10:00:00.000Z", [
    "2031-03-03T10:00:00.000Z",
    "2031-03-04T10:00:00.000Z",
    "2031-03-12T10:00:00.000Z",
  ]);
  const svensPlan = await plan(sven, "2031-03-05T10:00:00.000Z");
  await exported(karensPlan, "2031-03-06T10:00:00.000Z");
  await exported(karensPlan, "2031-03-06T11:00:00.000Z");
  await exported(svensPlan, "2031-03-14T10:00:00.000Z");

  const dk = await account("skilteplanen", {
    acceptedAt: "2031-03-11T09:00:00.000Z",
    status: "active",
    seats: 3,
    periodEnd: "2099-03-11T09:00:00.000Z",
  });
  const se = await account("ta-planen", {
    acceptedAt: "2031-03-04T09:00:00.000Z",
    status: "active",
    seats: 2,
    periodEnd: "2099-03-04T09:00:00.000Z",
  });
  await account("skilteplanen", {
    acceptedAt: "2030-01-04T09:00:00.000Z",
    status: "ended",
    seats: 5,
    periodEnd: "2031-01-04T09:00:00.000Z",
  });

  const february = await invoice(dk, "skilteplanen", "DKK", 100_000, "2031-02-25T10:00:00.000Z");
  await invoice(dk, "skilteplanen", "DKK", 7_000, "2031-02-28T23:30:00.000Z"); // 1 March in Copenhagen
  await invoice(dk, "skilteplanen", "DKK", 50_000, "2031-03-05T10:00:00.000Z");
  await invoice(se, "ta-planen", "SEK", 80_000, "2031-03-06T10:00:00.000Z");
  const db = await getDb();
  await db
    .insertInto("credit_notes")
    .values({
      number: 1,
      invoice_id: february,
      reason: "Fejl",
      issued_at: "2031-03-07T10:00:00.000Z",
      created_by: null,
      created_at: "2031-03-07T10:00:00.000Z",
    })
    .execute();
});

const zero = { signUps: 0, confirmed: 0, trialsStarted: 0, trialsConverted: 0, activePlans: 0, exports: 0 };
const range = "from=2031-03-03&to=2031-03-16";

describe("GET /admin/key-figures", () => {
  it("counts per Copenhagen day for one site, zeros included", async () => {
    const res = await figures(`?site=skilteplanen&by=day&${range}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ site: "skilteplanen", by: "day", from: "2031-03-03", to: "2031-03-16" });
    const days = res.json.periods;
    expect(days).toHaveLength(14);
    const nonZero = Object.fromEntries(
      days
        .filter((d: any) => Object.keys(zero).some((k) => d[k] !== 0))
        .map((d: any) => [
          d.key,
          Object.fromEntries(
            Object.keys(zero)
              .filter((k) => d[k] !== 0)
              .map((k) => [k, d[k]]),
          ),
        ]),
    );
    expect(nonZero).toEqual({
      "2031-03-03": { signUps: 2, confirmed: 1, activePlans: 1 },
      "2031-03-04": { activePlans: 1 },
      "2031-03-05": { signUps: 1, confirmed: 1 },
      "2031-03-06": { exports: 2 },
      "2031-03-10": { trialsStarted: 1 },
      "2031-03-11": { trialsConverted: 1 },
      "2031-03-12": { activePlans: 1 },
    });
    expect(days[0]).toMatchObject({ key: "2031-03-03", firstDay: "2031-03-03", lastDay: "2031-03-03" });
    // A plan saved on three days is one active plan over the range.
    expect(res.json.totals).toEqual({ signUps: 3, confirmed: 2, trialsStarted: 1, trialsConverted: 1, activePlans: 1, exports: 2 });
    expect(res.json.paying).toEqual({ seats: 3, accounts: 1 });
  });

  it("counts per ISO week for all sites, each plan once a week", async () => {
    const res = await figures(`?site=all&by=week&${range}`);
    expect(res.json.periods).toEqual([
      {
        key: "2031-W10",
        firstDay: "2031-03-03",
        lastDay: "2031-03-09",
        signUps: 4,
        confirmed: 3,
        trialsStarted: 1,
        trialsConverted: 1,
        activePlans: 2,
        exports: 2,
      },
      {
        key: "2031-W11",
        firstDay: "2031-03-10",
        lastDay: "2031-03-16",
        signUps: 1,
        confirmed: 1,
        trialsStarted: 1,
        trialsConverted: 1,
        activePlans: 1,
        exports: 1,
      },
    ]);
    expect(res.json.totals).toEqual({ signUps: 5, confirmed: 4, trialsStarted: 2, trialsConverted: 2, activePlans: 2, exports: 3 });
    expect(res.json.paying).toEqual({ seats: 5, accounts: 2 });
  });

  it("filters by site per week", async () => {
    const ta = (await figures(`?site=ta-planen&by=week&${range}`)).json;
    expect(ta.periods.map((w: any) => [w.key, w.signUps, w.trialsStarted, w.trialsConverted, w.activePlans, w.exports])).toEqual([
      ["2031-W10", 1, 1, 1, 1, 0],
      ["2031-W11", 0, 0, 0, 0, 1],
    ]);
    const kloak = (await figures(`?site=kloakplanen&by=week&${range}`)).json;
    expect(kloak.totals).toEqual({ ...zero, signUps: 1, confirmed: 1 });
    expect(kloak.paying).toEqual({ seats: 0, accounts: 0 });
  });

  it("cuts weeks at the range's edges, so that days and weeks add up to the same totals", async () => {
    const query = "from=2031-03-05&to=2031-03-11";
    const weeks = (await figures(`?by=week&${query}`)).json;
    const days = (await figures(`?by=day&${query}`)).json;
    expect(weeks.periods.map((w: any) => [w.key, w.firstDay, w.lastDay])).toEqual([
      ["2031-W10", "2031-03-05", "2031-03-09"],
      ["2031-W11", "2031-03-10", "2031-03-11"],
    ]);
    for (const figure of ["signUps", "confirmed", "trialsStarted", "trialsConverted", "exports"] as const) {
      const sum = (periods: any[]) => periods.reduce((total, p) => total + p[figure], 0);
      expect([figure, sum(weeks.periods)]).toEqual([figure, weeks.totals[figure]]);
      expect([figure, sum(days.periods)]).toEqual([figure, weeks.totals[figure]]);
    }
    expect(weeks.totals).toEqual({ signUps: 2, confirmed: 2, trialsStarted: 2, trialsConverted: 1, activePlans: 1, exports: 2 });
  });

  it("sums revenue per Copenhagen month and currency, less credit notes in the month they were issued", async () => {
    const all = (await figures("?from=2031-02-20&to=2031-03-16")).json;
    expect(all.revenue).toEqual([
      { month: "2031-02", currency: "DKK", invoiced: 100_000, credited: 0, net: 100_000 },
      { month: "2031-02", currency: "SEK", invoiced: 0, credited: 0, net: 0 },
      { month: "2031-03", currency: "DKK", invoiced: 57_000, credited: 100_000, net: -43_000 },
      { month: "2031-03", currency: "SEK", invoiced: 80_000, credited: 0, net: 80_000 },
    ]);
    const ta = (await figures("?site=ta-planen&from=2031-02-20&to=2031-03-16")).json;
    expect(ta.revenue).toEqual([
      { month: "2031-02", currency: "SEK", invoiced: 0, credited: 0, net: 0 },
      { month: "2031-03", currency: "SEK", invoiced: 80_000, credited: 0, net: 80_000 },
    ]);
    expect((await figures("?site=kloakplanen&from=2031-03-01&to=2031-03-16")).json.revenue).toEqual([
      { month: "2031-03", currency: "DKK", invoiced: 0, credited: 0, net: 0 },
    ]);
  });

  it("defaults to day by day over the 30 days up to today, for all sites", async () => {
    const res = await figures("");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ site: "all", by: "day" });
    expect(res.json.periods).toHaveLength(30);
    expect(res.json.periods.at(-1).key).toBe(res.json.to);
  });

  it("refuses a range over 366 days, a reversed range and bad values with a 400 in the admin's language", async () => {
    expect((await figures("?from=2031-01-01&to=2032-01-01")).status).toBe(200); // 366 days
    const tooLong = await figures("?from=2031-01-01&to=2032-01-02");
    expect(tooLong).toEqual({
      status: 400,
      json: { message: "Vælg en periode på højst 366 dage, hvor startdatoen ikke ligger efter slutdatoen.", field: "from" },
    });
    expect((await figures("?from=2031-03-10&to=2031-03-09", "ta-planen")).json.message).toBe(
      "Välj en period på högst 366 dagar där startdatumet inte ligger efter slutdatumet.",
    );
    expect(await figures("?by=month")).toEqual({ status: 400, json: { message: "Vælg dag eller uge.", field: "by" } });
    expect(await figures("?site=example")).toEqual({ status: 400, json: { message: "Vælg et site eller alle sites.", field: "site" } });
    expect(await figures("?from=3.3.2031")).toEqual({ status: 400, json: { message: "Angiv datoer som ÅÅÅÅ-MM-DD.", field: "from" } });
  });
});

/**
 * The customer search and page of the admin area (issue 32): by name, e-mail, CVR or organisationsnummer,
 * a page at a time on the server, with role, site, billing status and last login per row; the page of
 * one customer with their trial, subscription, invoices and counts, never a plan's contents.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/admin/customers/route";
import * as customer from "@/app/api/admin/customers/[id]/route";
import * as login from "@/app/api/auth/login/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { CUSTOMER_PAGE_SIZE } from "@/lib/schemas/admin";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { makeOrganisationAdmin, makeStaffAdmin } from "../signs/support";
import { endTrial, subscribe } from "../billing/support";

/** Unique per run, so that rows of other tests never match. */
const tag = `kx${Date.now().toString(36)}`;
let staffToken = "";

beforeAll(async () => {
  const staff = await createUser();
  await makeStaffAdmin(staff.id);
  staffToken = staff.token;
});

const search = (q: string, page = 1, site?: string) =>
  as(staffToken, customers.GET, { query: `?q=${encodeURIComponent(q)}&page=${page}`, site });
const detail = (id: number | string, site?: string) => as(staffToken, customer.GET, { params: { id: String(id) }, site });
const ids = (res: { json: any }) => res.json.customers.map((c: any) => c.id);

async function setCompanyNumber(organisationId: number, number: string) {
  await (await getDb()).updateTable("organisations").set({ cvr_number: number }).where("id", "=", organisationId).execute();
}

describe("GET /admin/customers", () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let member: Awaited<ReturnType<typeof createUser>>;
  let administrator: Awaited<ReturnType<typeof createUser>>;
  let loner: Awaited<ReturnType<typeof createUser>>;
  let swede: Awaited<ReturnType<typeof createUser>>;
  const cvr = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const orgnr = String(5_500_000_000 + Math.floor(Math.random() * 99_999_999));

  beforeAll(async () => {
    owner = await createUser({ name: `Eva ${tag} Ejer`, email: `eva.${tag}@vejfirma.dk` });
    member = await createUser({ name: `Mads ${tag} Medlem` });
    administrator = await createUser({ name: `Anna ${tag} Admin` });
    loner = await createUser({ name: `Lars ${tag} Alene`, email: `lars.${tag}@example.dk` });
    swede = await createUser({ name: `Sven ${tag} Svensk`, site: "ta-planen" });
    const organisationId = await createOrganisation(owner.id, [member.id, administrator.id]);
    await makeOrganisationAdmin(administrator.id);
    await setCompanyNumber(organisationId, cvr);
    const swedishOrganisation = await createOrganisation(swede.id);
    await setCompanyNumber(swedishOrganisation, orgnr);
    await endTrial(loner.id);
  });

  it("finds by part of the name or e-mail whatever the case, and answers each row", async () => {
    const res = await search(tag.toUpperCase());
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([swede.id, loner.id, administrator.id, member.id, owner.id]);
    expect(res.json).toMatchObject({ page: 1, pageSize: CUSTOMER_PAGE_SIZE, hasMore: false });
    const byId = Object.fromEntries(res.json.customers.map((c: any) => [c.id, c]));
    expect(byId[owner.id]).toEqual({
      id: owner.id,
      name: owner.name,
      email: owner.email,
      site: "skilteplanen",
      organisation: { id: expect.any(Number), name: "Vejfirma ApS" },
      role: "owner",
      billingStatus: "trial",
      blockReason: null,
      lastLoginAt: null,
      createdAt: owner.created_at,
    });
    expect(byId[member.id].role).toBe("member");
    expect(byId[administrator.id].role).toBe("admin");
    expect(byId[loner.id]).toMatchObject({ organisation: null, role: null, billingStatus: "blocked", blockReason: "trialEnded" });
    expect(byId[swede.id].site).toBe("ta-planen");
    expect(ids(await search(`EVA.${tag}@VEJ`))).toEqual([owner.id]);
    expect(ids(await search(`${tag} ale`))).toEqual([loner.id]);
  });

  it("finds every member of an organisation by its CVR, and by an organisationsnummer with or without the dash", async () => {
    expect(ids(await search(cvr)).sort()).toEqual([owner.id, member.id, administrator.id].sort());
    expect(ids(await search(` ${cvr.slice(0, 4)} ${cvr.slice(4)} `)).sort()).toEqual([owner.id, member.id, administrator.id].sort());
    expect(ids(await search(orgnr))).toEqual([swede.id]);
    expect(ids(await search(`${orgnr.slice(0, 6)}-${orgnr.slice(6)}`))).toEqual([swede.id]);
  });

  it("takes % and _ literally", async () => {
    expect(ids(await search(`${tag}%`))).toEqual([]);
    expect(ids(await search(`eva_${tag}`))).toEqual([]);
  });

  it("shows the last login once the customer has logged in", async () => {
    const res = await as(null, login.POST, { method: "POST", body: { email: loner.email, password: "hemmelig1" } });
    expect(res.status).toBe(200);
    const row = (await search(loner.email)).json.customers[0];
    expect(Date.now() - Date.parse(row.lastLoginAt)).toBeLessThan(60_000);
  });

  it("pages on the server: stable newest-first pages that do not overlap, and whether another follows", async () => {
    const db = await getDb();
    const now = new Date().toISOString();
    const pageTag = `${tag}pg`;
    const made: number[] = [];
    for (let i = 0; i < CUSTOMER_PAGE_SIZE + 3; i++) {
      const row = await db
        .insertInto("users")
        .values({
          email: `${pageTag}-${i}@example.dk`,
          name: `Side ${i}`,
          password_hash: "x",
          registered_site: "skilteplanen",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      made.push(row.id);
    }
    const first = await search(pageTag);
    const second = await search(pageTag, 2);
    expect(ids(first)).toEqual(made.slice().reverse().slice(0, CUSTOMER_PAGE_SIZE));
    expect(first.json.hasMore).toBe(true);
    expect(ids(second)).toEqual(made.slice(0, 3).reverse());
    expect(second.json).toMatchObject({ page: 2, hasMore: false });
    expect(ids(await search(pageTag, 3))).toEqual([]);
  });

  it("refuses a bad page with 400 in the admin's language", async () => {
    expect((await as(staffToken, customers.GET, { query: "?page=0" })).json.message).toMatch(/Ugyldig værdi i feltet page/);
    expect((await as(staffToken, customers.GET, { query: "?page=x", site: "ta-planen" })).json.message).toMatch(
      /Ogiltigt värde i fältet page/,
    );
  });
});

describe("GET /admin/customers/{id}", () => {
  it("answers the organisation, role, site, trial, subscription and block state, invoices and counts, never a plan's contents", async () => {
    const owner = await createUser({ name: `Ole ${tag}` });
    await createOrganisation(owner.id);
    const project = (await as(owner.token, projects.POST, { method: "POST", body: { name: "Vejarbejde" } })).json.id;
    await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan A", project_id: project } });
    await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan B", project_id: project } });
    const fresh = (await detail(owner.id)).json;
    expect(fresh).toMatchObject({
      id: owner.id,
      email: owner.email,
      site: "skilteplanen",
      role: "owner",
      organisation: { name: "Vejfirma ApS", cvrNumber: "12345678", ownerId: owner.id },
      emailConfirmed: true,
      trialDaysLeft: 14,
      billingStatus: "trial",
      blocked: false,
      subscription: null,
      invoices: [],
      planCount: 2,
      lastLoginAt: null,
    });
    expect(fresh.projectCount).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(fresh)).not.toContain("Plan A");

    await subscribe(owner.token);
    const paying = (await detail(owner.id)).json;
    expect(paying).toMatchObject({ billingStatus: "active", subscription: { state: "active", seats: 1 } });
    expect(paying.invoices).toHaveLength(1);
    expect(paying.invoices[0]).toMatchObject({ id: expect.any(Number), number: expect.any(Number) });
  });

  it("answers 404 in the admin's language for an unknown customer, 400 for a bad id", async () => {
    expect(await detail(987_654_321)).toEqual({ status: 404, json: { message: "Kunden findes ikke." } });
    expect((await detail(987_654_321, "ta-planen")).json.message).toBe("Kunden finns inte.");
    expect((await detail("abc")).status).toBe(400);
  });
});

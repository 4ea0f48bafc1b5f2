/**
 * The organisation paths of core §7: organization, createOrganization, updateOrganization,
 * deleteOrganization, organizationUsers, removeUser — with the permission table's refusals
 * (src/lib/organisation-roles.ts), every validation message in Danish and Swedish, and access that
 * ends at a removed member's next request.
 */
import { describe, expect, it } from "vitest";
import * as organization from "@/app/api/users/organization/route";
import * as createOrganization from "@/app/api/users/createOrganization/route";
import * as updateOrganization from "@/app/api/users/updateOrganization/route";
import * as deleteOrganization from "@/app/api/users/deleteOrganization/route";
import * as organizationUsers from "@/app/api/users/organizationUsers/route";
import * as removeUser from "@/app/api/users/removeUser/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as signplan from "@/app/api/signplan/[id]/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { makeOrganisationAdmin } from "../signs/support";

const VALID_CVR = "24256790";
const VALID_ORGNR = "5560160680";

const create = (token: string | null, body: unknown, site?: string) => as(token, createOrganization.POST, { method: "POST", body, site });
const update = (token: string | null, body: unknown, site?: string) => as(token, updateOrganization.PUT, { method: "PUT", body, site });
const destroy = (token: string | null, body: unknown) => as(token, deleteOrganization.DELETE, { method: "DELETE", body });
const remove = (token: string | null, body: unknown) => as(token, removeUser.DELETE, { method: "DELETE", body });
const mine = (token: string | null, site?: string) => as(token, organization.GET, { site });
const members = (token: string | null) => as(token, organizationUsers.GET);

/** An organisation with an owner, an administrator and a member, made directly. */
async function team() {
  const [owner, admin, member] = [
    await createUser({ name: "Ejer" }),
    await createUser({ name: "Admin" }),
    await createUser({ name: "Medlem" }),
  ];
  const id = await createOrganisation(owner.id, [admin.id, member.id]);
  await makeOrganisationAdmin(admin.id);
  return { id, owner, admin, member };
}

describe("GET /users/organization", () => {
  it("answers a user in no organisation with the spec's text, a 404 with a code, in either language", async () => {
    const user = await createUser();
    expect(await mine(user.token)).toEqual({
      status: 404,
      json: { message: "Du er ikke tilknyttet en organisation", code: "NO_ORGANISATION" },
    });
    const sv = await mine(user.token, "ta-planen");
    expect(sv).toEqual({ status: 404, json: { message: "Du är inte ansluten till någon organisation", code: "NO_ORGANISATION" } });
  });

  it("answers each member with the organisation and their role", async () => {
    const { id, owner, admin, member } = await team();
    for (const [user, role] of [
      [owner, "owner"],
      [admin, "admin"],
      [member, "member"],
    ] as const) {
      expect(await mine(user.token)).toEqual({
        status: 200,
        json: { id, name: "Vejfirma ApS", cvr_number: "12345678", ownerId: owner.id, role },
      });
    }
  });

  it("needs a logged-in, confirmed user", async () => {
    expect((await mine(null)).status).toBe(401);
    const unverified = await createUser({ verified: false });
    expect((await mine(unverified.token)).status).toBe(403);
  });
});

describe("POST /users/createOrganization", () => {
  it("makes the creator its owner and a member", async () => {
    const user = await createUser();
    const res = await create(user.token, { name: "  Skilte A/S ", cvr_number: VALID_CVR });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Skilte A/S", cvr_number: VALID_CVR, ownerId: user.id, role: "owner" });
    expect((await mine(user.token)).json).toEqual(res.json);
    const list = await members(user.token);
    expect(list.json).toEqual([
      { id: user.id, name: "Test Bruger", email: user.email, isAdmin: true, isOwner: true, joinedAt: expect.any(String) },
    ]);
  });

  it("refuses a user who already belongs to an organisation (409), creating nothing", async () => {
    const { member } = await team();
    const db = await getDb();
    const before = (await db.selectFrom("organisations").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n;
    const res = await create(member.token, { name: "Nyt firma", cvr_number: VALID_CVR });
    expect(res).toEqual({ status: 409, json: { message: "Du er allerede medlem af en organisation. Forlad den, før du opretter en ny." } });
    expect((await db.selectFrom("organisations").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n).toEqual(before);
  });

  it("gives one organisation to a user who sends two creations at once", async () => {
    const user = await createUser();
    const results = await Promise.all([
      create(user.token, { name: "A", cvr_number: VALID_CVR }),
      create(user.token, { name: "B", cvr_number: VALID_CVR }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("checks name and CVR on the Danish sites, with the spec's texts", async () => {
    const user = await createUser();
    const cases: [unknown, string][] = [
      [{ cvr_number: VALID_CVR }, "Organisationsnavn er påkrævet"],
      [{ name: "   ", cvr_number: VALID_CVR }, "Organisationsnavn er påkrævet"],
      [{ name: "x".repeat(201), cvr_number: VALID_CVR }, "Organisationsnavnet må højst være 200 tegn."],
      [{ name: "Firma" }, "CVR-nummer skal være 8 cifre"],
      [{ name: "Firma", cvr_number: "1234567" }, "CVR-nummer skal være 8 cifre"],
      [{ name: "Firma", cvr_number: "12 345 678" }, "CVR-nummer skal være 8 cifre"],
      [{ name: "Firma", cvr_number: 24256790 }, "CVR-nummer skal være 8 cifre"],
      [{ name: "Firma", cvr_number: VALID_ORGNR }, "CVR-nummer skal være 8 cifre"],
      [{ name: "Firma", cvr_number: "12345678" }, "CVR-nummeret er ikke gyldigt. Tjek, at du har skrevet det rigtigt."],
    ];
    for (const [body, message] of cases) {
      const res = await create(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toBe(message);
    }
    expect((await mine(user.token)).status).toBe(404);
  });

  it("checks the organisationsnummer on ta-planen, in Swedish", async () => {
    const user = await createUser({ site: "ta-planen" });
    const cases: [unknown, string][] = [
      [{ cvr_number: VALID_ORGNR }, "Organisationsnamn krävs"],
      [{ name: "x".repeat(201), cvr_number: VALID_ORGNR }, "Organisationsnamnet får vara högst 200 tecken."],
      [{ name: "Firma", cvr_number: VALID_CVR }, "Organisationsnumret måste vara 10 siffror"],
      [{ name: "Firma", cvr_number: "556016-0680" }, "Organisationsnumret måste vara 10 siffror"],
      [
        { name: "Firma", cvr_number: "5560160681" },
        "Organisationsnumret är inte giltigt: kontrollsiffran stämmer inte. Kontrollera att du har skrivit rätt.",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(user.token, body, "ta-planen");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toBe(message);
    }
    const ok = await create(user.token, { name: "Vägarbeten AB", cvr_number: VALID_ORGNR }, "ta-planen");
    expect(ok.status).toBe(201);
  });
});

describe("PUT /users/updateOrganization", () => {
  it("lets the owner and an administrator change name and CVR", async () => {
    const { id, owner, admin } = await team();
    const byOwner = await update(owner.token, { id, name: "Nyt Navn ApS", cvr_number: VALID_CVR });
    expect(byOwner).toMatchObject({ status: 200, json: { id, name: "Nyt Navn ApS", cvr_number: VALID_CVR, role: "owner" } });
    const byAdmin = await update(admin.token, { id, name: "Andet Navn ApS", cvr_number: VALID_CVR });
    expect(byAdmin).toMatchObject({ status: 200, json: { name: "Andet Navn ApS", role: "admin" } });
    expect((await mine(owner.token)).json.name).toBe("Andet Navn ApS");
  });

  it("refuses a member (403), a user in none (404) and another organisation's id (404), changing nothing", async () => {
    const { id, owner, member } = await team();
    const other = await team();
    expect(await update(member.token, { id, name: "Kapret", cvr_number: VALID_CVR })).toEqual({
      status: 403,
      json: { message: "Din rolle i organisationen giver ikke lov til dette." },
    });
    const loner = await createUser();
    expect((await update(loner.token, { id, name: "Kapret", cvr_number: VALID_CVR })).json.message).toBe(
      "Du er ikke tilknyttet en organisation",
    );
    expect(await update(owner.token, { id: other.id, name: "Kapret", cvr_number: VALID_CVR })).toEqual({
      status: 404,
      json: { message: "Organisationen blev ikke fundet." },
    });
    expect((await mine(owner.token)).json.name).toBe("Vejfirma ApS");
    expect((await mine(other.owner.token)).json.name).toBe("Vejfirma ApS");
  });

  it("validates like creation, and a missing or bad id is a 400", async () => {
    const { id, owner } = await team();
    expect((await update(owner.token, { id, name: "", cvr_number: VALID_CVR })).json.message).toBe("Organisationsnavn er påkrævet");
    expect((await update(owner.token, { id, name: "Firma", cvr_number: "123" })).json.message).toBe("CVR-nummer skal være 8 cifre");
    for (const bad of [undefined, "abc", -1, 1.5]) {
      const res = await update(owner.token, { id: bad, name: "Firma", cvr_number: VALID_CVR });
      expect(res.status, String(bad)).toBe(400);
      expect(res.json.field).toBe("id");
    }
  });
});

describe("GET /users/organizationUsers", () => {
  it("lists every member to every member: owner first, joined date, administrator and owner flags", async () => {
    const { owner, admin, member } = await team();
    const expected = [
      { id: owner.id, name: "Ejer", email: owner.email, isAdmin: true, isOwner: true, joinedAt: expect.any(String) },
      { id: admin.id, name: "Admin", email: admin.email, isAdmin: true, isOwner: false, joinedAt: expect.any(String) },
      { id: member.id, name: "Medlem", email: member.email, isAdmin: false, isOwner: false, joinedAt: expect.any(String) },
    ];
    for (const user of [owner, admin, member]) expect(await members(user.token)).toEqual({ status: 200, json: expected });
  });

  it("answers a user in none with the spec's text", async () => {
    const loner = await createUser();
    expect((await members(loner.token)).json.message).toBe("Du er ikke tilknyttet en organisation");
  });
});

describe("DELETE /users/removeUser", () => {
  it("ends a removed member's access to the organisation's shared projects at their next request", async () => {
    const { owner, member } = await team();
    const project = await as(owner.token, projects.POST, { method: "POST", body: { name: "Fælles", isShared: true } });
    expect(project.status).toBe(201);
    const plan = await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.json.id } });
    const readPlan = (token: string) => as(token, signplan.GET, { params: { id: String(plan.json.id) } });
    expect((await readPlan(member.token)).status).toBe(200);

    // The same token as before: membership is read from the database on each request (auth/session.ts).
    expect(await remove(owner.token, { userId: member.id })).toEqual({
      status: 200,
      json: { message: "Brugeren er fjernet fra organisationen." },
    });
    expect((await readPlan(member.token)).status).toBe(404);
    const theirProjects = await as(member.token, projects.GET);
    expect(theirProjects.json.map((p: { id: number }) => p.id)).not.toContain(project.json.id);
    expect((await mine(member.token)).status).toBe(404);
    expect((await members(owner.token)).json.map((u: { id: number }) => u.id)).not.toContain(member.id);
  });

  it("lets an administrator remove members and administrators, never the owner", async () => {
    const { owner, admin, member } = await team();
    expect((await remove(admin.token, { userId: member.id })).status).toBe(200);
    expect(await remove(admin.token, { userId: owner.id })).toEqual({
      status: 403,
      json: { message: "Organisationens ejer kan ikke fjernes. Overdrag først ejerskabet." },
    });
    expect((await remove(owner.token, { userId: owner.id })).status).toBe(403);
    expect((await remove(owner.token, { userId: admin.id })).status).toBe(200);
    expect((await members(owner.token)).json).toHaveLength(1);
  });

  it("refuses a member (403), and a user outside the organisation is not found (404)", async () => {
    const { owner, admin, member } = await team();
    const other = await team();
    expect(await remove(member.token, { userId: admin.id })).toEqual({
      status: 403,
      json: { message: "Din rolle i organisationen giver ikke lov til dette." },
    });
    expect(await remove(owner.token, { userId: other.member.id })).toEqual({
      status: 404,
      json: { message: "Brugeren er ikke medlem af din organisation." },
    });
    expect((await mine(other.member.token)).status).toBe(200);
    expect((await remove(owner.token, { userId: "x" })).status).toBe(400);
    expect((await remove(owner.token, {})).status).toBe(400);
    expect((await members(owner.token)).json).toHaveLength(3);
  });
});

describe("DELETE /users/deleteOrganization", () => {
  it("is the owner's alone: an administrator and a member are refused (403), another organisation is not found", async () => {
    const { id, owner, admin, member } = await team();
    const other = await team();
    for (const user of [admin, member]) expect((await destroy(user.token, { organizationId: id })).status).toBe(403);
    expect((await destroy(owner.token, { organizationId: other.id })).status).toBe(404);
    expect((await destroy(owner.token, {})).status).toBe(400);
    expect((await mine(member.token)).status).toBe(200);
    expect((await mine(other.member.token)).status).toBe(200);
  });

  it("takes its sign gallery and its logo with it (rows by ON DELETE CASCADE; stored files are left in storage)", async () => {
    const { id, owner } = await team();
    const db = await getDb();
    const now = new Date().toISOString();
    await db
      .insertInto("organisation_signs")
      .values({
        organisation_id: id,
        name: "Firmaskilt",
        storage_key: "x/sign",
        image_key: "a".repeat(32),
        width: 10,
        height: 10,
        created_by: owner.id,
        created_at: now,
      })
      .execute();
    await db
      .insertInto("company_logos")
      .values({
        organisation_id: id,
        user_id: null,
        storage_key: "x/logo",
        content_type: "image/png",
        width: 10,
        height: 10,
        updated_by: owner.id,
        updated_at: now,
      })
      .execute();
    expect((await destroy(owner.token, { organizationId: id })).status).toBe(200);
    expect(await db.selectFrom("organisation_signs").select("id").where("organisation_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("company_logos").select("id").where("organisation_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("organisations").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("releases every member and gives shared projects back to their owners as private projects", async () => {
    const { id, owner, member } = await team();
    const shared = await as(member.token, projects.POST, { method: "POST", body: { name: "Medlemmets delte", isShared: true } });
    expect(shared.status).toBe(201);
    expect(await destroy(owner.token, { organizationId: id })).toEqual({ status: 200, json: { message: "Organisationen er slettet." } });
    for (const user of [owner, member]) expect((await mine(user.token)).status).toBe(404);
    const theirs = await as(member.token, projects.GET);
    expect(theirs.json.find((p: { id: number }) => p.id === shared.json.id)).toMatchObject({ isShared: false });
    expect((await as(owner.token, projects.GET)).json.map((p: { id: number }) => p.id)).not.toContain(shared.json.id);
    // Released members may start again.
    expect((await create(member.token, { name: "Eget firma", cvr_number: VALID_CVR })).status).toBe(201);
  });
});

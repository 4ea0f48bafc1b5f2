/**
 * Every sign route against every kind of caller: anonymous, another user (no organisation), a member of
 * another organisation, a plain member and an administrator of the owner's organisation, the owner, and a
 * staff admin. Personal signs are their owner's alone; the organisation gallery is read by members and
 * managed by the owner and administrators; artwork is managed by staff admins and read by everyone.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as adminArtwork from "@/app/api/admin/sign-artwork/[signId]/route";
import * as orgOne from "@/app/api/organisation-signs/[id]/route";
import * as orgList from "@/app/api/organisation-signs/route";
import * as personalOne from "@/app/api/personal-signs/[id]/route";
import * as personalList from "@/app/api/personal-signs/route";
import * as artwork from "@/app/api/sign-artwork/route";
import * as images from "@/app/api/sign-images/[key]/[file]/route";
import * as settings from "@/app/api/user-settings/route";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { CLEAN_SVG, fetchSignImage, makeOrganisationAdmin, makeStaffAdmin, png, text, uploadAs } from "./support";

vi.mock("@/lib/signs/dk", async (real) => (await import("./test-catalogue")).withTestSigns(await real()));

type Actor = "anonymous" | "stranger" | "otherOrganisation" | "member" | "organisationAdmin" | "owner" | "staffAdmin";
const tokens = {} as Record<Actor, string | null>;
let ownerPersonal: any;
let ownerOrgSign: any;
let memberId = 0;
let organizationId = 0;

beforeAll(async () => {
  const owner = await createUser({ name: "Ejer" });
  const member = await createUser();
  const orgAdmin = await createUser();
  const stranger = await createUser();
  const rival = await createUser();
  const rivalMember = await createUser();
  const staff = await createUser();
  organizationId = await createOrganisation(owner.id, [member.id, orgAdmin.id]);
  await makeOrganisationAdmin(orgAdmin.id);
  await createOrganisation(rival.id, [rivalMember.id]);
  await makeStaffAdmin(staff.id);
  memberId = member.id;
  Object.assign(tokens, {
    anonymous: null,
    stranger: stranger.token,
    otherOrganisation: rivalMember.token,
    member: member.token,
    organisationAdmin: orgAdmin.token,
    owner: owner.token,
    staffAdmin: staff.token,
  });
  ownerPersonal = (
    await uploadAs(owner.token, personalList.POST, { file: { bytes: await png(), name: "p.png" }, fields: { name: "Ejerens eget" } })
  ).json;
  ownerOrgSign = (
    await uploadAs(owner.token, orgList.POST, { file: { bytes: await png(), name: "o.png" }, fields: { name: "Fælles skilt" } })
  ).json;
  expect(ownerPersonal.id).toBeGreaterThan(0);
  expect(ownerOrgSign.id).toBeGreaterThan(0);
});

const statuses = async (call: (token: string | null) => Promise<{ status: number }>, actors: Actor[]) => {
  const out: Partial<Record<Actor, number>> = {};
  for (const actor of actors) out[actor] = (await call(tokens[actor])).status;
  return out;
};

describe("personal signs are their owner's alone", () => {
  it("GET /personal-signs: 401 anonymous; everyone else sees only their own", async () => {
    expect((await as(null, personalList.GET)).status).toBe(401);
    for (const actor of ["stranger", "otherOrganisation", "member", "organisationAdmin", "staffAdmin"] as const) {
      const res = await as(tokens[actor], personalList.GET);
      expect(res.status).toBe(200);
      expect(res.json.map((s: any) => s.id)).not.toContain(ownerPersonal.id);
    }
    expect((await as(tokens.owner, personalList.GET)).json.map((s: any) => s.id)).toContain(ownerPersonal.id);
  });

  it("POST /personal-signs: 401 anonymous; any confirmed user uploads into their own gallery", async () => {
    expect((await uploadAs(null, personalList.POST, { file: { bytes: await png(), name: "x.png" }, fields: { name: "x" } })).status).toBe(
      401,
    );
    const res = await uploadAs(tokens.member, personalList.POST, {
      file: { bytes: await png(), name: "x.png" },
      fields: { name: "Medlemmets" },
    });
    expect(res.status).toBe(201);
    expect((await as(tokens.owner, personalList.GET)).json.map((s: any) => s.id)).not.toContain(res.json.id);
  });

  it("GET /personal-signs/{id}: 401 anonymous; 404 for everyone but the owner, organisation admins and staff admins included", async () => {
    const call = (t: string | null) => as(t, personalOne.GET, { params: { id: String(ownerPersonal.id) } });
    expect(
      await statuses(call, ["anonymous", "stranger", "otherOrganisation", "member", "organisationAdmin", "staffAdmin", "owner"]),
    ).toEqual({
      anonymous: 401,
      stranger: 404,
      otherOrganisation: 404,
      member: 404,
      organisationAdmin: 404,
      staffAdmin: 404,
      owner: 200,
    });
  });

  it("DELETE /personal-signs/{id}: 401 anonymous; 404 for everyone but the owner", async () => {
    const call = (t: string | null) => as(t, personalOne.DELETE, { method: "DELETE", params: { id: String(ownerPersonal.id) } });
    expect(await statuses(call, ["anonymous", "stranger", "otherOrganisation", "member", "organisationAdmin", "staffAdmin"])).toEqual({
      anonymous: 401,
      stranger: 404,
      otherOrganisation: 404,
      member: 404,
      organisationAdmin: 404,
      staffAdmin: 404,
    });
    expect((await as(tokens.owner, personalOne.GET, { params: { id: String(ownerPersonal.id) } })).status).toBe(200);
    expect((await call(tokens.owner)).status).toBe(200);
  });
});

describe("the organisation sign gallery", () => {
  it("GET /organisation-signs: 401 anonymous, 404 outside any organisation, other organisations see their own, members read", async () => {
    expect((await as(null, orgList.GET)).status).toBe(401);
    const stranger = await as(tokens.stranger, orgList.GET);
    expect(stranger).toEqual({ status: 404, json: { message: "Du er ikke tilknyttet en organisation" } });
    const rival = await as(tokens.otherOrganisation, orgList.GET);
    expect(rival.status).toBe(200);
    expect(rival.json).toMatchObject({ canManage: false, signs: [] });
    for (const [actor, canManage] of [
      ["member", false],
      ["organisationAdmin", true],
      ["owner", true],
    ] as const) {
      const res = await as(tokens[actor], orgList.GET);
      expect(res.status).toBe(200);
      expect(res.json.canManage).toBe(canManage);
      expect(res.json.organizationId).toBe(organizationId);
      expect(res.json.signs).toEqual([expect.objectContaining({ id: ownerOrgSign.id, name: "Fælles skilt", createdByName: "Ejer" })]);
    }
  });

  it("POST /organisation-signs: 401 anonymous, 404 outside, 403 for plain members; the owner and administrators add", async () => {
    const send = async (t: string | null) =>
      uploadAs(t, orgList.POST, { file: { bytes: await png(), name: "x.png" }, fields: { name: "Nyt" } });
    expect(await statuses(send, ["anonymous", "stranger", "otherOrganisation", "member"])).toEqual({
      anonymous: 401,
      stranger: 404,
      otherOrganisation: 403,
      member: 403,
    });
    const member = await send(tokens.member);
    expect(member.json.message).toBe("Kun organisationens ejer og administratorer kan tilføje og slette organisationens skilte.");
    const added = await send(tokens.organisationAdmin);
    expect(added.status).toBe(201);
    expect(added.json.gallery_image_url).toMatch(new RegExp(`/organisation_${added.json.id}\\.webp$`));
    expect((await as(tokens.member, orgList.GET)).json.signs.map((s: any) => s.id)).toContain(added.json.id);
    expect((await as(tokens.otherOrganisation, orgList.GET)).json.signs).toEqual([]);
  });

  it("DELETE /organisation-signs/{id}: 401 anonymous, 404 outside the organisation, 403 for plain members; administrators delete", async () => {
    const extra = (await uploadAs(tokens.owner, orgList.POST, { file: { bytes: await png(), name: "x.png" }, fields: { name: "Slettes" } }))
      .json;
    const call = (t: string | null) => as(t, orgOne.DELETE, { method: "DELETE", params: { id: String(extra.id) } });
    expect(await statuses(call, ["anonymous", "stranger", "otherOrganisation", "member", "staffAdmin"])).toEqual({
      anonymous: 401,
      stranger: 404,
      otherOrganisation: 404,
      member: 403,
      staffAdmin: 404,
    });
    expect(await call(tokens.organisationAdmin)).toMatchObject({ status: 200, json: { id: extra.id, deleted: true } });
    expect((await call(tokens.owner)).status).toBe(404); // already gone
    expect((await as(tokens.member, orgList.GET)).json.signs.map((s: any) => s.id)).not.toContain(extra.id);
    // Plans that placed it still show it.
    expect((await fetchSignImage(images.GET, extra.gallery_image_url)).status).toBe(200);
  });

  it("a member who leaves the organisation loses the gallery at once (membership is read from the database)", async () => {
    const { getDb } = await import("@/server/db");
    const db = await getDb();
    const row = await db.selectFrom("organisation_members").selectAll().where("user_id", "=", memberId).executeTakeFirstOrThrow();
    await db.deleteFrom("organisation_members").where("user_id", "=", memberId).execute();
    try {
      expect((await as(tokens.member, orgList.GET)).status).toBe(404);
      expect((await as(tokens.member, orgOne.DELETE, { method: "DELETE", params: { id: String(ownerOrgSign.id) } })).status).toBe(404);
    } finally {
      await db.insertInto("organisation_members").values(row).execute();
    }
  });

  it("the gallery's images load without a token", async () => {
    const res = await fetchSignImage(images.GET, ownerOrgSign.gallery_image_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });
});

describe("artwork overrides are for staff admins", () => {
  const put = (t: string | null) =>
    uploadAs(t, adminArtwork.PUT, { method: "PUT", params: { signId: "A11" }, file: { bytes: text(CLEAN_SVG), name: "A11.svg" } });
  const del = (t: string | null) => as(t, adminArtwork.DELETE, { method: "DELETE", params: { signId: "A11" } });

  it("PUT /admin/sign-artwork/{signId}: 401 anonymous, 404 (as an unknown path) for everyone but staff admins (organisation owners included)", async () => {
    expect(await statuses(put, ["anonymous", "stranger", "otherOrganisation", "member", "organisationAdmin", "owner"])).toEqual({
      anonymous: 401,
      stranger: 404,
      otherOrganisation: 404,
      member: 404,
      organisationAdmin: 404,
      owner: 404,
    });
    expect((await put(tokens.owner)).json.message).toBe("Findes ikke.");
    expect((await as(null, artwork.GET)).json).toEqual({});
    expect((await put(tokens.staffAdmin)).status).toBe(200);
  });

  it("GET /sign-artwork is public", async () => {
    for (const actor of ["anonymous", "stranger", "member", "staffAdmin"] as const) {
      const res = await as(tokens[actor], artwork.GET);
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(["A11"]);
    }
  });

  it("DELETE /admin/sign-artwork/{signId}: 401 anonymous, 404 (as an unknown path) for everyone but staff admins", async () => {
    expect(await statuses(del, ["anonymous", "stranger", "otherOrganisation", "member", "organisationAdmin", "owner"])).toEqual({
      anonymous: 401,
      stranger: 404,
      otherOrganisation: 404,
      member: 404,
      organisationAdmin: 404,
      owner: 404,
    });
    expect((await del(tokens.staffAdmin)).status).toBe(200);
  });
});

describe("user settings are per user", () => {
  it("GET and PATCH /user-settings: 401 anonymous; each user reads and changes only their own", async () => {
    expect((await as(null, settings.GET)).status).toBe(401);
    expect((await as(null, settings.PATCH, { method: "PATCH", body: { standardSignSize: 1 } })).status).toBe(401);
    expect((await as(tokens.owner, settings.PATCH, { method: "PATCH", body: { standardSignSize: 1.5 } })).json.standardSignSize).toBe(1.5);
    for (const actor of ["stranger", "otherOrganisation", "member", "organisationAdmin", "staffAdmin"] as const) {
      expect((await as(tokens[actor], settings.GET)).json).toEqual({
        standardSignSize: null,
        recentSigns: [],
        drawingStyles: {},
        pipeWaterKinds: {},
      });
    }
    expect((await as(tokens.owner, settings.GET)).json.standardSignSize).toBe(1.5);
  });
});

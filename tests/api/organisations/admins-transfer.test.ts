/**
 * Administrators, ownership transfer and leaving (issue 30): POST /users/makeAdmin, /users/unmakeAdmin,
 * /users/transferOwnership (and its GET preview), /users/confirmTransferOwnership and
 * /users/leaveOrganization — every cell of the permission table for them, the rules about whom an
 * action is aimed at, the transfer link used twice, replaced, expired and outlived by its owner, and
 * the messages in Danish and Swedish.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as organization from "@/app/api/users/organization/route";
import * as organizationUsers from "@/app/api/users/organizationUsers/route";
import * as makeAdmin from "@/app/api/users/makeAdmin/route";
import * as unmakeAdmin from "@/app/api/users/unmakeAdmin/route";
import * as transferOwnership from "@/app/api/users/transferOwnership/route";
import * as confirmTransfer from "@/app/api/users/confirmTransferOwnership/route";
import * as leaveOrganization from "@/app/api/users/leaveOrganization/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as signplan from "@/app/api/signplan/[id]/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { mailsTo, tokenFromMail } from "../../support/mail";
import { createOrganisation, createUser } from "../../support/users";
import { makeOrganisationAdmin } from "../signs/support";

const post = (handler: typeof makeAdmin.POST, token: string | null, body: unknown, site?: string) =>
  as(token, handler, { method: "POST", body, site });
const promote = (token: string | null, body: unknown, site?: string) => post(makeAdmin.POST, token, body, site);
const demote = (token: string | null, body: unknown, site?: string) => post(unmakeAdmin.POST, token, body, site);
const transfer = (token: string | null, body: unknown, site?: string) => post(transferOwnership.POST, token, body, site);
const confirm = (token: string | null, body: unknown, site?: string) => post(confirmTransfer.POST, token, body, site);
const leave = (token: string | null, site?: string) => as(token, leaveOrganization.POST, { method: "POST", site });
const preview = (token: string | null, linkToken: string, site?: string) =>
  as(token, transferOwnership.GET, { query: `?token=${encodeURIComponent(linkToken)}`, site });
const mine = (token: string) => as(token, organization.GET);

/** An organisation with an owner, an administrator and two members, made directly. */
async function team() {
  const owner = await createUser({ name: "Ejer" });
  const admin = await createUser({ name: "Admin" });
  const member = await createUser({ name: "Medlem" });
  const other = await createUser({ name: "Anden" });
  const outsider = await createUser({ name: "Udenfor" });
  const id = await createOrganisation(owner.id, [admin.id, member.id, other.id]);
  await makeOrganisationAdmin(admin.id);
  return { id, owner, admin, member, other, outsider };
}

async function isAdmin(userId: number): Promise<boolean | null> {
  const db = await getDb();
  const row = await db.selectFrom("organisation_members").select("is_admin").where("user_id", "=", userId).executeTakeFirst();
  return row ? row.is_admin === 1 : null;
}

async function ownerOf(organisationId: number): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("organisations").select("owner_id").where("id", "=", organisationId).executeTakeFirstOrThrow()).owner_id;
}

const FORBIDDEN = { message: "Din rolle i organisationen giver ikke lov til dette." };
const NOT_MEMBER = { message: "Du er ikke tilknyttet en organisation", code: "NO_ORGANISATION" };

describe("POST /users/makeAdmin and /users/unmakeAdmin", () => {
  // Owner and administrators may; a member may not (403); a user in no organisation gets the spec's 404.
  const cells = [
    ["owner", 200],
    ["admin", 200],
    ["member", 403],
    ["outsider", 404],
  ] as const;

  it.each(cells)("makeAdmin by the %s: %i", async (role, status) => {
    const t = await team();
    const res = await promote(t[role].token, { userId: t.other.id });
    expect(res.status).toBe(status);
    if (status === 200) expect(res.json).toEqual({ message: "Anden er nu administrator." });
    if (status === 403) expect(res.json).toEqual(FORBIDDEN);
    if (status === 404) expect(res.json).toEqual(NOT_MEMBER);
    expect(await isAdmin(t.other.id)).toBe(status === 200);
  });

  it.each(cells)("unmakeAdmin by the %s: %i", async (role, status) => {
    const t = await team();
    await makeOrganisationAdmin(t.other.id);
    const res = await demote(t[role].token, { userId: t.other.id });
    expect(res.status).toBe(status);
    if (status === 200) expect(res.json).toEqual({ message: "Anden er ikke længere administrator." });
    if (status === 403) expect(res.json).toEqual(FORBIDDEN);
    if (status === 404) expect(res.json).toEqual(NOT_MEMBER);
    expect(await isAdmin(t.other.id)).toBe(status !== 200);
  });

  it("never changes the owner's role, whoever asks; an administrator may unmake another administrator and themselves", async () => {
    const t = await team();
    const fixed = { status: 403, json: { message: "Ejerens rolle kan kun ændres ved at overdrage ejerskabet." } };
    expect(await demote(t.admin.token, { userId: t.owner.id })).toEqual(fixed);
    expect(await demote(t.owner.token, { userId: t.owner.id })).toEqual(fixed);
    expect(await promote(t.admin.token, { userId: t.owner.id })).toEqual(fixed);
    expect(await ownerOf(t.id)).toBe(t.owner.id);
    expect(await isAdmin(t.owner.id)).toBe(true);

    await makeOrganisationAdmin(t.other.id);
    expect((await demote(t.admin.token, { userId: t.other.id })).status).toBe(200);
    expect((await demote(t.admin.token, { userId: t.admin.id })).status).toBe(200);
    expect(await isAdmin(t.admin.id)).toBe(false);
    // Now a member, the former administrator may no longer make administrators.
    expect(await promote(t.admin.token, { userId: t.member.id })).toEqual({ status: 403, json: FORBIDDEN });
  });

  it("answers what already holds with 200 and says so", async () => {
    const t = await team();
    expect(await promote(t.owner.token, { userId: t.admin.id })).toEqual({
      status: 200,
      json: { message: "Admin er allerede administrator." },
    });
    expect(await demote(t.owner.token, { userId: t.member.id })).toEqual({
      status: 200,
      json: { message: "Medlem er ikke administrator." },
    });
    expect(await isAdmin(t.admin.id)).toBe(true);
    expect(await isAdmin(t.member.id)).toBe(false);
  });

  it("refuses someone outside the organisation (404) and a bad body (400), changing nothing", async () => {
    const t = await team();
    const elsewhere = await createUser();
    await createOrganisation(elsewhere.id);
    for (const userId of [t.outsider.id, elsewhere.id, 2_000_000_000]) {
      expect(await promote(t.owner.token, { userId })).toEqual({
        status: 404,
        json: { message: "Brugeren er ikke medlem af din organisation." },
      });
    }
    for (const body of [{}, { userId: "x" }, { userId: -1 }, null]) expect((await promote(t.owner.token, body)).status).toBe(400);
    expect(await isAdmin(elsewhere.id)).toBe(true); // an owner's row carries the flag; untouched
  });

  it("speaks Swedish on ta-planen", async () => {
    const t = await team();
    expect((await promote(t.owner.token, { userId: t.member.id }, "ta-planen")).json).toEqual({ message: "Medlem är nu administratör." });
    expect((await promote(t.owner.token, { userId: t.member.id }, "ta-planen")).json).toEqual({
      message: "Medlem är redan administratör.",
    });
    expect((await demote(t.owner.token, { userId: t.member.id }, "ta-planen")).json).toEqual({
      message: "Medlem är inte längre administratör.",
    });
    expect((await demote(t.owner.token, { userId: t.member.id }, "ta-planen")).json).toEqual({ message: "Medlem är inte administratör." });
    expect(await demote(t.admin.token, { userId: t.owner.id }, "ta-planen")).toEqual({
      status: 403,
      json: { message: "Ägarens roll kan bara ändras genom att ägarskapet överlåts." },
    });
    expect(await promote(t.member.token, { userId: t.other.id }, "ta-planen")).toEqual({
      status: 403,
      json: { message: "Din roll i organisationen tillåter inte detta." },
    });
  });
});

describe("POST /users/transferOwnership", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ["owner", 200],
    ["admin", 403],
    ["member", 403],
    ["outsider", 404],
  ] as const)("by the %s: %i (the owner's alone)", async (role, status) => {
    const t = await team();
    const res = await transfer(t[role].token, { userId: t.other.id });
    expect(res.status).toBe(status);
    if (status === 403) expect(res.json).toEqual(FORBIDDEN);
    if (status === 404) expect(res.json).toEqual(NOT_MEMBER);
    expect(await mailsTo(t.other.email)).toHaveLength(status === 200 ? 1 : 0);
  });

  it("mails the member a link valid 24 hours, in Danish; the preview says what moves; confirming makes them the owner and the old owner an administrator", async () => {
    const t = await team();
    const db = await getDb();
    const now = new Date().toISOString();
    const shared = await as(t.member.token, projects.POST, { method: "POST", body: { name: "Fælles", isShared: true } });
    await as(t.member.token, projects.POST, { method: "POST", body: { name: "Privat" } });
    await db
      .insertInto("company_logos")
      .values({ organisation_id: t.id, storage_key: "x", content_type: "image/png", width: 48, height: 48, updated_at: now })
      .execute();
    for (const name of ["A", "B"]) {
      await db
        .insertInto("organisation_signs")
        .values({ organisation_id: t.id, name, storage_key: name, image_key: name, width: 1, height: 1, created_at: now })
        .execute();
    }

    const res = await transfer(t.owner.token, { userId: t.admin.id });
    expect(res).toEqual({
      status: 200,
      json: { message: "Vi har sendt Admin en e-mail med et link til at bekræfte overdragelsen. Linket virker i 24 timer." },
    });
    const [mail] = await mailsTo(t.admin.email);
    expect(mail!.subject).toBe("Bliv ejer af Vejfirma ApS på Skilteplanen");
    expect(mail!.text).toContain("Ejer vil overdrage ejerskabet af organisationen Vejfirma ApS til dig.");
    expect(mail!.text).toContain("Linket virker i 24 timer og kan kun bruges én gang.");
    const token = await tokenFromMail(t.admin.email, "/transfer-ownership");
    const stored = await db.selectFrom("ownership_transfers").select("token_hash").where("to_user_id", "=", t.admin.id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token); // only its hash is kept

    const shown = await preview(t.admin.token, token);
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({
      organization: { id: t.id, name: "Vejfirma ApS", cvr_number: "12345678" },
      from: { id: t.owner.id, name: "Ejer" },
      to: { id: t.admin.id, name: "Admin", email: t.admin.email },
      expiresAt: expect.any(String),
      moves: { hasLogo: true, signs: 2, sharedProjects: 1 },
    });
    const hours = (Date.parse(shown.json.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await preview(t.admin.token, token)).status).toBe(200); // reading uses nothing up

    expect(await confirm(t.admin.token, { token })).toEqual({ status: 200, json: { message: "Du er nu ejer af Vejfirma ApS." } });
    expect(await ownerOf(t.id)).toBe(t.admin.id);
    expect((await mine(t.admin.token)).json.role).toBe("owner");
    expect((await mine(t.owner.token)).json.role).toBe("admin");
    const list = (await as(t.owner.token, organizationUsers.GET)).json as Array<{ id: number; isOwner: boolean; isAdmin: boolean }>;
    expect(list[0]).toMatchObject({ id: t.admin.id, isOwner: true });
    expect(list.find((u) => u.id === t.owner.id)).toMatchObject({ isOwner: false, isAdmin: true });
    // The shared project stays shared with the organisation, and its owner keeps it.
    expect((await as(t.admin.token, projects.GET)).json.map((p: { id: number }) => p.id)).toContain(shared.json.id);

    // Used twice: a clear refusal, nothing changes.
    const again = { status: 410, json: { message: "Linket er allerede brugt, og ejerskabet er overdraget." } };
    expect(await confirm(t.admin.token, { token })).toEqual(again);
    expect(await preview(t.admin.token, token)).toEqual(again);
    // The old owner, now an administrator, can no longer transfer or delete; the new owner can transfer.
    expect(await transfer(t.owner.token, { userId: t.member.id })).toEqual({ status: 403, json: FORBIDDEN });
    expect((await transfer(t.admin.token, { userId: t.owner.id })).status).toBe(200);
  });

  it("can be confirmed only by the member it was sent to, signed in", async () => {
    const t = await team();
    await transfer(t.owner.token, { userId: t.member.id });
    const token = await tokenFromMail(t.member.email, "/transfer-ownership");
    const wrong = { status: 403, json: { message: "Linket er sendt til en anden bruger. Log ind som den bruger, der modtog e-mailen." } };
    for (const user of [t.owner, t.admin, t.other, t.outsider]) {
      expect(await confirm(user.token, { token })).toEqual(wrong);
      expect(await preview(user.token, token)).toEqual(wrong);
    }
    expect((await confirm(null, { token })).status).toBe(401);
    expect((await preview(null, token)).status).toBe(401);
    expect(await ownerOf(t.id)).toBe(t.owner.id);
    expect((await confirm(t.member.token, { token })).status).toBe(200);
  });

  it("refuses an expired link (after 24 hours, by a clock the test controls)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T08:00:00Z");
    vi.setSystemTime(start);
    const t = await team();
    await transfer(t.owner.token, { userId: t.member.id });
    const token = await tokenFromMail(t.member.email, "/transfer-ownership");
    vi.setSystemTime(new Date(start.getTime() + 24 * 3_600_000 - 1000));
    expect((await preview(t.member.token, token)).status).toBe(200);
    vi.setSystemTime(new Date(start.getTime() + 24 * 3_600_000 + 1000));
    const expired = {
      status: 410,
      json: { message: "Linket er udløbet. Det virker i 24 timer. Bed ejeren om at overdrage ejerskabet igen." },
    };
    expect(await preview(t.member.token, token)).toEqual(expired);
    expect(await confirm(t.member.token, { token })).toEqual(expired);
    expect(await ownerOf(t.id)).toBe(t.owner.id);
  });

  it("ends earlier links with a new request", async () => {
    const t = await team();
    await transfer(t.owner.token, { userId: t.member.id });
    const first = await tokenFromMail(t.member.email, "/transfer-ownership");
    await transfer(t.owner.token, { userId: t.other.id });
    const second = await tokenFromMail(t.other.email, "/transfer-ownership");
    expect(await confirm(t.member.token, { token: first })).toEqual({
      status: 410,
      json: { message: "Linket gælder ikke længere, fordi ejeren siden har bedt om en ny overdragelse." },
    });
    expect((await confirm(t.other.token, { token: second })).status).toBe(200);
    expect(await ownerOf(t.id)).toBe(t.other.id);
  });

  it("refuses a link whose organisation changed owner meanwhile, and one whose member has left", async () => {
    const t = await team();
    await transfer(t.owner.token, { userId: t.member.id });
    const token = await tokenFromMail(t.member.email, "/transfer-ownership");
    const db = await getDb();
    // Another way the owner column could change (none exists yet besides a transfer, which ends the link).
    await db.updateTable("organisations").set({ owner_id: t.admin.id }).where("id", "=", t.id).execute();
    expect(await confirm(t.member.token, { token })).toEqual({
      status: 409,
      json: { message: "Organisationen har fået en ny ejer, siden linket blev sendt, så det gælder ikke længere." },
    });
    await db.updateTable("organisations").set({ owner_id: t.owner.id }).where("id", "=", t.id).execute();

    expect((await leave(t.member.token)).status).toBe(200);
    expect(await confirm(t.member.token, { token })).toEqual({
      status: 409,
      json: { message: "Du er ikke længere medlem af organisationen, så ejerskabet kan ikke overdrages til dig." },
    });
    expect(await ownerOf(t.id)).toBe(t.owner.id);
  });

  it("refuses the owner themselves (400), someone outside (404), a bad body and an unknown link, changing nothing", async () => {
    const t = await team();
    expect(await transfer(t.owner.token, { userId: t.owner.id })).toEqual({
      status: 400,
      json: { message: "Du ejer allerede organisationen. Vælg et andet medlem." },
    });
    expect(await transfer(t.owner.token, { userId: t.outsider.id })).toEqual({
      status: 404,
      json: { message: "Brugeren er ikke medlem af din organisation." },
    });
    for (const body of [{}, { userId: "x" }, null]) expect((await transfer(t.owner.token, body)).status).toBe(400);
    for (const body of [{}, { token: "" }, { token: 5 }, null]) expect((await confirm(t.member.token, body)).status).toBe(400);
    expect((await as(t.member.token, transferOwnership.GET)).status).toBe(400);
    const unknown = { status: 404, json: { message: "Linket til overdragelse af ejerskab er ugyldigt. Åbn linket fra e-mailen igen." } };
    expect(await confirm(t.member.token, { token: "not-a-token" })).toEqual(unknown);
    expect(await preview(t.member.token, "not-a-token")).toEqual(unknown);
    const db = await getDb();
    expect(await db.selectFrom("ownership_transfers").selectAll().where("organisation_id", "=", t.id).execute()).toEqual([]);
    expect(await ownerOf(t.id)).toBe(t.owner.id);
  });

  it("refuses more than 10 requests of one organisation an hour (429), asking nothing more", async () => {
    const t = await team();
    for (let i = 0; i < 10; i++) expect((await transfer(t.owner.token, { userId: t.member.id })).status).toBe(200);
    const refused = await transfer(t.owner.token, { userId: t.member.id });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^For mange forsøg/);
    const db = await getDb();
    expect(await db.selectFrom("ownership_transfers").select("id").where("organisation_id", "=", t.id).execute()).toHaveLength(10);
  });

  it("speaks Swedish on ta-planen: the mail, the answers and every refusal", async () => {
    const t = await team();
    expect((await transfer(t.owner.token, { userId: t.member.id }, "ta-planen")).json).toEqual({
      message: "Vi har skickat ett e-postmeddelande till Medlem med en länk för att bekräfta överlåtelsen. Länken gäller i 24 timmar.",
    });
    const [mail] = await mailsTo(t.member.email);
    expect(mail!.subject).toBe("Bli ägare till Vejfirma ApS på TA-planen");
    expect(mail!.text).toContain("Länken gäller i 24 timmar och kan bara användas en gång.");
    const token = await tokenFromMail(t.member.email, "/transfer-ownership");
    expect((await confirm(t.other.token, { token }, "ta-planen")).json.message).toBe(
      "Länken skickades till en annan användare. Logga in som den användare som fick e-postmeddelandet.",
    );
    expect((await transfer(t.owner.token, { userId: t.owner.id }, "ta-planen")).json.message).toBe(
      "Du äger redan organisationen. Välj en annan medlem.",
    );
    expect((await confirm(t.member.token, { token: "x" }, "ta-planen")).json.message).toBe(
      "Länken för överlåtelse av ägarskap är ogiltig. Öppna länken från e-postmeddelandet igen.",
    );
    expect((await confirm(t.member.token, { token }, "ta-planen")).json.message).toBe("Du är nu ägare till Vejfirma ApS.");
    expect((await confirm(t.member.token, { token }, "ta-planen")).json.message).toBe(
      "Länken har redan använts, och ägarskapet är överlåtet.",
    );
  });
});

describe("POST /users/leaveOrganization", () => {
  it("lets a member and an administrator leave; their access to shared projects ends at once", async () => {
    const t = await team();
    const project = await as(t.owner.token, projects.POST, { method: "POST", body: { name: "Fælles", isShared: true } });
    const plan = await as(t.owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.json.id } });
    const readPlan = (token: string) => as(token, signplan.GET, { params: { id: String(plan.json.id) } });
    for (const user of [t.member, t.admin]) {
      expect((await readPlan(user.token)).status).toBe(200);
      expect(await leave(user.token)).toEqual({ status: 200, json: { message: "Du har forladt organisationen Vejfirma ApS." } });
      expect((await readPlan(user.token)).status).toBe(404);
      expect(await mine(user.token)).toEqual({ status: 404, json: NOT_MEMBER });
      expect(await isAdmin(user.id)).toBeNull();
    }
    expect(await leave(t.member.token)).toEqual({ status: 404, json: NOT_MEMBER });
  });

  it("refuses the owner (409): the last owner cannot leave", async () => {
    const t = await team();
    expect(await leave(t.owner.token)).toEqual({
      status: 409,
      json: {
        message: "Ejeren kan ikke forlade organisationen. Overdrag først ejerskabet til et andet medlem, eller slet organisationen.",
      },
    });
    expect((await leave(t.owner.token, "ta-planen")).json).toEqual({
      message: "Ägaren kan inte lämna organisationen. Överlåt först ägarskapet till en annan medlem eller radera organisationen.",
    });
    expect((await mine(t.owner.token)).json.role).toBe("owner");
    expect((await leave(t.other.token, "ta-planen")).json).toEqual({ message: "Du har lämnat organisationen Vejfirma ApS." });
    expect((await leave(null)).status).toBe(401);
  });
});

/**
 * DELETE /users/account {password} (ours: core §7 names no path; the README's Organisations section
 * says what happens to what the account holds): the owner of an organisation with members is refused,
 * an owner alone takes the organisation along, a member leaves, shared projects pass to the
 * organisation's owner, private ones go, and the sessions end.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect } from "socket.io-client";
import { describe, expect, it } from "vitest";
import * as account from "@/app/api/users/account/route";
import * as organization from "@/app/api/users/organization/route";
import * as organizationUsers from "@/app/api/users/organizationUsers/route";
import * as invite from "@/app/api/users/invite/route";
import * as transferOwnership from "@/app/api/users/transferOwnership/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as signplan from "@/app/api/signplan/[id]/route";
import { SOCKET_PATH } from "@/lib/realtime-events";
import { getDb } from "@/server/db";
import { attachRealtime } from "@/server/realtime/gateway";
import { setRealtimeServer } from "@/server/realtime/emitter";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";

const PASSWORD = "hemmelig1";
const destroy = (token: string | null, body: unknown, site?: string) => as(token, account.DELETE, { method: "DELETE", body, site });
const newProject = async (token: string, name: string, isShared: boolean) => {
  const res = await as(token, projects.POST, { method: "POST", body: { name, isShared } });
  expect(res.status).toBe(201);
  return res.json.id as number;
};
const newPlan = async (token: string, projectId: number, name = "Plan") => {
  const res = await as(token, signplans.POST, { method: "POST", body: { name, project_id: projectId } });
  expect(res.status).toBe(201);
  return res.json.id as number;
};
const projectIds = async (token: string) => (await as(token, projects.GET)).json.map((p: { id: number }) => p.id) as number[];
const userExists = async (id: number) => !!(await (await getDb()).selectFrom("users").select("id").where("id", "=", id).executeTakeFirst());

describe("DELETE /users/account", () => {
  it("deletes a lone user's account with its projects and plans, and ends the session", async () => {
    const user = await createUser();
    const project = await newProject(user.token, "Privat", false);
    const plan = await newPlan(user.token, project);

    expect(await destroy(user.token, { password: PASSWORD })).toEqual({ status: 200, json: { message: "Din konto er slettet." } });
    expect(await userExists(user.id)).toBe(false);
    const db = await getDb();
    expect(await db.selectFrom("projects").select("id").where("id", "=", project).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("signplans").select("id").where("id", "=", plan).executeTakeFirst()).toBeUndefined();
    // The same token no longer opens anything.
    expect((await as(user.token, projects.GET)).status).toBe(401);
    expect((await destroy(user.token, { password: PASSWORD })).status).toBe(401);
  });

  it("answers in Swedish on ta-planen", async () => {
    const user = await createUser({ site: "ta-planen" });
    expect(await destroy(user.token, { password: PASSWORD }, "ta-planen")).toEqual({
      status: 200,
      json: { message: "Ditt konto är raderat." },
    });
  });

  it("refuses a wrong or missing password in the user's language and changes nothing", async () => {
    const user = await createUser();
    expect(await destroy(user.token, { password: "forkert-kode" })).toEqual({
      status: 400,
      json: { message: "Adgangskoden er forkert.", field: "password" },
    });
    expect(await destroy(user.token, { password: "forkert-kode" }, "ta-planen")).toEqual({
      status: 400,
      json: { message: "Lösenordet är fel.", field: "password" },
    });
    const missing = await destroy(user.token, {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Skriv din adgangskode.");
    const missingSv = await destroy(user.token, { password: "" }, "ta-planen");
    expect(missingSv.status).toBe(400);
    expect(missingSv.json.message).toBe("Ange ditt lösenord.");
    expect(await userExists(user.id)).toBe(true);
    expect((await as(user.token, projects.GET)).status).toBe(200);
  });

  it("needs a logged-in user, and lets one with an unconfirmed e-mail leave", async () => {
    expect((await destroy(null, { password: PASSWORD })).status).toBe(401);
    const unverified = await createUser({ verified: false });
    expect((await destroy(unverified.token, { password: PASSWORD })).status).toBe(200);
    expect(await userExists(unverified.id)).toBe(false);
  });

  it("refuses the owner of an organisation with other members (409 with a code), in Danish and Swedish, and changes nothing", async () => {
    const owner = await createUser();
    const member = await createUser();
    await createOrganisation(owner.id, [member.id]);
    expect(await destroy(owner.token, { password: PASSWORD })).toEqual({
      status: 409,
      json: {
        message: "Du ejer en organisation med andre medlemmer. Overdrag ejerskabet eller slet organisationen, før du sletter din konto.",
        code: "OWNER_HAS_MEMBERS",
      },
    });
    expect((await destroy(owner.token, { password: PASSWORD }, "ta-planen")).json.message).toBe(
      "Du äger en organisation med andra medlemmar. Överlåt ägarskapet eller radera organisationen innan du raderar ditt konto.",
    );
    expect(await userExists(owner.id)).toBe(true);
    expect((await as(member.token, organizationUsers.GET)).json).toHaveLength(2);
  });

  it("deletes the organisation of an owner alone in it; a former member's shared project stays theirs, private", async () => {
    const owner = await createUser();
    const former = await createUser();
    const orgId = await createOrganisation(owner.id, [former.id]);
    const formerShared = await newProject(former.token, "Delt af tidligere medlem", true);
    const ownShared = await newProject(owner.token, "Ejerens delte", true);
    await (await getDb()).deleteFrom("organisation_members").where("user_id", "=", former.id).execute();

    expect((await destroy(owner.token, { password: PASSWORD })).status).toBe(200);
    const db = await getDb();
    expect(await db.selectFrom("organisations").select("id").where("id", "=", orgId).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("projects").select("id").where("id", "=", ownShared).executeTakeFirst()).toBeUndefined();
    const theirs = (await as(former.token, projects.GET)).json;
    expect(theirs.find((p: { id: number }) => p.id === formerShared)).toMatchObject({ isShared: false });
  });

  it("takes a member out of the organisation; what they shared passes to the owner, their private work goes", async () => {
    const owner = await createUser();
    const member = await createUser();
    const colleague = await createUser();
    await createOrganisation(owner.id, [member.id, colleague.id]);
    const shared = await newProject(member.token, "Medlemmets delte", true);
    const sharedPlan = await newPlan(member.token, shared, "Delt plan");
    const colleagues = await newProject(colleague.token, "Kollegaens delte", true);
    const planInColleagues = await newPlan(member.token, colleagues, "Medlemmets plan hos kollegaen");
    const privateProject = await newProject(member.token, "Privat", false);
    const privatePlan = await newPlan(member.token, privateProject);
    const db = await getDb();
    const sign = await db
      .insertInto("personal_signs")
      .values({
        owner_id: member.id,
        name: "Eget skilt",
        base_sign_id: null,
        storage_key: "personal-test-key",
        image_key: "0123456789abcdef0123456789abcdef",
        width: 10,
        height: 10,
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    expect((await destroy(member.token, { password: PASSWORD })).status).toBe(200);

    // The shared project and its plan now belong to the owner, and every colleague still opens them.
    const project = await db
      .selectFrom("projects")
      .select(["owner_id", "is_shared", "is_default"])
      .where("id", "=", shared)
      .executeTakeFirst();
    expect(project).toEqual({ owner_id: owner.id, is_shared: 1, is_default: 0 });
    for (const token of [owner.token, colleague.token]) {
      expect(await projectIds(token)).toContain(shared);
      expect((await as(token, signplan.GET, { params: { id: String(sharedPlan) } })).status).toBe(200);
      expect((await as(token, signplan.GET, { params: { id: String(planInColleagues) } })).status).toBe(200);
    }
    const moved = await db.selectFrom("signplans").select("owner_id").where("id", "=", planInColleagues).executeTakeFirstOrThrow();
    expect(moved.owner_id).toBe(colleague.id);
    // Private work is gone; the member is no longer listed.
    expect(await db.selectFrom("projects").select("id").where("id", "=", privateProject).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom("signplans").select("id").where("id", "=", privatePlan).executeTakeFirst()).toBeUndefined();
    expect((await as(owner.token, organizationUsers.GET)).json.map((u: { id: number }) => u.id)).toEqual([owner.id, colleague.id]);
    expect((await as(owner.token, organization.GET)).status).toBe(200);
    // The personal sign stays for the plans that placed it, hidden from the owner's gallery.
    const kept = await db
      .selectFrom("personal_signs")
      .select(["owner_id", "deleted_at"])
      .where("id", "=", sign.id)
      .executeTakeFirstOrThrow();
    expect(kept.owner_id).toBe(owner.id);
    expect(kept.deleted_at).not.toBeNull();
  });

  it("goes through with invitations the user sent and an ownership transfer offered to them pending", async () => {
    const owner = await createUser();
    const member = await createUser();
    await createOrganisation(owner.id, [member.id]);
    expect((await as(member.token, invite.POST, { method: "POST", body: { email: "kollega@example.dk" } })).status).toBe(201);
    expect((await as(owner.token, transferOwnership.POST, { method: "POST", body: { userId: member.id } })).status).toBe(200);
    expect((await destroy(member.token, { password: PASSWORD })).status).toBe(200);
    expect(await userExists(member.id)).toBe(false);
    expect((await as(owner.token, organizationUsers.GET)).json.map((u: { id: number }) => u.id)).toEqual([owner.id]);
  });

  it("closes the user's open sockets, and their token opens no new one", async () => {
    const server = createServer();
    const io = attachRealtime(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const user = await createUser();
    const client = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth: { token: user.token } });
    try {
      await new Promise<void>((resolve, reject) => {
        client.on("connect", () => resolve());
        client.on("connect_error", reject);
      });
      const closed = new Promise<string>((resolve) => client.on("disconnect", (reason) => resolve(reason)));
      expect((await destroy(user.token, { password: PASSWORD })).status).toBe(200);
      expect(await closed).toBe("io server disconnect");
      const again = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth: { token: user.token } });
      try {
        expect(await new Promise<string>((resolve) => again.on("connect_error", (error) => resolve(error.message)))).toBe("unauthorized");
      } finally {
        again.disconnect();
      }
    } finally {
      client.disconnect();
      await io.close();
      setRealtimeServer(undefined);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/**
 * Read-only share links (core §4, §7): one active link per plan, shown again to whoever may edit the
 * plan, with an expiry, revoked by hand or by archiving, deleting or a password change of its maker.
 */
import { describe, expect, it } from "vitest";
import { PUT as updateProfile } from "@/app/api/auth/update-profile/route";
import { POST as requestReset } from "@/app/api/auth/request-password-reset/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import * as pArchive from "@/app/api/project/[id]/archive/route";
import * as pRestore from "@/app/api/project/[id]/restore/route";
import * as pOne from "@/app/api/project/[id]/route";
import * as pShare from "@/app/api/project/[id]/share/route";
import * as pUnarchive from "@/app/api/project/[id]/unarchive/route";
import * as projects from "@/app/api/project/route";
import * as archive from "@/app/api/signplan/[id]/archive/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as share from "@/app/api/signplan/[id]/share/route";
import * as unarchive from "@/app/api/signplan/[id]/unarchive/route";
import * as publicBackground from "@/app/api/signplan/public/[id]/background/route";
import * as publicPlan from "@/app/api/signplan/public/[id]/route";
import * as restore from "@/app/api/signplan/restore/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { tokenFromMail } from "../../support/mail";
import { callRoute } from "../../support/route";
import { createOrganisation, createUser } from "../../support/users";

const INVALID = { message: "Linket til planen er ugyldigt, udløbet eller tilbagekaldt." };
const DAY = 24 * 3600_000;
const p = (id: number) => ({ params: { id: String(id) } });

async function newPlan(token: string) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const { json: plan } = await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
  return { projectId: project.id as number, planId: plan.id as number };
}

const shareOf = (token: string, planId: number, body?: unknown) => as(token, share.POST, { method: "POST", ...p(planId), body });
const readShare = (token: string, planId: number) => as(token, share.GET, p(planId));
const revoke = (token: string, planId: number) => as(token, share.DELETE, { method: "DELETE", ...p(planId) });
const view = (viewToken: string, planId: number) => as(viewToken, publicPlan.GET, p(planId));

describe("POST /signplan/{id}/share", () => {
  it("answers the plan's active link again instead of a new one, and GET shows it", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    expect(await readShare(user.token, planId)).toEqual({ status: 200, json: null });

    const first = await shareOf(user.token, planId);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      token: expect.any(String),
      link: `http://skilteplanen.localhost:3000/view?token=${first.json.token}`,
      createdAt: expect.any(String),
      expiresAt: null,
    });
    const again = await shareOf(user.token, planId);
    expect(again.json).toEqual(first.json);
    expect(await readShare(user.token, planId)).toEqual({ status: 200, json: first.json });
    expect((await view(first.json.token, planId)).status).toBe(200);

    const db = await getDb();
    const rows = await db.selectFrom("signplan_share_links").selectAll().where("signplan_id", "=", planId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ created_by: user.id, revoked_at: null, expires_at: null });
    // The row holds nothing that opens the plan: the token is signed with the server's secret.
    expect(JSON.stringify(rows[0])).not.toContain(first.json.token.split(".")[2]);
  });

  it("a member of the organisation sees and reuses the owner's link once the project is shared", async () => {
    const owner = await createUser();
    const colleague = await createUser();
    await createOrganisation(owner.id, [colleague.id]);
    const { projectId, planId } = await newPlan(owner.token);
    const link = (await shareOf(owner.token, planId)).json;
    await as(owner.token, pShare.PUT, { method: "PUT", ...p(projectId), body: { isShared: true } });
    expect((await readShare(colleague.token, planId)).json).toEqual(link);
    expect((await shareOf(colleague.token, planId)).json).toEqual(link);
  });

  it("sets, changes and clears the expiry of the same link", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const in7 = new Date(Date.now() + 7 * DAY).toISOString();
    const created = await shareOf(user.token, planId, { expiresAt: in7 });
    expect(created.json.expiresAt).toBe(in7);

    // Another form of the same kind of moment (with an offset) is stored in UTC.
    const in30 = new Date(Date.now() + 30 * DAY);
    const local = in30.toISOString().replace("Z", "+00:00");
    const changed = await shareOf(user.token, planId, { expiresAt: local });
    expect(changed.json).toMatchObject({ token: created.json.token, expiresAt: in30.toISOString() });

    const kept = await shareOf(user.token, planId);
    expect(kept.json.expiresAt).toBe(in30.toISOString());
    const cleared = await shareOf(user.token, planId, { expiresAt: null });
    expect(cleared.json).toMatchObject({ token: created.json.token, expiresAt: null });
    expect((await view(created.json.token, planId)).status).toBe(200);
  });

  it("refuses an expiry in the past, beyond a year, or not a date/time, in the user's language", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    for (const expiresAt of [new Date(Date.now() - 1000).toISOString(), new Date(Date.now() + 400 * DAY).toISOString(), "next week", 7]) {
      expect(await shareOf(user.token, planId, { expiresAt })).toEqual({
        status: 400,
        json: { message: "Vælg en udløbsdato i fremtiden, højst et år frem.", field: "expiresAt" },
      });
    }
    const sv = await as(user.token, share.POST, {
      method: "POST",
      ...p(planId),
      body: { expiresAt: "2020-01-01T00:00:00Z" },
      site: "ta-planen",
    });
    expect(sv.json.message).toBe("Välj ett slutdatum i framtiden, högst ett år fram.");
    expect((await readShare(user.token, planId)).json).toBeNull();
  });

  it("a link whose expiry has passed opens nothing, and sharing again makes a new one", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const old = (await shareOf(user.token, planId, { expiresAt: new Date(Date.now() + DAY).toISOString() })).json;
    const db = await getDb();
    await db
      .updateTable("signplan_share_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("signplan_id", "=", planId)
      .execute();

    expect(await view(old.token, planId)).toEqual({ status: 404, json: INVALID });
    expect((await readShare(user.token, planId)).json).toBeNull();
    const fresh = (await shareOf(user.token, planId)).json;
    expect(fresh.token).not.toBe(old.token);
    expect(fresh.expiresAt).toBeNull();
    expect((await view(fresh.token, planId)).status).toBe(200);
    expect((await view(old.token, planId)).status).toBe(404);
  });

  it("refuses to share an archived plan", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    await as(user.token, archive.POST, { method: "POST", ...p(planId) });
    expect(await shareOf(user.token, planId)).toEqual({
      status: 409,
      json: { message: "Planen er arkiveret eller slettet og kan ikke deles." },
    });
  });
});

describe("DELETE /signplan/{id}/share", () => {
  it("ends the link for good; the next share makes a new link that works", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const old = (await shareOf(user.token, planId)).json;
    expect((await revoke(user.token, planId)).status).toBe(204);
    expect(await view(old.token, planId)).toEqual({ status: 404, json: INVALID });
    expect((await readShare(user.token, planId)).json).toBeNull();
    expect((await revoke(user.token, planId)).status).toBe(204); // nothing left to revoke

    const fresh = (await shareOf(user.token, planId)).json;
    expect(fresh.token).not.toBe(old.token);
    expect((await view(fresh.token, planId)).status).toBe(200);
    expect((await view(old.token, planId)).status).toBe(404);
    // The plan's background is behind the same check.
    expect((await as(old.token, publicBackground.GET, p(planId))).json).toEqual(INVALID);
  });

  it("another user can neither read nor revoke the link (404), and the link keeps working", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const { planId } = await newPlan(owner.token);
    const link = (await shareOf(owner.token, planId)).json;
    expect((await readShare(stranger.token, planId)).status).toBe(404);
    expect((await revoke(stranger.token, planId)).status).toBe(404);
    expect((await shareOf(stranger.token, planId)).status).toBe(404);
    expect((await view(link.token, planId)).status).toBe(200);
    expect((await as(null, share.GET, p(planId))).status).toBe(401);
  });
});

describe("what else ends a share link", () => {
  it("deleting the plan, and restoring it does not bring the link back", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const link = (await shareOf(user.token, planId)).json;
    await as(user.token, one.DELETE, { method: "DELETE", ...p(planId) });
    expect(await view(link.token, planId)).toEqual({ status: 404, json: INVALID });
    expect((await shareOf(user.token, planId)).status).toBe(409);
    await as(user.token, restore.POST, { method: "POST", ...p(planId) });
    expect((await view(link.token, planId)).status).toBe(404);
    expect((await readShare(user.token, planId)).json).toBeNull();
  });

  it("archiving the plan, and unarchiving it does not bring the link back", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const link = (await shareOf(user.token, planId)).json;
    await as(user.token, archive.POST, { method: "POST", ...p(planId) });
    expect(await view(link.token, planId)).toEqual({ status: 404, json: INVALID });
    await as(user.token, unarchive.POST, { method: "POST", ...p(planId) });
    expect((await view(link.token, planId)).status).toBe(404);
    expect((await view((await shareOf(user.token, planId)).json.token, planId)).status).toBe(200);
  });

  it("archiving or deleting the plan's project, for good as well", async () => {
    const user = await createUser();
    const { projectId, planId } = await newPlan(user.token);
    const first = (await shareOf(user.token, planId)).json;
    await as(user.token, pArchive.POST, { method: "POST", ...p(projectId) });
    expect((await view(first.token, planId)).status).toBe(404);
    await as(user.token, pUnarchive.POST, { method: "POST", ...p(projectId) });
    expect((await view(first.token, planId)).status).toBe(404);

    const second = (await shareOf(user.token, planId)).json;
    await as(user.token, pOne.DELETE, { method: "DELETE", ...p(projectId) });
    expect((await view(second.token, planId)).status).toBe(404);
    await as(user.token, pRestore.POST, { method: "POST", ...p(projectId) });
    expect((await view(second.token, planId)).status).toBe(404);
  });

  it("a password change of the user who made it; another user's link stays", async () => {
    const owner = await createUser({ password: "gammel12" });
    const { planId } = await newPlan(owner.token);
    const other = await createUser();
    const { planId: otherPlan } = await newPlan(other.token);
    const link = (await shareOf(owner.token, planId)).json;
    const otherLink = (await shareOf(other.token, otherPlan)).json;

    const res = await callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      site: "skilteplanen",
      body: { currentPassword: "gammel12", newPassword: "nyt-kodeord" },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    expect(await view(link.token, planId)).toEqual({ status: 404, json: INVALID });
    expect((await view(otherLink.token, otherPlan)).status).toBe(200);
    const fresh = (await res.json()).access_token as string;
    expect((await readShare(fresh, planId)).json).toBeNull();
  });

  it("a name change alone does not end it", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const link = (await shareOf(user.token, planId)).json;
    const res = await callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      site: "skilteplanen",
      body: { name: "Nyt navn" },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    expect((await view(link.token, planId)).status).toBe(200);
  });

  it("a password reset of the user who made it", async () => {
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    const link = (await shareOf(user.token, planId)).json;
    await callRoute(requestReset, {
      method: "POST",
      path: "/api/auth/request-password-reset",
      site: "skilteplanen",
      body: { email: user.email },
    });
    const token = await tokenFromMail(user.email, "/reset-password");
    const done = await callRoute(resetPassword, {
      method: "POST",
      path: "/api/auth/reset-password",
      site: "skilteplanen",
      body: { token, password: "nyt-kodeord" },
    });
    expect(done.status).toBe(200);
    expect(await view(link.token, planId)).toEqual({ status: 404, json: INVALID });
  });

  it("a view token signed before share links were rows (no link id) opens nothing", async () => {
    const { SignJWT } = await import("jose");
    const { getJwtSecret } = await import("@/server/auth/secret");
    const user = await createUser();
    const { planId } = await newPlan(user.token);
    await shareOf(user.token, planId);
    const legacy = await new SignJWT({ purpose: "view", signplanId: planId, sv: 0 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .sign(getJwtSecret());
    expect(await view(legacy, planId)).toEqual({ status: 404, json: INVALID });
  });
});

/**
 * Blocking enforced by the server (issue 31): every route handler under src/app/api is found by walking
 * the folder, and every write method is called as a blocked user: 402 with code ACCOUNT_BLOCKED
 * everywhere but the named exceptions, which never answer 402. A blocked user still opens their plan and
 * stores an export; accepting payment lifts the block at the next request.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as signplan from "@/app/api/signplan/[id]/route";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import * as blockStatus from "@/app/api/users/block-status/route";
import * as invite from "@/app/api/users/invite/route";
import * as acceptInvite from "@/app/api/users/acceptInvite/route";
import * as adminArtwork from "@/app/api/admin/sign-artwork/[signId]/route";
import { as } from "../../support/api";
import { apiRouteHandlers, type RouteHandler } from "../../support/routes";
import { createOrganisation, createUser } from "../../support/users";
import { CLEAN_SVG, makeStaffAdmin, text, uploadAs } from "../signs/support";
import { JPG_SETTINGS } from "../uploads/support";
import { endTrial, subscribe } from "./support";

/** The writes a blocked user may still make: billing, exporting, leaving, the profile, and paths before login. */
const ALLOWED_WHEN_BLOCKED = new Set([
  "POST /api/users/invoiceDetails",
  "POST /api/users/accept-payment",
  "POST /api/users/cancel-subscription",
  "POST /api/users/resume-subscription",
  "POST /api/exports/signplan/[id]",
  "DELETE /api/users/account",
  "POST /api/users/leaveOrganization",
  "POST /api/users/acceptInvite",
  "POST /api/users/declineInvite",
  "PUT /api/auth/update-profile",
  // The page-render cookie: a blocked user still logs in and opens plans, and always logs out.
  "POST /api/auth/session",
  "POST /api/auth/logout",
  // No logged-in user: logging in, registering, a forgotten password, feedback.
  "POST /api/auth/login",
  "POST /api/auth/register",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/resend-verification",
  "POST /api/auth/reset-password",
  "POST /api/auth/verify-reset-token",
  "POST /api/auth/verify",
  "POST /api/contact/feedback",
]);

async function newPlan(token: string): Promise<number> {
  const project = (await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } })).json.id;
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project } })).json.id as number;
}

const rename = (token: string, planId: number, version: number) =>
  as(token, signplan.PUT, { method: "PUT", params: { id: String(planId) }, body: { name: "Omdøbt", version } });

async function jpeg(): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a6" } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buffer);
}

describe("a blocked user's changes", () => {
  let writes: RouteHandler[];
  beforeAll(async () => {
    // Admin paths are staff's, whom no trial blocks; a customer gets their 404 (tests/api/admin/guard.test.ts).
    writes = (await apiRouteHandlers()).filter((route) => route.method !== "GET" && !route.pattern.startsWith("/api/admin/"));
  });

  it("are refused with 402 ACCOUNT_BLOCKED on every write path but the named exceptions", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    await endTrial(user.id);
    expect(writes.length).toBeGreaterThan(40);
    const refused: string[] = [];
    const wronglyRefused: string[] = [];
    const notRefused: string[] = [];
    for (const route of writes) {
      const params = Object.fromEntries(route.paramNames.map((name) => [name, String(planId)]));
      const res = await as(user.token, route.handler, { method: route.method, params, body: {} });
      if (ALLOWED_WHEN_BLOCKED.has(route.name)) {
        if (res.status === 402) wronglyRefused.push(route.name);
      } else if (res.status === 402 && res.json.code === "ACCOUNT_BLOCKED" && res.json.reason === "trialEnded") {
        refused.push(route.name);
      } else {
        notRefused.push(`${route.name}: ${res.status}`);
      }
    }
    expect(notRefused).toEqual([]);
    expect(wronglyRefused).toEqual([]);
    expect(refused).toContain("PUT /api/signplan/[id]");
    expect(refused).toContain("PATCH /api/signplan/[id]");
    expect(refused).toContain("POST /api/users/invite");
    // Every exception exists: a renamed path does not silently drop out of the list.
    for (const name of ALLOWED_WHEN_BLOCKED) expect(writes.map((route) => route.name)).toContain(name);
  });

  it("says how to reactivate, in the site's language, and the member is sent to the owner", async () => {
    const owner = await createUser({ name: "Eva Ejer" });
    const member = await createUser();
    await createOrganisation(owner.id, [member.id]);
    await endTrial(owner.id);
    await endTrial(member.id);
    const danish = await as(owner.token, projects.POST, { method: "POST", body: { name: "X" } });
    expect(danish.status).toBe(402);
    expect(danish.json.message).toBe(
      "Din konto er spærret. Du kan stadig åbne, se og eksportere dine planer. Gå til Konto → Fakturaer for at genaktivere den.",
    );
    const swedish = await as(owner.token, projects.POST, { method: "POST", body: { name: "X" }, site: "ta-planen" });
    expect(swedish.json.message).toBe(
      "Ditt konto är spärrat. Du kan fortfarande öppna, visa och exportera dina planer. Gå till Konto → Fakturor för att återaktivera det.",
    );
    const asMember = await as(member.token, projects.POST, { method: "POST", body: { name: "X" } });
    expect(asMember.status).toBe(402);
    expect(asMember.json.message).toContain("Bed organisationens ejer eller en administrator (Eva Ejer)");
  });

  it("leave the plan open and exportable, and accepting payment lets the same save through", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    await endTrial(user.id);

    const opened = await as(user.token, signplan.GET, { params: { id: String(planId) } });
    expect(opened.status).toBe(200);
    const refused = await rename(user.token, planId, opened.json.version);
    expect(refused.status).toBe(402);
    expect(refused.json.code).toBe("ACCOUNT_BLOCKED");

    const exported = await uploadAs(user.token, planExports.POST, {
      params: { id: String(planId) },
      file: { bytes: await jpeg(), name: "plan.jpg" },
      fields: { settings: JSON.stringify(JPG_SETTINGS) },
    });
    expect(exported.status).toBe(201);

    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "trialEnded", canManage: true });
    const accepted = await subscribe(user.token);
    expect(accepted.status).toBe(201);
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false, status: "active", reason: null });
    const saved = await rename(user.token, planId, opened.json.version);
    expect(saved.status).toBe(200);
  });

  it("lift for every member at once when the owner accepts payment for the organisation", async () => {
    const owner = await createUser();
    const member = await createUser();
    await createOrganisation(owner.id, [member.id]);
    await endTrial(owner.id);
    await endTrial(member.id);
    expect((await as(member.token, projects.POST, { method: "POST", body: { name: "X" } })).status).toBe(402);
    expect((await subscribe(owner.token)).status).toBe(201);
    expect((await as(member.token, blockStatus.GET)).json).toMatchObject({ blocked: false, status: "active", canManage: false });
    expect((await as(member.token, projects.POST, { method: "POST", body: { name: "X" } })).status).toBe(201);
  });

  it("let a blocked user accept an invitation, and joining a paying organisation lifts the block", async () => {
    const owner = await createUser();
    await createOrganisation(owner.id);
    expect((await subscribe(owner.token)).status).toBe(201);
    const user = await createUser();
    await endTrial(user.id);
    expect((await as(owner.token, invite.POST, { method: "POST", body: { email: user.email } })).status).toBe(201);
    const joined = await as(user.token, acceptInvite.POST, { method: "POST", body: {} });
    expect(joined).toMatchObject({ status: 200, json: { hasInviteBeenAccepted: true } });
    expect((await as(user.token, blockStatus.GET)).json).toMatchObject({ blocked: false, status: "active" });
    expect((await as(user.token, projects.POST, { method: "POST", body: { name: "X" } })).status).toBe(201);
  });

  it("never hold staff back: their own ended trial blocks neither their plans nor the admin area's sign artwork", async () => {
    const staff = await createUser();
    await makeStaffAdmin(staff.id);
    const planId = await newPlan(staff.token);
    await endTrial(staff.id);
    expect((await as(staff.token, blockStatus.GET)).json).toMatchObject({ blocked: false, reason: null });
    const opened = await as(staff.token, signplan.GET, { params: { id: String(planId) } });
    expect((await rename(staff.token, planId, opened.json.version)).status).toBe(200);
    const artwork = await uploadAs(staff.token, adminArtwork.PUT, {
      method: "PUT",
      params: { signId: "A11" },
      file: { bytes: text(CLEAN_SVG), name: "A11.svg" },
    });
    expect(artwork.status).toBe(200);

    // The same user without the staff flag is blocked: the test above is about staff, not a lenient check.
    const customer = await createUser();
    await endTrial(customer.id);
    expect((await as(customer.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "trialEnded" });
  });
});

/**
 * Staff's actions on a customer (issue 32): extend the trial, block with a reason the customer sees and
 * unblock, end all sessions, resend the verification mail. Each writes its audit row with the change,
 * and a refused action changes nothing and logs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/admin/audit/route";
import * as extendTrial from "@/app/api/admin/customers/[id]/extend-trial/route";
import * as block from "@/app/api/admin/customers/[id]/block/route";
import * as unblock from "@/app/api/admin/customers/[id]/unblock/route";
import * as endSessions from "@/app/api/admin/customers/[id]/end-sessions/route";
import * as resend from "@/app/api/admin/customers/[id]/resend-verification/route";
import * as blockStatus from "@/app/api/users/block-status/route";
import * as freeTrialTimeLeft from "@/app/api/users/freeTrialTimeLeft/route";
import * as projects from "@/app/api/project/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";
import { endTrial, firstLoginDaysAgo } from "../billing/support";

let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  staff = await createUser();
  await makeStaffAdmin(staff.id);
});

type Handler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const act = (handler: Handler, id: number, body: unknown = {}, site?: string) =>
  as(staff.token, handler, { method: "POST", params: { id: String(id) }, body, site });
const auditOf = async (id: number) =>
  (await as(staff.token, audit.GET, { query: `?targetType=user&targetId=${id}` })).json.entries.map((e: any) => ({
    adminId: e.adminId,
    action: e.action,
    before: e.before,
    after: e.after,
    reason: e.reason,
  }));
const newProject = (token: string) => as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });

describe("POST /admin/customers/{id}/extend-trial", () => {
  it("moves an ended trial's end to the days from now, lifting the block, with before and after in the log", async () => {
    const customer = await createUser();
    await endTrial(customer.id);
    expect((await newProject(customer.token)).status).toBe(402);
    const res = await act(extendTrial.POST, customer.id, { days: 7 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: customer.id, trialDaysLeft: 7, billingStatus: "trial", blocked: false });
    expect((await as(customer.token, freeTrialTimeLeft.GET)).json).toBe(7);
    expect((await newProject(customer.token)).status).toBe(201);
    const [entry] = await auditOf(customer.id);
    expect(entry).toMatchObject({ adminId: staff.id, action: "customer.extendTrial", after: { days: 7 } });
    expect(Date.parse(entry.after.trialEndsAt) - Date.parse(entry.before.trialEndsAt)).toBeGreaterThan(7 * 86_400_000);
  });

  it("adds to a running trial's end", async () => {
    const customer = await createUser();
    await firstLoginDaysAgo(customer.id, 4);
    expect((await act(extendTrial.POST, customer.id, { days: 30 })).json.trialDaysLeft).toBe(40);
  });

  it("refuses a bad number of days or a trial not yet started, in the admin's language, and logs nothing", async () => {
    const customer = await createUser();
    await firstLoginDaysAgo(customer.id, 1);
    for (const days of [0, 91, 2.5, "7", null]) {
      const res = await act(extendTrial.POST, customer.id, { days });
      expect([days, res.status, res.json.message]).toEqual([days, 400, "Angiv et helt antal dage mellem 1 og 90."]);
    }
    expect((await act(extendTrial.POST, customer.id, { days: 0 }, "ta-planen")).json.message).toBe(
      "Ange ett helt antal dagar mellan 1 och 90.",
    );
    const neverLoggedIn = await createUser();
    const res = await act(extendTrial.POST, neverLoggedIn.id, { days: 5 });
    expect(res).toEqual({ status: 409, json: { message: "Kunden har ikke logget ind endnu, så prøveperioden er ikke startet." } });
    expect((await act(extendTrial.POST, 987_654_321, { days: 5 })).status).toBe(404);
    expect(await auditOf(customer.id)).toEqual([]);
    expect(await auditOf(neverLoggedIn.id)).toEqual([]);
  });
});

describe("POST /admin/customers/{id}/block and unblock", () => {
  it("blocks the customer's changes with the reason shown to them (402, block-status), and unblocking lifts it", async () => {
    const customer = await createUser();
    const reason = "Misbrug af prøveperioder – kontakt support@skilteplanen.dk";
    const res = await act(block.POST, customer.id, { reason: `  ${reason}  ` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ blocked: true, billingStatus: "blocked", blockReason: "staff" });

    const refused = await newProject(customer.token);
    expect(refused.status).toBe(402);
    expect(refused.json).toMatchObject({ code: "ACCOUNT_BLOCKED", reason: "staff" });
    expect(refused.json.message).toContain(reason);
    expect((await as(customer.token, projects.POST, { method: "POST", body: { name: "x" }, site: "ta-planen" })).json.message).toMatch(
      /^Ditt konto har spärrats av supporten/,
    );
    expect((await as(customer.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "staff", staffReason: reason });

    const lifted = await act(unblock.POST, customer.id);
    expect(lifted.json).toMatchObject({ blocked: false, blockReason: null });
    expect((await as(customer.token, blockStatus.GET)).json).toMatchObject({ blocked: false, reason: null, staffReason: null });
    expect((await newProject(customer.token)).status).toBe(201);

    expect(await auditOf(customer.id)).toEqual([
      {
        adminId: staff.id,
        action: "customer.unblock",
        before: { staffBlockReason: reason },
        after: { staffBlockReason: null },
        reason: null,
      },
      { adminId: staff.id, action: "customer.block", before: { staffBlockReason: null }, after: { staffBlockReason: reason }, reason },
    ]);
  });

  it("a staff block outranks a paid-up or trial state, and unblocking leaves other blocks in place", async () => {
    const customer = await createUser();
    await endTrial(customer.id);
    await act(block.POST, customer.id, { reason: "Afventer dokumentation" });
    expect((await as(customer.token, blockStatus.GET)).json.reason).toBe("staff");
    await act(unblock.POST, customer.id);
    expect((await as(customer.token, blockStatus.GET)).json).toMatchObject({ blocked: true, reason: "trialEnded" });
  });

  it("refuses an empty reason and an unblock without a staff block, and logs nothing", async () => {
    const customer = await createUser();
    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await act(block.POST, customer.id, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Skriv en begrundelse på højst 500 tegn. Kunden får den at se.");
    }
    expect(await act(unblock.POST, customer.id)).toEqual({ status: 409, json: { message: "Kunden er ikke spærret af en administrator." } });
    expect((await act(unblock.POST, customer.id, {}, "ta-planen")).json.message).toBe("Kunden är inte spärrad av en administratör.");
    expect(await auditOf(customer.id)).toEqual([]);
    expect((await newProject(customer.token)).status).toBe(201);
  });
});

describe("POST /admin/customers/{id}/end-sessions", () => {
  it("makes every token issued so far stop working; a new login works", async () => {
    const customer = await createUser();
    expect((await as(customer.token, projects.GET)).status).toBe(200);
    expect(await act(endSessions.POST, customer.id)).toEqual({ status: 200, json: { ended: true } });
    expect((await as(customer.token, projects.GET)).status).toBe(401);
    const [entry] = await auditOf(customer.id);
    expect(entry).toEqual({
      adminId: staff.id,
      action: "customer.endSessions",
      before: { tokenVersion: 0 },
      after: { tokenVersion: 1 },
      reason: null,
    });
  });
});

describe("POST /admin/customers/{id}/resend-verification", () => {
  it("queues the verification mail on the customer's own site; refuses once confirmed, logging nothing then", async () => {
    const db = await getDb();
    const unconfirmed = await createUser({ verified: false, site: "ta-planen" });
    expect(await act(resend.POST, unconfirmed.id)).toEqual({ status: 200, json: { sent: true } });
    const jobs = await db.selectFrom("mail_jobs").select(["kind", "site"]).where("email", "=", unconfirmed.email).execute();
    expect(jobs).toEqual([{ kind: "verification", site: "ta-planen" }]);
    expect((await auditOf(unconfirmed.id)).map((e: any) => e.action)).toEqual(["customer.resendVerification"]);

    const confirmed = await createUser();
    expect(await act(resend.POST, confirmed.id)).toEqual({
      status: 409,
      json: { message: "Kundens e-mailadresse er allerede bekræftet." },
    });
    expect(await db.selectFrom("mail_jobs").select("id").where("email", "=", confirmed.email).execute()).toEqual([]);
    expect(await auditOf(confirmed.id)).toEqual([]);
  });
});

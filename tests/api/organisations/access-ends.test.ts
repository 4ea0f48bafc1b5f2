/**
 * Access that ends at once (issue 30): when a member is removed, leaves, or the organisation is deleted,
 * their sockets leave the rooms of the organisation's plans and hear `signplanAccessLost`, while anyone
 * who still may read the plan stays in its room; a socket opened before cannot join again either.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "socket.io";
import { afterEach, describe, expect, it } from "vitest";
import { WS_EVENTS } from "@/lib/realtime-events";
import { attachRealtime } from "@/server/realtime/gateway";
import { getDb } from "@/server/db";
import { setRealtimeServer, signplanRoom } from "@/server/realtime/emitter";
import * as removeUser from "@/app/api/users/removeUser/route";
import * as leaveOrganization from "@/app/api/users/leaveOrganization/route";
import * as deleteOrganization from "@/app/api/users/deleteOrganization/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { as } from "../../support/api";
import { socketClients } from "../../support/socket-clients";
import { createOrganisation, createUser } from "../../support/users";

describe("access to an organisation's plans ends on the socket at once", () => {
  let http: HttpServer | undefined;
  let io: Server | undefined;
  const { open, closeAll } = socketClients();

  afterEach(async () => {
    closeAll();
    setRealtimeServer(undefined);
    await new Promise((resolve) => (http ? http.close(resolve) : resolve(undefined)));
    http = undefined;
  });

  async function start(): Promise<string> {
    http = createServer();
    io = attachRealtime(http);
    await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  /** The ids of the users whose sockets are in the plan's room, as the server sees it. */
  async function inRoom(signplanId: number): Promise<number[]> {
    const sockets = await io!.in(signplanRoom(signplanId)).fetchSockets();
    return sockets.map((s) => (s.data as { user: { id: number } }).user.id).sort((a, b) => a - b);
  }

  /** An organisation's shared plan and a private one of the member's, each open on owner's and member's sockets. */
  async function scene() {
    const url = await start();
    const owner = await createUser({ name: "Ejer" });
    const member = await createUser({ name: "Medlem" });
    const organisationId = await createOrganisation(owner.id, [member.id]);
    const shared = await as(owner.token, projects.POST, { method: "POST", body: { name: "Fælles", isShared: true } });
    const plan = await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: shared.json.id } });
    const own = await as(member.token, projects.POST, { method: "POST", body: { name: "Mit eget" } });
    const ownPlan = await as(member.token, signplans.POST, { method: "POST", body: { name: "Min plan", project_id: own.json.id } });
    const ownerSocket = open(url, owner.token);
    // Two tabs of the member: both must let go.
    const memberSockets = [open(url, member.token), open(url, member.token)];
    for (const socket of [ownerSocket, ...memberSockets]) {
      expect(await socket.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: plan.json.id })).toMatchObject({ ok: true });
    }
    for (const socket of memberSockets) {
      expect(await socket.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: ownPlan.json.id })).toMatchObject({ ok: true });
    }
    const heard: Array<{ who: string; payload: unknown }> = [];
    ownerSocket.on(WS_EVENTS.signplanAccessLost, (payload) => heard.push({ who: "owner", payload }));
    memberSockets.forEach((s, i) => s.on(WS_EVENTS.signplanAccessLost, (payload) => heard.push({ who: `member${i}`, payload })));
    return { owner, member, organisationId, planId: plan.json.id as number, ownPlanId: ownPlan.json.id as number, memberSockets, heard };
  }

  async function expectMemberCutOff(s: Awaited<ReturnType<typeof scene>>, ownerStays: boolean) {
    // The event comes over the wire after the API answered; a second is the bound.
    await expect.poll(() => s.heard.length, { timeout: 1000 }).toBe(2);
    expect(s.heard).toEqual(
      expect.arrayContaining([
        { who: "member0", payload: { signplanId: s.planId } },
        { who: "member1", payload: { signplanId: s.planId } },
      ]),
    );
    expect(await inRoom(s.planId)).toEqual(ownerStays ? [s.owner.id] : []);
    // Their own plan is theirs still: its room keeps them, and no event named it.
    expect(await inRoom(s.ownPlanId)).toEqual([s.member.id, s.member.id]);
    // The socket opened while a member cannot join again.
    expect(await s.memberSockets[0]!.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: s.planId })).toEqual({ ok: false });
  }

  it("when the member is removed", async () => {
    const s = await scene();
    expect((await as(s.owner.token, removeUser.DELETE, { method: "DELETE", body: { userId: s.member.id } })).status).toBe(200);
    await expectMemberCutOff(s, true);
  });

  it("when the member leaves", async () => {
    const s = await scene();
    expect((await as(s.member.token, leaveOrganization.POST, { method: "POST" })).status).toBe(200);
    await expectMemberCutOff(s, true);
  });

  it("when the organisation is deleted (the owner keeps their own plan, now private)", async () => {
    const s = await scene();
    const res = await as(s.owner.token, deleteOrganization.DELETE, { method: "DELETE", body: { organizationId: s.organisationId } });
    expect(res.status).toBe(200);
    await expectMemberCutOff(s, true);
  });

  it("lets a socket opened before joining the organisation join its plans", async () => {
    const url = await start();
    const owner = await createUser();
    const newcomer = await createUser();
    const organisationId = await createOrganisation(owner.id);
    const shared = await as(owner.token, projects.POST, { method: "POST", body: { name: "Fælles", isShared: true } });
    const plan = await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: shared.json.id } });
    const socket = open(url, newcomer.token);
    expect(await socket.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: plan.json.id })).toEqual({ ok: false });
    const db = await getDb();
    await db
      .insertInto("organisation_members")
      .values({ organisation_id: organisationId, user_id: newcomer.id, is_admin: 0, joined_at: new Date().toISOString() })
      .execute();
    expect(await socket.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: plan.json.id })).toMatchObject({ ok: true });
  });
});

/**
 * Invitations (issue 30, core §3 "Invite", §4): invite, resend, checkPendingInvite, acceptInvite,
 * declineInvite, pendingInvites, revokeInvite and the invitation page's preview; every refusal in Danish
 * and Swedish, one pending invitation per (organisation, e-mail), the mailed link (only its hash
 * stored, ended by a resend), expiry on a clock the test sets, registration from the link, and the
 * socket event a logged-in invitee gets.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as invite from "@/app/api/users/invite/route";
import * as checkPendingInvite from "@/app/api/users/checkPendingInvite/route";
import * as acceptInvite from "@/app/api/users/acceptInvite/route";
import * as declineInvite from "@/app/api/users/declineInvite/route";
import * as pendingInvites from "@/app/api/users/pendingInvites/route";
import * as revokeInvite from "@/app/api/users/revokeInvite/route";
import * as invitation from "@/app/api/users/invitation/route";
import * as organization from "@/app/api/users/organization/route";
import * as register from "@/app/api/auth/register/route";
import * as verify from "@/app/api/auth/verify/route";
import { SOCKET_PATH, WS_EVENTS } from "@/lib/realtime-events";
import { signAccessToken, verifyAccessToken } from "@/server/auth/jwt";
import { getDb } from "@/server/db";
import { hashLinkToken } from "@/server/accounts/email-tokens";
import { attachRealtime } from "@/server/realtime/gateway";
import { setRealtimeServer } from "@/server/realtime/emitter";
import { as } from "../../support/api";
import { mailsTo, tokenFromMail } from "../../support/mail";
import { createOrganisation, createUser, uniqueEmail } from "../../support/users";
import { makeOrganisationAdmin } from "../signs/support";

const post = (token: string | null, body: unknown, site?: string) => as(token, invite.POST, { method: "POST", body, site });
const check = (token: string | null, site?: string) => as(token, checkPendingInvite.GET, { site });
const accept = (token: string | null, body?: unknown, site?: string) => as(token, acceptInvite.POST, { method: "POST", body, site });
const decline = (token: string | null, body?: unknown, site?: string) => as(token, declineInvite.POST, { method: "POST", body, site });
const pending = (token: string | null) => as(token, pendingInvites.GET);
const revoke = (token: string | null, body: unknown, site?: string) => as(token, revokeInvite.DELETE, { method: "DELETE", body, site });
const preview = (token: string, site?: string) => as(null, invitation.GET, { query: `?token=${encodeURIComponent(token)}`, site });
const mine = (token: string) => as(token, organization.GET);

/** An organisation with an owner (named, so the mail can name them), an administrator and a member. */
async function team(site = "skilteplanen") {
  const owner = await createUser({ name: "Olga Ejer", site });
  const admin = await createUser({ name: "Anne Admin", site });
  const member = await createUser({ name: "Mads Medlem", site });
  const id = await createOrganisation(owner.id, [admin.id, member.id]);
  await makeOrganisationAdmin(admin.id);
  return { id, owner, admin, member };
}

/** The token of the newest invitation link mailed to `email`. */
async function inviteLink(email: string): Promise<string> {
  const mails = await mailsTo(email);
  for (const mail of mails.reverse()) {
    for (const link of mail.links) {
      const url = new URL(link);
      if (url.pathname === "/invitation" && url.searchParams.get("token")) return url.searchParams.get("token")!;
    }
  }
  throw new Error(`no invitation link in the mails to ${email}`);
}

/** A new access token for a user at the (possibly faked) current time. */
function freshToken(user: { id: number; email: string; name: string; token_version: number }) {
  return signAccessToken({
    id: user.id,
    email: user.email,
    name: user.name,
    isVerified: true,
    organizationId: null,
    tokenVersion: user.token_version,
  });
}

async function inviteRows(email: string) {
  const db = await getDb();
  return db.selectFrom("organisation_invites").selectAll().where("email", "=", email).orderBy("id").execute();
}

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /users/invite", () => {
  it("invites an e-mail (lower-cased), lists it, and mails a link whose token is stored only as a hash", async () => {
    const { owner } = await team();
    const email = uniqueEmail("ny");
    const res = await post(owner.token, { email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      message: `Invitationen er sendt til ${email}.`,
      action: "invite",
      invite: { email, invitedBy: "Olga Ejer", invitedAt: expect.any(String), expiresAt: expect.any(String) },
    });
    const days = (Date.parse(res.json.invite.expiresAt) - Date.parse(res.json.invite.invitedAt)) / 86_400_000;
    expect(days).toBe(14);
    expect((await pending(owner.token)).json).toEqual([res.json.invite]);

    const token = await inviteLink(email);
    const [row] = await inviteRows(email);
    expect(row).toMatchObject({ state: "pending", token_hash: hashLinkToken(token), invited_by: owner.id });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("mails in the inviting site's language, naming inviter and organisation, with the link and the expiry date", async () => {
    const { owner } = await team();
    const email = uniqueEmail("da");
    await post(owner.token, { email });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Invitation til Vejfirma ApS på Skilteplanen");
    expect(mail!.text).toContain("Olga Ejer har inviteret dig til at blive medlem af organisationen Vejfirma ApS");
    const expires = new Date(Date.now() + 14 * 86_400_000);
    const date = new Intl.DateTimeFormat("da", { dateStyle: "long", timeZone: "Europe/Copenhagen" }).format(expires);
    expect(mail!.text).toContain(`Invitationen udløber efter 14 dage, den ${date}.`);
    expect(mail!.links.some((l) => l.startsWith("http://skilteplanen.localhost:") && l.includes("/invitation?token="))).toBe(true);

    const se = await team("ta-planen");
    const svEmail = uniqueEmail("sv");
    const res = await post(se.owner.token, { email: svEmail }, "ta-planen");
    expect(res.json.message).toBe(`Inbjudan har skickats till ${svEmail}.`);
    const [svMail] = await mailsTo(svEmail);
    expect(svMail!.subject).toBe("Inbjudan till Vejfirma ApS på TA-planen");
    expect(svMail!.text).toContain("Olga Ejer har bjudit in dig att bli medlem i organisationen Vejfirma ApS på TA-planen");
    const svDate = new Intl.DateTimeFormat("sv", { dateStyle: "long", timeZone: "Europe/Copenhagen" }).format(expires);
    expect(svMail!.text).toContain(`Inbjudan går ut efter 14 dagar, den ${svDate}.`);
    expect(svMail!.links.some((l) => l.startsWith("http://ta-planen.localhost:") && l.includes("/invitation?token="))).toBe(true);
  });

  it("resends to an address with a pending invitation: a new link, the old one ends, the 14 days restart", async () => {
    const { owner, member } = await team();
    const email = uniqueEmail("igen");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T10:00:00Z"));
    const first = await post(await freshToken(owner), { email });
    const oldToken = await inviteLink(email);
    vi.setSystemTime(new Date("2030-01-05T10:00:00Z"));
    // A member may resend (the table: whoever may invite may resend).
    const again = await post(await freshToken(member), { email });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      action: "resendInvite",
      message: `Invitationen er sendt igen til ${email}. Det tidligere link virker ikke længere.`,
      invite: { email, invitedBy: "Mads Medlem", expiresAt: "2030-01-19T10:00:00.000Z" },
    });
    expect(first.json.invite.expiresAt).toBe("2030-01-15T10:00:00.000Z");
    // The old link ends at once, before the new mail is sent.
    expect((await preview(oldToken)).status).toBe(404);
    const newToken = await inviteLink(email);
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).json).toEqual({
      message: "Invitationslinket er ugyldigt eller er erstattet af et nyere. Bed om en ny invitation.",
    });
    expect((await preview(newToken)).json).toMatchObject({ state: "pending", expiresAt: "2030-01-19T10:00:00.000Z" });
    expect(await inviteRows(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("keeps one pending invitation per organisation and e-mail, also for two invitations at once", async () => {
    const { owner, admin } = await team();
    const email = uniqueEmail("dobbelt");
    const results = await Promise.all([post(owner.token, { email }), post(admin.token, { email })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    expect((await inviteRows(email)).filter((r) => r.state === "pending")).toHaveLength(1);
    // The database holds it too: a second pending row is refused.
    const db = await getDb();
    const [row] = await inviteRows(email);
    await expect(
      db
        .insertInto("organisation_invites")
        .values({
          organisation_id: row!.organisation_id,
          email,
          state: "pending",
          created_at: row!.created_at,
          expires_at: row!.expires_at,
        })
        .execute(),
    ).rejects.toThrow();
    // Another organisation may invite the same address.
    const other = await team();
    expect((await post(other.owner.token, { email })).status).toBe(201);
  });

  it("refuses a member of the organisation (409) and a bad e-mail (400), in Danish and Swedish, writing nothing", async () => {
    const { owner, member } = await team();
    expect(await post(owner.token, { email: member.email })).toEqual({
      status: 409,
      json: { message: `${member.email} er allerede medlem af organisationen.` },
    });
    expect(await post(owner.token, { email: owner.email })).toMatchObject({ status: 409 });
    expect(await post(owner.token, { email: member.email }, "ta-planen")).toEqual({
      status: 409,
      json: { message: `${member.email} är redan medlem i organisationen.` },
    });
    for (const body of [{}, { email: "ikke-en-mail" }, { email: 5 }, { email: `${"a".repeat(250)}@x.dk` }]) {
      const da = await post(owner.token, body);
      expect(da).toEqual({ status: 400, json: { message: "E-mailadressen er ikke gyldig.", field: "email" } });
      const sv = await post(owner.token, body, "ta-planen");
      expect(sv).toEqual({ status: 400, json: { message: "E-postadressen är inte giltig.", field: "email" } });
    }
    expect(await inviteRows(member.email)).toEqual([]);
  });

  it("needs a confirmed user in an organisation", async () => {
    const loner = await createUser();
    expect(await post(loner.token, { email: uniqueEmail() })).toEqual({
      status: 404,
      json: { message: "Du er ikke tilknyttet en organisation", code: "NO_ORGANISATION" },
    });
    expect((await post(null, { email: uniqueEmail() })).status).toBe(401);
  });

  it("tells a logged-in invitee at once over the socket", async () => {
    const { owner } = await team();
    const invitee = await createUser({ name: "Ida Inviteret" });
    const server: Server = createServer();
    attachRealtime(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client: Socket = connect(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
      auth: { token: invitee.token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.on("connect", resolve);
        client.on("connect_error", reject);
      });
      const received = new Promise((resolve) => client.on(WS_EVENTS.organizationInvite, resolve));
      await post(owner.token, { email: invitee.email });
      expect(await received).toEqual({
        email: invitee.email,
        organization: { id: expect.any(Number), name: "Vejfirma ApS", cvr_number: "12345678" },
        invitedBy: "Olga Ejer",
        expiresAt: expect.any(String),
      });
    } finally {
      client.disconnect();
      setRealtimeServer(undefined);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("GET /users/checkPendingInvite", () => {
  it("answers the caller's own pending invitation, with or without an organisation, else null", async () => {
    const { id, owner } = await team();
    const invitee = await createUser();
    expect(await check(invitee.token)).toEqual({ status: 200, json: { invite: null } });
    await post(owner.token, { email: invitee.email });
    expect(await check(invitee.token)).toEqual({
      status: 200,
      json: {
        invite: {
          email: invitee.email,
          organization: { id, name: "Vejfirma ApS", cvr_number: "12345678" },
          invitedBy: "Olga Ejer",
          expiresAt: expect.any(String),
        },
      },
    });
    // Someone already in an organisation sees an invitation to another one too.
    const other = await team();
    await post(other.owner.token, { email: owner.email });
    expect((await check(owner.token)).json.invite.organization.id).toBe(other.id);
    // Nobody else sees it.
    expect((await check(other.member.token)).json).toEqual({ invite: null });
    expect((await check(null)).status).toBe(401);
  });
});

describe("POST /users/acceptInvite and /users/declineInvite", () => {
  it("accepts the link's invitation for the invited e-mail only: the caller becomes a member", async () => {
    const { id, owner } = await team();
    const invitee = await createUser();
    const stranger = await createUser();
    await post(owner.token, { email: invitee.email });
    const token = await inviteLink(invitee.email);

    const wrong = await accept(stranger.token, { token });
    expect(wrong).toEqual({
      status: 403,
      json: {
        message: `Invitationen er sendt til en anden e-mail end din (${stranger.email}). Log ind med den e-mail, invitationen blev sendt til.`,
      },
    });
    expect((await accept(stranger.token, { token }, "ta-planen")).json.message).toBe(
      `Inbjudan har skickats till en annan e-postadress än din (${stranger.email}). Logga in med den e-postadress som inbjudan skickades till.`,
    );
    expect((await decline(stranger.token, { token })).status).toBe(403);
    expect((await mine(stranger.token)).status).toBe(404);

    const ok = await accept(invitee.token, { token });
    expect(ok).toEqual({ status: 200, json: { hasInviteBeenAccepted: true, message: "Du er nu medlem af Vejfirma ApS." } });
    expect((await mine(invitee.token)).json).toMatchObject({ id, role: "member" });
    expect((await check(invitee.token)).json).toEqual({ invite: null });
    expect((await pending(owner.token)).json).toEqual([]);
    expect((await inviteRows(invitee.email))[0]).toMatchObject({ state: "accepted", answered_at: expect.any(String) });

    // Used: the same link again says so.
    expect(await accept(invitee.token, { token })).toEqual({ status: 409, json: { message: "Invitationen er allerede accepteret." } });
    expect(await accept(invitee.token, { token }, "ta-planen")).toEqual({
      status: 409,
      json: { message: "Inbjudan har redan accepterats." },
    });
  });

  it("accepts the caller's pending invitation without a token; refuses when there is none", async () => {
    const { id, owner } = await team();
    const invitee = await createUser();
    expect(await accept(invitee.token)).toEqual({ status: 404, json: { message: "Du har ingen ventende invitation." } });
    expect(await accept(invitee.token, {}, "ta-planen")).toEqual({ status: 404, json: { message: "Du har ingen väntande inbjudan." } });
    await post(owner.token, { email: invitee.email });
    expect((await accept(invitee.token)).json.hasInviteBeenAccepted).toBe(true);
    expect((await mine(invitee.token)).json.id).toBe(id);
  });

  it("refuses to accept for someone already in an organisation (409), leaving the invitation pending", async () => {
    const a = await team();
    const b = await team();
    await post(a.owner.token, { email: b.member.email });
    expect(await accept(b.member.token)).toEqual({
      status: 409,
      json: { message: "Du er allerede medlem af en organisation. Forlad den, før du accepterer invitationen." },
    });
    expect((await accept(b.member.token, {}, "ta-planen")).json.message).toBe(
      "Du är redan medlem i en organisation. Lämna den innan du accepterar inbjudan.",
    );
    expect((await mine(b.member.token)).json.id).toBe(b.id);
    expect((await check(b.member.token)).json.invite).not.toBeNull();
  });

  it("declines: hasInviteBeenAccepted false, no membership, and the link cannot accept afterwards", async () => {
    const { owner } = await team();
    const invitee = await createUser();
    await post(owner.token, { email: invitee.email });
    const token = await inviteLink(invitee.email);
    expect(await decline(invitee.token)).toEqual({
      status: 200,
      json: { hasInviteBeenAccepted: false, message: "Invitationen er afvist." },
    });
    expect((await mine(invitee.token)).status).toBe(404);
    expect((await inviteRows(invitee.email))[0]!.state).toBe("declined");
    expect(await accept(invitee.token, { token })).toEqual({ status: 409, json: { message: "Invitationen er allerede afvist." } });
    expect((await accept(invitee.token, { token }, "ta-planen")).json.message).toBe("Inbjudan har redan avböjts.");
    expect((await decline(invitee.token, {}, "ta-planen")).json).toEqual({ message: "Du har ingen väntande inbjudan." });
    expect((await preview(token)).json.state).toBe("declined");
  });

  it("answers 404 for an unknown link and 400 for a malformed body", async () => {
    const user = await createUser();
    expect(await accept(user.token, { token: "x".repeat(43) })).toEqual({
      status: 404,
      json: { message: "Invitationslinket er ugyldigt eller er erstattet af et nyere. Bed om en ny invitation." },
    });
    expect((await accept(user.token, { token: "" })).status).toBe(400);
    expect((await accept(user.token, { token: 5 })).status).toBe(400);
    expect((await decline(user.token, { token: "y".repeat(201) })).status).toBe(400);
  });
});

describe("GET /users/pendingInvites and DELETE /users/revokeInvite", () => {
  it("lists the organisation's pending invitations to every member, newest first, and no other organisation's", async () => {
    const { owner, member } = await team();
    const [a, b] = [uniqueEmail("a"), uniqueEmail("b")];
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-01T08:00:00Z"));
    await post(await freshToken(owner), { email: a });
    vi.setSystemTime(new Date("2031-03-02T08:00:00Z"));
    await post(await freshToken(member), { email: b });
    const list = await pending(await freshToken(member));
    expect(list.json).toEqual([
      { email: b, invitedBy: "Mads Medlem", invitedAt: "2031-03-02T08:00:00.000Z", expiresAt: "2031-03-16T08:00:00.000Z" },
      { email: a, invitedBy: "Olga Ejer", invitedAt: "2031-03-01T08:00:00.000Z", expiresAt: "2031-03-15T08:00:00.000Z" },
    ]);
    const other = await team();
    expect((await pending(await freshToken(other.owner))).json).toEqual([]);
    const loner = await createUser();
    expect((await pending(await freshToken(loner))).status).toBe(404);
  });

  it("revokes (owner and administrators; a member gets 403): the link ends with its own message", async () => {
    const { owner, admin, member } = await team();
    const invitee = await createUser();
    await post(owner.token, { email: invitee.email });
    const token = await inviteLink(invitee.email);
    expect(await revoke(member.token, { email: invitee.email })).toEqual({
      status: 403,
      json: { message: "Din rolle i organisationen giver ikke lov til dette." },
    });
    expect(await revoke(admin.token, { email: invitee.email.toUpperCase() })).toEqual({
      status: 200,
      json: { message: `Invitationen til ${invitee.email} er trukket tilbage.` },
    });
    expect((await pending(owner.token)).json).toEqual([]);
    expect((await check(invitee.token)).json).toEqual({ invite: null });
    expect(await accept(invitee.token, { token })).toEqual({ status: 410, json: { message: "Invitationen er trukket tilbage." } });
    expect((await accept(invitee.token, { token }, "ta-planen")).json.message).toBe("Inbjudan har dragits tillbaka.");
    expect((await preview(token)).json.state).toBe("revoked");
    expect(await revoke(owner.token, { email: invitee.email })).toEqual({
      status: 404,
      json: { message: `Der er ingen ventende invitation til ${invitee.email}.` },
    });
    expect((await revoke(owner.token, { email: invitee.email }, "ta-planen")).json.message).toBe(
      `Det finns ingen väntande inbjudan till ${invitee.email}.`,
    );
    expect((await revoke(owner.token, { email: "nej" })).status).toBe(400);
    // Revoked, it can be invited afresh.
    expect((await post(owner.token, { email: invitee.email })).json.action).toBe("invite");
  });
});

describe("expiry after 14 days", () => {
  it("counts a passed expiry as expired everywhere and marks the invitation so", async () => {
    const { owner } = await team();
    const invitee = await createUser();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2032-06-01T12:00:00Z"));
    await post(await freshToken(owner), { email: invitee.email });
    const token = await inviteLink(invitee.email);

    // One minute before the end it still works.
    vi.setSystemTime(new Date("2032-06-15T11:59:00Z"));
    expect((await check(await freshToken(invitee))).json.invite).not.toBeNull();
    expect((await preview(token)).json.state).toBe("pending");

    vi.setSystemTime(new Date("2032-06-15T12:00:00Z"));
    const ownerToken = await freshToken(owner);
    const inviteeToken = await freshToken(invitee);
    expect((await check(inviteeToken)).json).toEqual({ invite: null });
    expect((await pending(ownerToken)).json).toEqual([]);
    expect((await preview(token)).json).toMatchObject({ state: "expired" });
    expect(await accept(inviteeToken, { token })).toEqual({
      status: 410,
      json: { message: "Invitationen er udløbet. Bed om en ny invitation." },
    });
    expect((await decline(inviteeToken, { token }, "ta-planen")).json).toEqual({ message: "Inbjudan har gått ut. Be om en ny inbjudan." });
    expect(await accept(inviteeToken)).toMatchObject({ status: 404 });
    expect((await inviteRows(invitee.email))[0]).toMatchObject({ state: "expired", answered_at: "2032-06-15T12:00:00.000Z" });
    expect((await mine(inviteeToken)).status).toBe(404);

    // A new invitation is a new one, not a resend of the expired one.
    const again = await post(ownerToken, { email: invitee.email });
    expect(again).toMatchObject({ status: 201, json: { action: "invite" } });
  });
});

describe("GET /users/invitation?token=", () => {
  it("shows the invitation page what it needs, and whether the address has an account", async () => {
    const { owner } = await team();
    const newcomer = uniqueEmail("ny");
    const sister = await createUser({ site: "kloakplanen" });
    await post(owner.token, { email: newcomer });
    await post(owner.token, { email: sister.email });
    expect((await preview(await inviteLink(newcomer))).json).toEqual({
      email: newcomer,
      organization: { name: "Vejfirma ApS", cvr_number: "12345678" },
      invitedBy: "Olga Ejer",
      expiresAt: expect.any(String),
      state: "pending",
      hasAccount: false,
    });
    // An account made on a sister site counts: one user system.
    expect((await preview(await inviteLink(sister.email))).json.hasAccount).toBe(true);
  });

  it("answers 404 for a token it does not know and 400 without one, in either language", async () => {
    expect(await preview("nope-".repeat(8))).toEqual({
      status: 404,
      json: { message: "Invitationslinket er ugyldigt eller er erstattet af et nyere. Bed om en ny invitation." },
    });
    expect((await preview("nope-".repeat(8), "ta-planen")).json.message).toBe(
      "Inbjudningslänken är ogiltig eller har ersatts av en nyare. Be om en ny inbjudan.",
    );
    const none = await as(null, invitation.GET);
    expect(none.status).toBe(400);
  });
});

describe("registering from the invitation's link", () => {
  it("lands the new account in the organisation once its e-mail is confirmed", async () => {
    const { id, owner } = await team();
    const email = uniqueEmail("ny");
    await post(owner.token, { email });
    const inviteToken = await inviteLink(email);
    const reg = await as(null, register.POST, { method: "POST", body: { name: "Nina Ny", email, password: "hemmelig1", inviteToken } });
    expect(reg.status).toBe(201);
    const verifyToken = await tokenFromMail(email, "/encourage-verify-email");
    const verified = await as(null, verify.POST, { method: "POST", body: { token: verifyToken } });
    expect(verified.status).toBe(200);
    const claims = await verifyAccessToken(verified.json.access_token);
    expect(claims).toMatchObject({ claims: { email, organizationId: id } });
    expect((await mine(verified.json.access_token)).json).toMatchObject({ id, role: "member" });
    expect((await inviteRows(email))[0]!.state).toBe("accepted");
  });

  it("does not join anyone without the token, nor with a token of another address's invitation", async () => {
    const { owner } = await team();
    const [invited, other] = [uniqueEmail("inv"), uniqueEmail("anden")];
    await post(owner.token, { email: invited });
    const inviteToken = await inviteLink(invited);
    await as(null, register.POST, { method: "POST", body: { name: "Anden", email: other, password: "hemmelig1", inviteToken } });
    const verified = await as(null, verify.POST, {
      method: "POST",
      body: { token: await tokenFromMail(other, "/encourage-verify-email") },
    });
    expect((await mine(verified.json.access_token)).status).toBe(404);

    await as(null, register.POST, { method: "POST", body: { name: "Inv", email: invited, password: "hemmelig1" } });
    const v2 = await as(null, verify.POST, { method: "POST", body: { token: await tokenFromMail(invited, "/encourage-verify-email") } });
    expect((await mine(v2.json.access_token)).status).toBe(404);
    // The invitation still waits for them to accept it themselves.
    expect((await check(v2.json.access_token)).json.invite).not.toBeNull();
  });
});

import { SignJWT, decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resend } from "@/app/api/auth/resend-verification/route";
import { PUT as updateProfile } from "@/app/api/auth/update-profile/route";
import { POST as verify } from "@/app/api/auth/verify/route";
import { GET as adminStatus } from "@/app/api/users/adminStatus/[id]/route";
import { getJwtSecret } from "@/server/auth/secret";
import { getDb } from "@/server/db";
import { mailSettled } from "@/server/accounts/mail-queue";
import { callRoute } from "../../support/route";
import { mailsTo, tokenFromMail } from "../../support/mail";
import { createUser, uniqueEmail } from "../../support/users";

const post = (handler: typeof login, path: string, body: unknown, site = "skilteplanen", headers: Record<string, string> = {}) =>
  callRoute(handler, { method: "POST", path, site, body, headers });

describe("POST /auth/login and POST /auth/verify", () => {
  it("registers, logs in unconfirmed, verifies by the e-mailed link and gets a confirmed token", async () => {
    const email = uniqueEmail();
    await post(register, "/api/auth/register", { name: "Bo", email, password: "hemmelig1" });

    const first = await post(login, "/api/auth/login", { email, password: "hemmelig1" });
    expect(first.status).toBe(200);
    const unconfirmed = decodeJwt((await first.json()).access_token);
    expect(unconfirmed).toMatchObject({ email, name: "Bo", isVerified: false, organizationId: null });
    expect(typeof unconfirmed.id).toBe("number");
    expect(unconfirmed.exp! - unconfirmed.iat!).toBe(7 * 24 * 3600);

    const token = await tokenFromMail(email, "/encourage-verify-email");
    const verified = await post(verify, "/api/auth/verify", { token });
    expect(verified.status).toBe(200);
    expect(decodeJwt((await verified.json()).access_token)).toMatchObject({ email, isVerified: true });

    const again = await post(verify, "/api/auth/verify", { token });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("Linket er ugyldigt eller udløbet. Bed om et nyt link.");
  });

  it("starts the trial at the first login only, and says which login was the first", async () => {
    const user = await createUser({ password: "hemmelig1" });
    const db = await getDb();
    const firstAnswer = await post(login, "/api/auth/login", { email: user.email, password: "hemmelig1" });
    expect((await firstAnswer.json()).firstLogin).toBe(true);
    const first = (await db.selectFrom("users").select("first_login_at").where("id", "=", user.id).executeTakeFirstOrThrow())
      .first_login_at;
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    const secondAnswer = await post(login, "/api/auth/login", { email: user.email, password: "hemmelig1" });
    expect((await secondAnswer.json()).firstLogin).toBe(false);
    expect((await db.selectFrom("users").select("first_login_at").where("id", "=", user.id).executeTakeFirstOrThrow()).first_login_at).toBe(
      first,
    );
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const user = await createUser({ password: "hemmelig1" });
    const wrong = await post(login, "/api/auth/login", { email: user.email, password: "forkert1" }, "kloakplanen");
    const unknown = await post(login, "/api/auth/login", { email: uniqueEmail(), password: "forkert1" }, "kloakplanen");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("locks the address that failed 10 logins for an e-mail out of it, but not the owner logging in from elsewhere", async () => {
    const user = await createUser({ password: "hemmelig1" });
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < 10; i++) {
      const res = await post(login, "/api/auth/login", { email: user.email, password: `forkert${i}` }, "skilteplanen", from("203.0.113.1"));
      expect(res.status).toBe(401);
    }
    // Address A is locked for this e-mail, even with the right password, with the limit's message.
    const locked = await post(login, "/api/auth/login", { email: user.email, password: "hemmelig1" }, "skilteplanen", from("203.0.113.1"));
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/^For mange forsøg\. Prøv igen om \d+ minutter\.$/);
    // Address B: a wrong password is still only wrong, and the right one logs in.
    const wrong = await post(login, "/api/auth/login", { email: user.email, password: "forkert" }, "skilteplanen", from("198.51.100.2"));
    expect(wrong.status).toBe(401);
    const owner = await post(login, "/api/auth/login", { email: user.email, password: "hemmelig1" }, "skilteplanen", from("198.51.100.2"));
    expect(owner.status).toBe(200);
    // Address A may still try other e-mails (its own broader limit is 50 failures).
    const other = await post(login, "/api/auth/login", { email: uniqueEmail(), password: "x" }, "skilteplanen", from("203.0.113.1"));
    expect(other.status).toBe(401);
    // The owner's password change is limited per user, not by the e-mail's failed logins.
    const change = await callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      site: "skilteplanen",
      body: { currentPassword: "hemmelig1", newPassword: "hemmelig2" },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(change.status).toBe(200);
  });

  it("never locks an e-mail whose failures come from many addresses; the owner still logs in", async () => {
    const user = await createUser({ password: "hemmelig1" });
    for (let i = 0; i < 25; i++) {
      const res = await post(login, "/api/auth/login", { email: user.email, password: `forkert${i}` }, "skilteplanen", {
        "x-forwarded-for": `192.0.2.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const owner = await post(login, "/api/auth/login", { email: user.email, password: "hemmelig1" }, "skilteplanen", {
      "x-forwarded-for": "192.0.2.200",
    });
    expect(owner.status).toBe(200);
  });

  it("counts only failures: logging in successfully many times from one address never reaches the limit", async () => {
    const user = await createUser({ password: "hemmelig1" });
    for (let i = 0; i < 12; i++) {
      const res = await post(login, "/api/auth/login", { email: user.email, password: "hemmelig1" }, "skilteplanen", {
        "x-forwarded-for": "203.0.113.50",
      });
      expect(res.status).toBe(200);
    }
  });

  it("limits one address to 50 failed logins across e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const res = await post(login, "/api/auth/login", { email: uniqueEmail(), password: "x" }, "skilteplanen", {
        "x-forwarded-for": "203.0.113.77",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  it("resends a verification link only to unconfirmed accounts, answering the same for all", async () => {
    const unconfirmed = await createUser({ verified: false });
    const confirmed = await createUser();
    const a = await post(resend, "/api/auth/resend-verification", { email: unconfirmed.email });
    const b = await post(resend, "/api/auth/resend-verification", { email: confirmed.email });
    const c = await post(resend, "/api/auth/resend-verification", { email: uniqueEmail() });
    expect(a.status).toBe(200);
    const [ja, jb, jc] = [await a.json(), await b.json(), await c.json()];
    expect(ja).toEqual(jb);
    expect(jb).toEqual(jc);
    expect(await mailsTo(unconfirmed.email)).toHaveLength(1);
    expect(await mailsTo(confirmed.email)).toHaveLength(0);
  });

  it("only the newest verification link works", async () => {
    const user = await createUser({ verified: false });
    await post(resend, "/api/auth/resend-verification", { email: user.email });
    const old = await tokenFromMail(user.email, "/encourage-verify-email");
    await post(resend, "/api/auth/resend-verification", { email: user.email });
    await mailSettled(); // the new link is issued after the answer
    expect((await post(verify, "/api/auth/verify", { token: old })).status).toBe(400);
    expect((await post(verify, "/api/auth/verify", { token: await tokenFromMail(user.email, "/encourage-verify-email") })).status).toBe(
      200,
    );
  });
});

describe("tokens", () => {
  const status = (token: string | null, id: number) =>
    callRoute(adminStatus, {
      path: `/api/users/adminStatus/${id}`,
      site: "skilteplanen",
      params: { id: String(id) },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("a valid token reads its own admin status; another user's id is not found", async () => {
    const user = await createUser();
    const res = await status(user.token, user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isAdmin: false });
    expect((await status(user.token, user.id + 1000)).status).toBe(404);
  });

  it("no token, a tampered token, a foreign key and an expired token are all 401", async () => {
    const user = await createUser();
    expect((await status(null, user.id)).status).toBe(401);

    const [header, payload, signature] = user.token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, name: "Mallory" })).toString("base64url")}.${signature}`;
    expect((await status(tampered, user.id)).status).toBe(401);

    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(48)));
    expect((await status(foreign, user.id)).status).toBe(401);

    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
    expect((await status(none, user.id)).status).toBe(401);

    const expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(getJwtSecret());
    const res = await status(expired, user.id);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Din session er udløbet. Log ind igen.");
  });

  it("admin status comes from the database, not from the token", async () => {
    const db = await getDb();
    const admin = await createUser();
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", admin.id).execute();
    expect(await (await status(admin.token, admin.id)).json()).toEqual({ isAdmin: true });
  });
});

describe("PUT /auth/update-profile", () => {
  const put = (token: string, body: unknown) =>
    callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      site: "skilteplanen",
      body,
      headers: { authorization: `Bearer ${token}` },
    });

  it("changes the name and answers a token with the new name", async () => {
    const user = await createUser({ name: "Før" });
    const res = await put(user.token, { name: "  Efter  " });
    expect(res.status).toBe(200);
    expect(decodeJwt((await res.json()).access_token)).toMatchObject({ name: "Efter" });
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const user = await createUser({ password: "gammel12" });
    const missing = await put(user.token, { newPassword: "nyt-kodeord" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Udfyld alle felter for at skifte adgangskode.");

    const wrong = await put(user.token, { currentPassword: "forkert", newPassword: "nyt-kodeord" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Den nuværende adgangskode er forkert.");

    const ok = await put(user.token, { currentPassword: "gammel12", newPassword: "nyt-kodeord" });
    expect(ok.status).toBe(200);
    const fresh = (await ok.json()).access_token;
    expect((await put(user.token, { name: "x" })).status).toBe(401); // the old token is dead
    expect((await put(fresh, { name: "y" })).status).toBe(200);

    expect((await post(login, "/api/auth/login", { email: user.email, password: "gammel12" })).status).toBe(401);
    expect((await post(login, "/api/auth/login", { email: user.email, password: "nyt-kodeord" })).status).toBe(200);
  });
});

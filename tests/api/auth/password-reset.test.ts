import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as request } from "@/app/api/auth/request-password-reset/route";
import { POST as reset } from "@/app/api/auth/reset-password/route";
import { POST as check } from "@/app/api/auth/verify-reset-token/route";
import { GET as adminStatus } from "@/app/api/users/adminStatus/[id]/route";
import { getDb } from "@/server/db";
import { mailSettled } from "@/server/accounts/mail-queue";
import { callRoute } from "../../support/route";
import { mailsTo, tokenFromMail, withHeldMail } from "../../support/mail";
import { createUser, uniqueEmail } from "../../support/users";

const post = (handler: typeof login, path: string, body: unknown, site = "kloakplanen") =>
  callRoute(handler, { method: "POST", path, site, body });

describe("password reset", () => {
  it("answers the same whether or not the e-mail has an account, and mails only a real one", async () => {
    const user = await createUser();
    const known = await post(request, "/api/auth/request-password-reset", { email: user.email });
    const unknownEmail = uniqueEmail();
    const unknown = await post(request, "/api/auth/request-password-reset", { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect([...known.headers]).toEqual([...unknown.headers]);
    expect(await known.text()).toBe(await unknown.text());
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain("24");
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
  });

  it("answers before the account is looked up and the mail sent", async () => {
    const user = await createUser();
    await withHeldMail(async ({ sent, release }) => {
      const res = await post(request, "/api/auth/request-password-reset", { email: user.email });
      expect(res.status).toBe(200);
      expect(sent).toEqual([]);
      release();
      await mailSettled();
      expect(sent.map((m) => m.to)).toEqual([user.email]);
    });
  });

  it("resets with a single-use link, confirms the e-mail and ends older sessions", async () => {
    const user = await createUser({ password: "gammel12", verified: false });
    await post(request, "/api/auth/request-password-reset", { email: user.email });
    const token = await tokenFromMail(user.email, "/reset-password");

    expect(await (await post(check, "/api/auth/verify-reset-token", { token })).json()).toEqual({ valid: true });
    expect(await (await post(check, "/api/auth/verify-reset-token", { token })).json()).toEqual({ valid: true }); // asking uses nothing up

    const done = await post(reset, "/api/auth/reset-password", { token, password: "nyt-kodeord" });
    expect(done.status).toBe(200);
    expect((await done.json()).message).toBe("Din adgangskode er ændret. Du kan nu logge ind.");

    const reused = await post(reset, "/api/auth/reset-password", { token, password: "tredje-kode" });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toBe("Linket er ugyldigt eller udløbet. Bed om et nyt link.");
    expect((await post(check, "/api/auth/verify-reset-token", { token })).status).toBe(400);

    expect((await post(login, "/api/auth/login", { email: user.email, password: "gammel12" })).status).toBe(401);
    expect((await post(login, "/api/auth/login", { email: user.email, password: "nyt-kodeord" })).status).toBe(200);
    const old = await callRoute(adminStatus, {
      path: "/",
      params: { id: String(user.id) },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(old.status).toBe(401);
    const db = await getDb();
    expect((await db.selectFrom("users").select("is_verified").where("id", "=", user.id).executeTakeFirstOrThrow()).is_verified).toBe(1);
  });

  it("refuses a link older than 24 hours", async () => {
    const user = await createUser({ password: "gammel12" });
    await post(request, "/api/auth/request-password-reset", { email: user.email });
    const token = await tokenFromMail(user.email, "/reset-password");
    const db = await getDb();
    const row = await db
      .selectFrom("email_tokens")
      .select(["expires_at", "created_at"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(24 * 3600_000);
    await db
      .updateTable("email_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();

    expect((await post(check, "/api/auth/verify-reset-token", { token })).status).toBe(400);
    expect((await post(reset, "/api/auth/reset-password", { token, password: "nyt-kodeord" })).status).toBe(400);
    expect((await post(login, "/api/auth/login", { email: user.email, password: "gammel12" })).status).toBe(200);
  });

  it("one link cannot be used twice even by two requests at the same moment", async () => {
    const user = await createUser();
    await post(request, "/api/auth/request-password-reset", { email: user.email });
    const token = await tokenFromMail(user.email, "/reset-password");
    const results = await Promise.all([
      post(reset, "/api/auth/reset-password", { token, password: "forste-kode" }),
      post(reset, "/api/auth/reset-password", { token, password: "anden-kode" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("refuses a short new password and a made-up token in the user's language", async () => {
    const short = await post(reset, "/api/auth/reset-password", { token: "x".repeat(43), password: "123" }, "ta-planen");
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Lösenordet måste vara minst 6 tecken");
    const made = await post(reset, "/api/auth/reset-password", { token: "x".repeat(43), password: "langt-nok" }, "ta-planen");
    expect(made.status).toBe(400);
    expect((await made.json()).message).toBe("Länken är ogiltig eller har gått ut. Be om en ny länk.");
  });

  it("limits reset mails per e-mail", async () => {
    const user = await createUser();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(request, "/api/auth/request-password-reset", { email: user.email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailsTo(user.email)).toHaveLength(5);
  });
});

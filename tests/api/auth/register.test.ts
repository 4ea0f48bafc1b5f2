import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { getDb } from "@/server/db";
import { mailSettled } from "@/server/accounts/mail-queue";
import { callRoute } from "../../support/route";
import { mailsTo, withHeldMail } from "../../support/mail";
import { uniqueEmail } from "../../support/users";

const body = (email: string, extra: Record<string, unknown> = {}) => ({ name: "Anna Andersen", email, password: "hemmelig1", ...extra });

describe("POST /auth/register", () => {
  it("creates an unconfirmed account and e-mails a verification link in the site's language", async () => {
    const email = uniqueEmail();
    const res = await callRoute(register, {
      method: "POST",
      path: "/api/auth/register",
      site: "ta-planen",
      body: body(email.toUpperCase()),
    });
    expect(res.status).toBe(201);
    expect((await res.json()).message).toMatch(/konto är skapat/);

    const db = await getDb();
    const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: "Anna Andersen", is_verified: 0, registered_site: "ta-planen" });
    expect(user.password_hash).not.toContain("hemmelig1");

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain("TA-planen");
    expect(mail!.links.some((l) => l.startsWith("http://ta-planen.localhost:3000/encourage-verify-email?token="))).toBe(true);
  });

  it.each([
    [{ password: "12345" }, "Adgangskoden skal være mindst 6 tegn", "password"],
    [{ email: "not-an-email" }, "E-mailadressen er ikke gyldig.", "email"],
    [{ name: "   " }, "Skriv dit navn.", "name"],
  ])("refuses %o with a clear message and creates nothing", async (override, message, field) => {
    const email = uniqueEmail();
    const res = await callRoute(register, {
      method: "POST",
      path: "/api/auth/register",
      site: "skilteplanen",
      body: body(email, override),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, field });
    const db = await getDb();
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("answers a body that is not JSON with a 400", async () => {
    const res = await callRoute(register, { method: "POST", path: "/api/auth/register", site: "skilteplanen", body: "{nope" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Forespørgslen er ikke gyldig JSON.");
  });

  it("answers a taken e-mail exactly as a new one and tells the owner by e-mail instead, creating nothing", async () => {
    const email = uniqueEmail();
    const first = await callRoute(register, { method: "POST", path: "/api/auth/register", site: "skilteplanen", body: body(email) });
    const again = await callRoute(register, {
      method: "POST",
      path: "/api/auth/register",
      site: "skilteplanen",
      body: body(email.toUpperCase(), { name: "Other", password: "andet-kodeord" }),
    });
    expect(again.status).toBe(first.status);
    expect([...again.headers]).toEqual([...first.headers]);
    expect(await again.text()).toBe(await first.text());

    const db = await getDb();
    const rows = await db.selectFrom("users").select(["name"]).where("email", "=", email).execute();
    expect(rows).toEqual([{ name: "Anna Andersen" }]);

    // The two mails are sent in the background, in either order.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const notice = mails.find((m) => m.subject.startsWith("Du har allerede"));
    expect(mails.find((m) => m !== notice)!.links[0]).toMatch(/\/encourage-verify-email\?token=/);
    expect(notice!.subject).toBe("Du har allerede en bruger hos Skilteplanen");
    expect(notice!.text).toContain("Du har allerede en bruger hos Skilteplanen. Log ind med din e-mail og adgangskode.");
    expect(notice!.text).toContain("Glemt adgangskode?");
    expect(notice!.links).toEqual(["http://skilteplanen.localhost:3000/login"]);
  });

  it("mails the sister-site notice, in the site's language, with a link to this site's login that shows it", async () => {
    const email = uniqueEmail();
    await callRoute(register, { method: "POST", path: "/api/auth/register", site: "skilteplanen", body: body(email) });
    const sister = await callRoute(register, {
      method: "POST",
      path: "/api/auth/register",
      site: "ta-planen",
      body: body(email, { name: "Other" }),
    });
    expect(sister.status).toBe(201);
    expect((await sister.json()).message).toMatch(/konto är skapat/);

    const notice = (await mailsTo(email)).find((m) => m.subject.startsWith("Du har redan"))!;
    expect(notice.subject).toBe("Du har redan ett konto hos TA-planen");
    expect(notice.text).toContain(
      `Det finns redan ett konto med e-postadressen ${email} på Skilteplanen. Du kan logga in på TA-planen med samma e-postadress och lösenord, så du behöver inte skapa ett nytt konto.`,
    );
    const link = new URL(notice.links[0]!);
    expect(link.origin + link.pathname).toBe("http://ta-planen.localhost:3000/login");
    expect(Object.fromEntries(link.searchParams)).toEqual({ sisterSite: "skilteplanen", email });

    const db = await getDb();
    const rows = await db.selectFrom("users").select(["name", "registered_site"]).where("email", "=", email).execute();
    expect(rows).toEqual([{ name: "Anna Andersen", registered_site: "skilteplanen" }]);
  });

  it("answers before the verification mail is sent", async () => {
    await withHeldMail(async ({ sent, release }) => {
      const email = uniqueEmail();
      const res = await callRoute(register, { method: "POST", path: "/api/auth/register", site: "skilteplanen", body: body(email) });
      expect(res.status).toBe(201);
      expect(sent).toEqual([]);
      release();
      await mailSettled();
      expect(sent.map((m) => m.to)).toEqual([email]);
    });
  });

  it("limits registrations per address with a 429 in the user's language", async () => {
    const ip = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await callRoute(register, {
        method: "POST",
        path: "/api/auth/register",
        site: "ta-planen",
        body: body(uniqueEmail()),
        headers: { "x-forwarded-for": ip },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect((await res.json()).message).toMatch(/^För många försök\. Försök igen om \d+ minuter\.$/);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

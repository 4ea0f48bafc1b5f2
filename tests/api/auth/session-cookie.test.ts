/**
 * The session cookie of issue 34 (src/server/auth/page-session.ts): set beside the bearer token where a
 * browser gets one, read only to render pages, never a credential of an API route, and ended like the
 * token (logout, password change, reset, staff's "end sessions", account deletion).
 */
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as requestReset } from "@/app/api/auth/request-password-reset/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as session } from "@/app/api/auth/session/route";
import { PUT as updateProfile } from "@/app/api/auth/update-profile/route";
import * as projects from "@/app/api/project/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import { DELETE as deleteAccount } from "@/app/api/users/account/route";
import { endSessions } from "@/server/admin/actions";
import { mailSettled } from "@/server/accounts/mail-queue";
import { userFromPageSession } from "@/server/auth/page-session";
import { getDb } from "@/server/db";
import { readPagePlan, readViewPagePlan } from "@/server/signplans/page-plan";
import * as share from "@/app/api/signplan/[id]/share/route";
import { callRoute } from "../../support/route";
import { as } from "../../support/api";
import { tokenFromMail } from "../../support/mail";
import { createUser } from "../../support/users";

const PASSWORD = "hemmelig1";

/** The cookie's value and attributes from an answer's Set-Cookie header. */
function sessionCookie(res: Response): { value: string; attributes: string[] } {
  const header = res.headers.get("set-cookie");
  expect(header).toBeTruthy();
  const [pair, ...attributes] = header!.split(";").map((part) => part.trim());
  const [name, value] = pair!.split("=");
  expect(name).toBe("session");
  return { value: value!, attributes };
}

async function loggedIn(options: { password?: string } = {}) {
  const user = await createUser({ password: options.password ?? PASSWORD });
  const res = await callRoute(login, {
    method: "POST",
    path: "/api/auth/login",
    body: { email: user.email, password: options.password ?? PASSWORD },
  });
  expect(res.status).toBe(200);
  const { access_token: token } = (await res.json()) as { access_token: string };
  return { user, token, cookie: sessionCookie(res).value };
}

async function newPlan(token: string) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const created = await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
  expect(created.status).toBe(201);
  return created.json as { id: number; version: number; project_id: number };
}

/** A request from another site's page carrying only the cookie, as a browser would send it (were it not Lax). */
function crossSite(cookie: string, extra: Record<string, string> = {}) {
  return { cookie: `session=${cookie}`, origin: "https://evil.example", "sec-fetch-site": "cross-site", ...extra };
}

describe("the session cookie", () => {
  it("comes with a login: HttpOnly, SameSite=Lax, Secure on a localhost site, seven days, and names its user", async () => {
    const { user, cookie } = await loggedIn();
    const res = await callRoute(login, { method: "POST", path: "/api/auth/login", body: { email: user.email, password: PASSWORD } });
    const { value, attributes } = sessionCookie(res);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).not.toBe(cookie);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure", `Max-Age=${7 * 24 * 3600}`]));
    expect((await userFromPageSession(value))?.id).toBe(user.id);
    // Only its hash is stored.
    const db = await getDb();
    const rows = await db.selectFrom("page_sessions").select("id_hash").where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.id_hash)).not.toContain(value);
  });

  it("is not Secure over plain HTTP on a host that is not localhost (the browser would drop it)", async () => {
    const user = await createUser({ password: PASSWORD });
    const req = new Request("http://plans.intranet.example/api/auth/login", {
      method: "POST",
      headers: { host: "plans.intranet.example", "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const plain = await login(req, { params: Promise.resolve({}) });
    expect(sessionCookie(plain).attributes).not.toContain("Secure");
    const https = await login(
      new Request("http://plans.intranet.example/api/auth/login", {
        method: "POST",
        headers: { host: "plans.intranet.example", "x-forwarded-proto": "https", "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(sessionCookie(https).attributes).toContain("Secure");
  });

  it("is no credential for any change: a cross-site POST, PUT and DELETE with only the cookie get 401 and change nothing", async () => {
    const { user, token, cookie } = await loggedIn();
    const plan = await newPlan(token);
    const db = await getDb();
    const projectsBefore = await db.selectFrom("projects").select("id").where("owner_id", "=", user.id).execute();

    const post = await callRoute(projects.POST, {
      method: "POST",
      path: "/api/project",
      body: { name: "Fremmed" },
      headers: crossSite(cookie),
    });
    const put = await callRoute(one.PUT, {
      method: "PUT",
      path: `/api/signplan/${plan.id}`,
      params: { id: String(plan.id) },
      body: { version: plan.version, name: "Overtaget" },
      headers: crossSite(cookie),
    });
    const del = await callRoute(one.DELETE, {
      method: "DELETE",
      path: `/api/signplan/${plan.id}`,
      params: { id: String(plan.id) },
      headers: crossSite(cookie),
    });
    // The same from the site itself: the cookie is still no credential of an API route.
    const sameSite = await callRoute(one.DELETE, {
      method: "DELETE",
      path: `/api/signplan/${plan.id}`,
      params: { id: String(plan.id) },
      headers: { cookie: `session=${cookie}` },
    });
    for (const res of [post, put, del, sameSite]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }

    expect(await db.selectFrom("projects").select("id").where("owner_id", "=", user.id).execute()).toEqual(projectsBefore);
    const row = await db
      .selectFrom("signplans")
      .select(["name", "version", "deleted_at"])
      .where("id", "=", plan.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Plan", version: plan.version, deleted_at: null });
    // The cookie itself still works for what it is for: rendering the owner's page.
    expect((await userFromPageSession(cookie))?.id).toBe(user.id);
  });

  it("renders the owner's plan and nobody else's; the page's JSON is the API's answer, validated at its save", async () => {
    const owner = await loggedIn();
    const other = await loggedIn();
    const plan = await newPlan(owner.token);
    const content = { ...(await as(owner.token, one.GET, { params: { id: String(plan.id) } })).json.content };
    content.lines = [
      {
        id: "l1",
        coordinates: [
          [10.38, 55.4],
          [10.39, 55.41],
        ],
        colour: "#ff0000",
        width: 2,
      },
    ];
    const saved = await as(owner.token, one.PUT, {
      method: "PUT",
      params: { id: String(plan.id) },
      body: { version: plan.version, content },
    });
    expect(saved.status).toBe(200);

    const ownerUser = (await userFromPageSession(owner.cookie))!;
    const page = await readPagePlan("skilteplanen", ownerUser, plan.id);
    const api = await callRoute(one.GET, {
      path: `/api/signplan/${plan.id}`,
      params: { id: String(plan.id) },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(page).toMatchObject({ id: plan.id, userId: owner.user.id, validated: true });
    expect(page!.json).toBe(await api.text());

    expect(await readPagePlan("skilteplanen", (await userFromPageSession(other.cookie))!, plan.id)).toBeNull();

    // /view: the plan its link opens, the public route's answer, validated alike; a forged token opens nothing.
    const link = (await as(owner.token, share.POST, { method: "POST", params: { id: String(plan.id) } })).json as { link: string };
    const viewToken = new URL(link.link).searchParams.get("token")!;
    const viewed = await readViewPagePlan("skilteplanen", viewToken);
    expect(viewed).toMatchObject({ id: plan.id, userId: null, validated: true });
    expect(viewed!.json).toBe(page!.json);
    expect(await readViewPagePlan("skilteplanen", `${viewToken}x`)).toBeNull();
    expect(await readViewPagePlan("skilteplanen", "no-such-link")).toBeNull();

    // Content written outside a validating save (here by hand) is not passed on as validated.
    const db = await getDb();
    const stored = await db.selectFrom("signplans").select("content").where("id", "=", plan.id).executeTakeFirstOrThrow();
    await db
      .updateTable("signplans")
      .set({ content: stored.content.replace('"l1"', '"l2"') })
      .where("id", "=", plan.id)
      .execute();
    expect(await readPagePlan("skilteplanen", ownerUser, plan.id)).toMatchObject({ validated: false });

    // An element save (PATCH) validates only its own elements: on content not known valid it stamps no hash,
    // on content known valid (after a whole save) it does.
    const version = (await as(owner.token, one.GET, { params: { id: String(plan.id) } })).json.version as number;
    const added = {
      id: "l3",
      coordinates: [
        [10.38, 55.4],
        [10.4, 55.42],
      ],
      colour: "#00ff00",
      width: 1,
    };
    const patched = await as(owner.token, one.PATCH, {
      method: "PATCH",
      params: { id: String(plan.id) },
      body: { version, operations: [{ op: "add", kind: "line", element: added }] },
    });
    expect(patched.status).toBe(200);
    expect(await readPagePlan("skilteplanen", ownerUser, plan.id)).toMatchObject({ validated: false });
    const whole = (await as(owner.token, one.GET, { params: { id: String(plan.id) } })).json as { version: number; content: unknown };
    expect((await as(owner.token, one.PUT, { method: "PUT", params: { id: String(plan.id) }, body: whole })).status).toBe(200);
    expect(await readPagePlan("skilteplanen", ownerUser, plan.id)).toMatchObject({ validated: true });
    const again = await as(owner.token, one.PATCH, {
      method: "PATCH",
      params: { id: String(plan.id) },
      // (A whole save of unchanged content is stored in place, at the same version.)
      body: {
        version: (await as(owner.token, one.GET, { params: { id: String(plan.id) } })).json.version,
        operations: [{ op: "remove", id: "l3" }],
      },
    });
    expect(again.status).toBe(200);
    expect(await readPagePlan("skilteplanen", ownerUser, plan.id)).toMatchObject({ validated: true });
  });

  it("ends at logout: the answer clears it, and a replay of the old value renders no plan", async () => {
    const { user, token, cookie } = await loggedIn();
    const plan = await newPlan(token);
    expect(await readPagePlan("skilteplanen", (await userFromPageSession(cookie))!, plan.id)).not.toBeNull();

    const res = await callRoute(logout, { method: "POST", path: "/api/auth/logout", headers: { cookie: `session=${cookie}` } });
    expect(res.status).toBe(204);
    const cleared = sessionCookie(res);
    expect(cleared.value).toBe("");
    expect(cleared.attributes).toContain("Max-Age=0");
    expect(await userFromPageSession(cookie)).toBeNull();
    const db = await getDb();
    expect(await db.selectFrom("page_sessions").select("id_hash").where("user_id", "=", user.id).execute()).toEqual([]);
    // The specification's bearer token is not the cookie's to end.
    expect((await as(token, one.GET, { params: { id: String(plan.id) } })).status).toBe(200);
  });

  it("ends at a password change, and the browser that changed it gets a new one", async () => {
    const { token, cookie, user } = await loggedIn();
    const res = await callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      body: { currentPassword: PASSWORD, newPassword: "nyt-kodeord1" },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(await userFromPageSession(cookie)).toBeNull();
    expect((await userFromPageSession(sessionCookie(res).value))?.id).toBe(user.id);

    // A change of the name alone ends nothing and sets nothing.
    const { access_token: newToken } = (await res.json()) as { access_token: string };
    const renamed = await callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      body: { name: "Nyt Navn" },
      headers: { authorization: `Bearer ${newToken}` },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get("set-cookie")).toBeNull();
    expect((await userFromPageSession(sessionCookie(res).value))?.id).toBe(user.id);
  });

  it("ends at a password reset", async () => {
    const { user, cookie } = await loggedIn();
    await callRoute(requestReset, { method: "POST", path: "/api/auth/request-password-reset", body: { email: user.email } });
    await mailSettled();
    const token = await tokenFromMail(user.email, "/reset-password");
    const done = await callRoute(resetPassword, {
      method: "POST",
      path: "/api/auth/reset-password",
      body: { token, password: "nyt-kodeord" },
    });
    expect(done.status).toBe(200);
    expect(await userFromPageSession(cookie)).toBeNull();
  });

  it("ends with staff's 'end sessions' and with the account", async () => {
    const first = await loggedIn();
    const admin = await createUser();
    await endSessions(await getDb(), { adminId: admin.id, site: "skilteplanen", now: new Date() }, first.user.id);
    expect(await userFromPageSession(first.cookie)).toBeNull();

    const second = await loggedIn();
    const res = await callRoute(deleteAccount, {
      method: "DELETE",
      path: "/api/users/account",
      body: { password: PASSWORD },
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(res.status).toBe(200);
    expect(await userFromPageSession(second.cookie)).toBeNull();
    const db = await getDb();
    expect(await db.selectFrom("page_sessions").select("id_hash").where("user_id", "=", second.user.id).execute()).toEqual([]);
  });

  it("POST /auth/session: a bearer token in, a cookie of its user out; no token, no cookie", async () => {
    const user = await createUser();
    const res = await callRoute(session, { method: "POST", path: "/api/auth/session", headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(204);
    expect((await userFromPageSession(sessionCookie(res).value))?.id).toBe(user.id);

    const anonymous = await callRoute(session, { method: "POST", path: "/api/auth/session" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("set-cookie")).toBeNull();
  });

  it("is not given to an unconfirmed account, whose pages are not the protected ones", async () => {
    const user = await createUser({ password: PASSWORD, verified: false });
    const res = await callRoute(login, { method: "POST", path: "/api/auth/login", body: { email: user.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

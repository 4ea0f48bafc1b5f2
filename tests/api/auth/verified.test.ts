/**
 * A confirmed e-mail is the default for every endpoint that needs a user (withUser); an endpoint open
 * to unconfirmed users opts out by name. Every route handler is found by walking src/app/api, so a new
 * endpoint is checked the day it is added.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updateProfile } from "@/app/api/auth/update-profile/route";
import { GET as adminStatus } from "@/app/api/users/adminStatus/[id]/route";
import { callRoute } from "../../support/route";
import { apiRouteHandlers, type RouteHandler } from "../../support/routes";
import { createUser } from "../../support/users";

/** The endpoints that opt out (withUser's `allowUnverified`). */
const OPEN_TO_UNVERIFIED = new Set([
  "PUT /api/auth/update-profile",
  "GET /api/users/adminStatus/[id]",
  // Deleting one's account is no protected feature: an account whose e-mail was never confirmed can go too.
  "DELETE /api/users/account",
]);

let routes: RouteHandler[] = [];
beforeAll(async () => {
  routes = await apiRouteHandlers();
});

const call = (route: RouteHandler, token: string | null) =>
  callRoute(route.handler, {
    method: route.method,
    path: route.pattern,
    site: "skilteplanen",
    params: Object.fromEntries(route.paramNames.map((name) => [name, "1"])),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe("verified by default", () => {
  it("every endpoint that needs a user answers an unconfirmed one 403, except those that opt out by name", async () => {
    const unverified = await createUser({ verified: false });
    const userRoutes: string[] = [];
    for (const route of routes) {
      if ((await call(route, null)).status !== 401) continue; // open to everyone
      userRoutes.push(route.name);
      const res = await call(route, unverified.token);
      if (OPEN_TO_UNVERIFIED.has(route.name)) expect(res.status, route.name).not.toBe(403);
      else {
        expect(res.status, route.name).toBe(403);
        expect((await res.json()).message, route.name).toBe("Bekræft din e-mailadresse for at fortsætte.");
      }
    }
    // The walk found the user endpoints, the two that opt out among them.
    expect(userRoutes.length).toBeGreaterThan(30);
    for (const name of OPEN_TO_UNVERIFIED) expect(userRoutes).toContain(name);
  });

  it("an unconfirmed user still updates their profile and reads their admin status", async () => {
    const user = await createUser({ verified: false });
    const auth = { authorization: `Bearer ${user.token}` };
    const profile = await callRoute(updateProfile, {
      method: "PUT",
      path: "/api/auth/update-profile",
      site: "skilteplanen",
      body: { name: "Nyt Navn" },
      headers: auth,
    });
    expect(profile.status).toBe(200);
    expect((await profile.json()).access_token).toEqual(expect.any(String));
    const status = await callRoute(adminStatus, {
      path: `/api/users/adminStatus/${user.id}`,
      site: "skilteplanen",
      params: { id: String(user.id) },
      headers: auth,
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ isAdmin: false });
  });
});

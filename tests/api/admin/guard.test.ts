/**
 * The admin guard (issue 32) on every route handler under src/app/api/admin, found by walking the
 * folder so that a new admin path is covered without being listed: 401 anonymous, 404 for a signed-in
 * user who is not staff (the answer of an unknown path), and past the guard for staff.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueOf } from "@/lib/signs/catalogue";
import { getDb } from "@/server/db";
import { apiRouteHandlers, type RouteHandler } from "../../support/routes";
import { createOrganisation, createUser } from "../../support/users";
import { callRoute } from "../../support/route";
import { makeStaffAdmin } from "../signs/support";

let adminRoutes: RouteHandler[] = [];
const tokens = { customer: "", organisationOwner: "", staff: "" };
let subjectId = 0;
let changeId = 0;

beforeAll(async () => {
  adminRoutes = (await apiRouteHandlers()).filter((r) => r.pattern.startsWith("/api/admin/"));
  const customer = await createUser();
  const owner = await createUser();
  await createOrganisation(owner.id);
  const staff = await createUser();
  await makeStaffAdmin(staff.id);
  subjectId = (await createUser()).id;
  changeId = await catalogueChange(staff.id);
  Object.assign(tokens, { customer: customer.token, organisationOwner: owner.token, staff: staff.token });
});

/** Real values for each dynamic segment, so that staff reach the handler rather than a missing record. */
function paramsFor(route: RouteHandler): Record<string, string> {
  const values: Record<string, string> = {
    signId: catalogueOf("skilteplanen")[0]!.id,
    id: String(subjectId),
    changeId: String(changeId),
  };
  return Object.fromEntries(route.paramNames.map((name) => [name, values[name] ?? "1"]));
}

/** A sign added to skilteplanen's catalogue and its change in the history, for /admin/signs/changes/{changeId}. */
async function catalogueChange(adminId: number): Promise<number> {
  const db = await getDb();
  const now = new Date().toISOString();
  const sign = await db
    .insertInto("catalogue_signs")
    .values({
      catalogue: "dk",
      code: "G 1",
      name: "Vagt",
      category: "A",
      height_m: null,
      width_m: null,
      storage_key: "guard-test",
      image_key: "0".repeat(32),
      content_type: "image/svg+xml",
      created_by: adminId,
      created_at: now,
      removed_at: null,
      removed_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const change = await db
    .insertInto("catalogue_changes")
    .values({
      catalogue: "dk",
      action: "sign.add",
      sign_id: "G 1",
      catalogue_sign_id: sign.id,
      before_version_id: null,
      after_version_id: null,
      admin_id: adminId,
      created_at: now,
      undone_at: null,
      undone_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return change.id;
}

async function call(route: RouteHandler, token: string | null) {
  const res = await callRoute(route.handler, {
    method: route.method,
    path: route.pattern,
    params: paramsFor(route),
    body: route.method === "GET" || route.method === "DELETE" ? undefined : {},
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  // A download (the invoices' CSV, a PDF) past the guard is no JSON.
  const isJson = res.headers.get("content-type")?.includes("json") ?? false;
  return { status: res.status, json: text && isJson ? JSON.parse(text) : null };
}

describe("every /api/admin route", () => {
  it("is found by the walk (the sign artwork and the admin paths of issue 32)", () => {
    const names = adminRoutes.map((r) => r.name);
    expect(names).toContain("PUT /api/admin/sign-artwork/[signId]");
    expect(names).toContain("DELETE /api/admin/sign-artwork/[signId]");
  });

  it("answers 401 to an anonymous caller", async () => {
    for (const route of adminRoutes) expect([route.name, (await call(route, null)).status]).toEqual([route.name, 401]);
  });

  it("answers 404 'Findes ikke.' to a signed-in customer, organisation owners included", async () => {
    for (const route of adminRoutes) {
      for (const token of [tokens.customer, tokens.organisationOwner]) {
        const res = await call(route, token);
        expect([route.name, res.status, res.json?.message]).toEqual([route.name, 404, "Findes ikke."]);
      }
    }
  });

  it("lets staff past the guard, and asks the database on each request (a removed flag takes effect at once)", async () => {
    // A handler may answer 404 for its own record (no artwork to revert), but never the guard's answer.
    const guardAnswer = (res: { status: number; json: any }) => res.status === 404 && res.json?.message === "Findes ikke.";
    for (const route of adminRoutes) expect([route.name, guardAnswer(await call(route, tokens.staff))]).toEqual([route.name, false]);
    const staff = await createUser();
    await makeStaffAdmin(staff.id);
    const route = adminRoutes.find((r) => r.method === "GET") ?? adminRoutes[0]!;
    expect(guardAnswer(await call(route, staff.token))).toBe(false);
    await (await getDb()).updateTable("users").set({ is_admin: 0 }).where("id", "=", staff.id).execute();
    expect(guardAnswer(await call(route, staff.token))).toBe(true);
  });
});

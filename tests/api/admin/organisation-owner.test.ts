/**
 * POST /admin/organisations/{id}/owner (issue 32): staff make a member the owner when the company asks in
 * writing. The old owner stays an administrator, open transfer links end, the billing account stays the
 * organisation's, and the audit row (before and after owner, the request's reference) is written with
 * the change; a refused change changes nothing and logs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/admin/audit/route";
import * as owner from "@/app/api/admin/organisations/[id]/owner/route";
import * as customer from "@/app/api/admin/customers/[id]/route";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";
import { subscribe } from "../billing/support";

let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  staff = await createUser();
  await makeStaffAdmin(staff.id);
});

const change = (organisationId: number | string, body: unknown, site?: string) =>
  as(staff.token, owner.POST, { method: "POST", params: { id: String(organisationId) }, body, site });
const auditOf = async (organisationId: number) =>
  (await as(staff.token, audit.GET, { query: `?targetType=organisation&targetId=${organisationId}` })).json.entries;
const membersOf = async (organisationId: number) =>
  (await getDb())
    .selectFrom("organisation_members")
    .select(["user_id", "is_admin"])
    .where("organisation_id", "=", organisationId)
    .orderBy("user_id")
    .execute();
const ownerOf = async (organisationId: number) =>
  (await (await getDb()).selectFrom("organisations").select("owner_id").where("id", "=", organisationId).executeTakeFirstOrThrow())
    .owner_id;

async function organisation() {
  const first = await createUser({ name: "Olga Ejer" });
  const member = await createUser({ name: "Mikkel Medlem" });
  const id = await createOrganisation(first.id, [member.id]);
  return { id, first, member };
}

describe("POST /admin/organisations/{id}/owner", () => {
  it("makes a member the owner, keeps the old owner as an administrator, and logs before and after", async () => {
    const { id, first, member } = await organisation();
    const db = await getDb();
    const now = new Date();
    await db
      .insertInto("ownership_transfers")
      .values({
        organisation_id: id,
        from_user_id: first.id,
        to_user_id: member.id,
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    const res = await change(id, { userId: member.id, reason: "Brev af 3. dec., j.nr. 2026-114" });
    expect(res).toEqual({ status: 200, json: { ownerId: member.id } });
    expect(await ownerOf(id)).toBe(member.id);
    expect(await membersOf(id)).toEqual([
      { user_id: first.id, is_admin: 1 },
      { user_id: member.id, is_admin: 1 },
    ]);
    const open = await db.selectFrom("ownership_transfers").select("ended_at").where("organisation_id", "=", id).execute();
    expect(open.every((r) => r.ended_at !== null)).toBe(true);
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: staff.id,
      action: "organisation.changeOwner",
      targetType: "organisation",
      targetId: id,
      before: { ownerId: first.id },
      after: { ownerId: member.id },
      reason: "Brev af 3. dec., j.nr. 2026-114",
    });
    // The customer pages show the new roles.
    expect((await as(staff.token, customer.GET, { params: { id: String(member.id) } })).json.role).toBe("owner");
    expect((await as(staff.token, customer.GET, { params: { id: String(first.id) } })).json.role).toBe("admin");
  });

  it("leaves the billing account with the organisation: the new owner's page shows the same subscription", async () => {
    const { id, first, member } = await organisation();
    await subscribe(first.token);
    const before = (await as(staff.token, customer.GET, { params: { id: String(member.id) } })).json.subscription;
    expect(before).not.toBeNull();
    expect((await change(id, { userId: member.id, reason: "Mail 5/12" })).status).toBe(200);
    const after = (await as(staff.token, customer.GET, { params: { id: String(member.id) } })).json;
    expect(after.subscription).toEqual(before);
    expect(after.blocked).toBe(false);
  });

  it("refuses in the admin's language and changes and logs nothing: unknown organisation, non-member, the owner already", async () => {
    const { id, first } = await organisation();
    const outsider = await createUser();
    expect(await change(987_654_321, { userId: first.id, reason: "x" })).toEqual({
      status: 404,
      json: { message: "Organisationen findes ikke." },
    });
    expect(await change(id, { userId: outsider.id, reason: "x" })).toEqual({
      status: 409,
      json: { message: "Den nye ejer skal være medlem af organisationen." },
    });
    expect((await change(id, { userId: outsider.id, reason: "x" }, "ta-planen")).json.message).toBe(
      "Den nya ägaren måste vara medlem i organisationen.",
    );
    expect(await change(id, { userId: first.id, reason: "x" })).toEqual({
      status: 409,
      json: { message: "Brugeren ejer allerede organisationen." },
    });
    expect(await ownerOf(id)).toBe(first.id);
    expect(await auditOf(id)).toEqual([]);
  });

  it("answers 400 for a missing reference or user, in da and sv, and changes nothing", async () => {
    const { id, first, member } = await organisation();
    for (const reason of [undefined, "", "   ", "x".repeat(201), 7]) {
      const res = await change(id, { userId: member.id, reason });
      expect([reason, res.status, res.json.message]).toEqual([
        reason,
        400,
        "Angiv referencen til virksomhedens skriftlige anmodning (højst 200 tegn).",
      ]);
    }
    expect((await change(id, { userId: member.id }, "ta-planen")).json.message).toBe(
      "Ange referensen till företagets skriftliga begäran (högst 200 tecken).",
    );
    for (const userId of [undefined, 0, "12", 1.5]) {
      const res = await change(id, { userId, reason: "Brev" });
      expect([userId, res.status, res.json.message]).toEqual([userId, 400, "Angiv den bruger, der skal være ejer."]);
    }
    expect((await change("abc", { userId: member.id, reason: "Brev" })).status).toBe(400);
    expect(await ownerOf(id)).toBe(first.id);
    expect(await auditOf(id)).toEqual([]);
  });
});

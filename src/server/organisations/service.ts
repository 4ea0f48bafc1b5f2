import "server-only";
import { mayActOn, roleOf } from "@/lib/organisation-roles";
import type { Membership } from "./membership";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { endLostSignplanAccess } from "../realtime/access";
import type { CreateOrganisationBody, OrganisationDto, OrganisationUserDto, UpdateOrganisationBody } from "@/lib/schemas/organisation";

/*
 * Organisations (issue 30, core §3/§7). Who may call what is decided by the route wrapper
 * (membership.ts, from the table in roles.ts); these functions act, and check only what depends on
 * the target of the action (the owner cannot be removed; the member must be in the caller's organisation).
 */

const nowIso = () => new Date().toISOString();

function toDto(membership: Membership): OrganisationDto {
  const { organisation, role } = membership;
  return { id: organisation.id, name: organisation.name, cvr_number: organisation.cvr_number, ownerId: organisation.owner_id, role };
}

/** GET /users/organization. */
export function organisationOf(membership: Membership): OrganisationDto {
  return toDto(membership);
}

/**
 * POST /users/createOrganization: the creator becomes its owner and a member. A user in an
 * organisation already is refused (409): a user belongs to at most one (the unique user_id of
 * organisation_members holds it against two requests at once, too).
 */
export async function createOrganisation(call: CallContext, user: SessionUser, body: CreateOrganisationBody): Promise<OrganisationDto> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  const alreadyMember = () => new ApiError(409, t("api.organisations.alreadyMember"));
  const existing = await db.selectFrom("organisation_members").select("organisation_id").where("user_id", "=", user.id).executeTakeFirst();
  if (existing) throw alreadyMember();
  const now = nowIso();
  try {
    const organisation = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("organisations")
        .values({ name: body.name, cvr_number: body.cvr_number, owner_id: user.id, created_at: now, updated_at: now })
        .returning(["id", "name", "cvr_number", "owner_id"])
        .executeTakeFirstOrThrow();
      // is_admin 1 for the owner: when ownership is transferred the old owner stays an administrator.
      await trx
        .insertInto("organisation_members")
        .values({ organisation_id: row.id, user_id: user.id, is_admin: 1, joined_at: now })
        .execute();
      return row;
    });
    return toDto({ organisation, role: "owner" });
  } catch (error) {
    // The loser of two simultaneous creations breaks the unique user_id: the same answer as above.
    const raced = await db.selectFrom("organisation_members").select("organisation_id").where("user_id", "=", user.id).executeTakeFirst();
    if (raced) throw alreadyMember();
    throw error;
  }
}

/**
 * PUT /users/updateOrganization: name and company number of the caller's own organisation. Another
 * organisation's id is answered "not found" (ids cannot be probed).
 */
export async function updateOrganisation(
  call: CallContext,
  membership: Membership,
  body: UpdateOrganisationBody,
): Promise<OrganisationDto> {
  if (body.id !== membership.organisation.id) throw new ApiError(404, serverTranslator(call.site)("api.organisations.notFound"));
  const db = await getDb();
  await db
    .updateTable("organisations")
    .set({ name: body.name, cvr_number: body.cvr_number, updated_at: nowIso() })
    .where("id", "=", membership.organisation.id)
    .execute();
  return toDto({ ...membership, organisation: { ...membership.organisation, name: body.name, cvr_number: body.cvr_number } });
}

/**
 * DELETE /users/deleteOrganization (the owner's alone, by the table). What happens to what it holds,
 * chosen so nothing a person owns disappears: every member is released (each keeps their account and
 * their own projects); projects shared with it stay with their owners and become private again (sharing
 * is otherwise permanent, but there is no organisation left to share with); its sign gallery and its
 * logo go with it (foreign keys ON DELETE CASCADE, migrations 0004 and 0010). Known gap: a plan that
 * placed one of the gallery's signs then shows it as missing (its image is served through the row), and
 * the stored files stay in storage unreferenced; the deletion dialog must say so until that is solved.
 */
export async function deleteOrganisation(call: CallContext, membership: Membership, organizationId: number): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  if (organizationId !== membership.organisation.id) throw new ApiError(404, t("api.organisations.notFound"));
  const db = await getDb();
  const memberIds = await db.transaction().execute(async (trx) => {
    const members = await trx.selectFrom("organisation_members").select("user_id").where("organisation_id", "=", organizationId).execute();
    await trx.updateTable("projects").set({ is_shared: 0, organisation_id: null }).where("organisation_id", "=", organizationId).execute();
    await trx.deleteFrom("organisation_members").where("organisation_id", "=", organizationId).execute();
    await trx.deleteFrom("organisations").where("id", "=", organizationId).execute();
    return members.map((m) => m.user_id);
  });
  await endLostSignplanAccess(memberIds);
  return { message: t("api.organisations.deleted") };
}

/** GET /users/organizationUsers: the members, owner first, then by joined date. */
export async function organisationUsers(membership: Membership): Promise<OrganisationUserDto[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("organisation_members")
    .innerJoin("users", "users.id", "organisation_members.user_id")
    .select(["users.id", "users.name", "users.email", "organisation_members.is_admin", "organisation_members.joined_at"])
    .where("organisation_members.organisation_id", "=", membership.organisation.id)
    .orderBy("organisation_members.joined_at")
    .orderBy("users.id")
    .execute();
  const ownerId = membership.organisation.owner_id;
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      isAdmin: row.id === ownerId || row.is_admin === 1,
      isOwner: row.id === ownerId,
      joinedAt: String(row.joined_at),
    }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
}

/** A member of the caller's organisation with their role, or a 404 for anyone else. */
export async function memberOrThrow(call: CallContext, membership: Membership, userId: number) {
  const db = await getDb();
  const target = await db
    .selectFrom("organisation_members")
    .innerJoin("users", "users.id", "organisation_members.user_id")
    .select(["users.id", "users.name", "users.email", "organisation_members.is_admin"])
    .where("organisation_members.organisation_id", "=", membership.organisation.id)
    .where("organisation_members.user_id", "=", userId)
    .executeTakeFirst();
  if (!target) throw new ApiError(404, serverTranslator(call.site)("api.organisations.memberNotFound"));
  return { ...target, role: roleOf(userId, membership.organisation, target)! };
}

/**
 * DELETE /users/removeUser: the member leaves the organisation at once. Access follows: the session
 * reads organizationId from the database on every request (auth/session.ts), so their next request sees
 * no organisation and none of its shared projects, and their open plans of it turn read-only
 * (endLostSignplanAccess). The owner is never removed (ownership leaves only by transfer), and an
 * administrator acts on members and administrators only (roles.ts, mayActOn).
 */
export async function removeUser(call: CallContext, membership: Membership, userId: number): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  const db = await getDb();
  const target = await memberOrThrow(call, membership, userId);
  if (target.role === "owner") throw new ApiError(403, t("api.organisations.ownerCannotBeRemoved"));
  if (!mayActOn(membership.role, "removeMember", target.role)) throw new ApiError(403, t("api.organisations.forbidden"));
  await db
    .deleteFrom("organisation_members")
    .where("organisation_id", "=", membership.organisation.id)
    .where("user_id", "=", userId)
    .execute();
  await endLostSignplanAccess([userId]);
  return { message: t("api.organisations.userRemoved") };
}

/**
 * POST /users/makeAdmin and /users/unmakeAdmin: sets a member's administrator flag. Idempotent: asking
 * for what already holds answers 200 and says so. The owner's role is not changed this way (ownership
 * leaves only by transfer); an administrator may make and unmake administrators, never act on the owner.
 */
export async function setAdministrator(
  call: CallContext,
  membership: Membership,
  userId: number,
  makeAdmin: boolean,
): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  const target = await memberOrThrow(call, membership, userId);
  if (target.role === "owner") throw new ApiError(403, t("api.membership.ownerRoleFixed"));
  if (!mayActOn(membership.role, makeAdmin ? "makeAdmin" : "unmakeAdmin", target.role)) {
    throw new ApiError(403, t("api.organisations.forbidden"));
  }
  const isAdmin = target.role === "admin";
  if (isAdmin === makeAdmin) {
    return { message: t(makeAdmin ? "api.membership.alreadyAdmin" : "api.membership.notAdmin", { name: target.name }) };
  }
  const db = await getDb();
  await db
    .updateTable("organisation_members")
    .set({ is_admin: makeAdmin ? 1 : 0 })
    .where("organisation_id", "=", membership.organisation.id)
    .where("user_id", "=", userId)
    .execute();
  return { message: t(makeAdmin ? "api.membership.madeAdmin" : "api.membership.unmadeAdmin", { name: target.name }) };
}

/**
 * POST /users/leaveOrganization: a member or administrator leaves, with the same consequences as being
 * removed. The owner cannot (409): an organisation always has an owner, so they transfer ownership or
 * delete the organisation first.
 */
export async function leaveOrganisation(call: CallContext, user: SessionUser, membership: Membership): Promise<{ message: string }> {
  const t = serverTranslator(call.site);
  if (membership.role === "owner") throw new ApiError(409, t("api.membership.ownerCannotLeave"));
  const db = await getDb();
  await db
    .deleteFrom("organisation_members")
    .where("organisation_id", "=", membership.organisation.id)
    .where("user_id", "=", user.id)
    .execute();
  await endLostSignplanAccess([user.id]);
  return { message: t("api.membership.left", { organisation: membership.organisation.name }) };
}

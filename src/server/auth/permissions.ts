import "server-only";
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from "kysely";
import type { SessionUser } from "./session";
import type { Database } from "../db";
import type { OrganisationMembersTable, OrganisationsTable, UsersTable } from "../db/schema";
import { may, roleOf } from "@/lib/organisation-roles";

/**
 * Who may read and edit a project and its plans — the one place that decides it (DESIGN.md): its
 * owner, and while it is shared, the members of the organisation it is shared with. A where-clause
 * on `projects`, so lists filter by it and single rows are loaded through it (a row it excludes is
 * answered "not found", so ids cannot be probed): one rule, in SQL, for reads, lists and writes alike.
 */
export function projectAccessibleBy(user: Pick<SessionUser, "id" | "organizationId">) {
  return (eb: ExpressionBuilder<Database, "projects">): Expression<SqlBool> =>
    user.organizationId === null
      ? eb("projects.owner_id", "=", user.id)
      : eb.or([
          eb("projects.owner_id", "=", user.id),
          eb.and([eb("projects.is_shared", "=", 1), eb("projects.organisation_id", "=", user.organizationId)]),
        ]);
}

/** Personal signs belong to their uploader alone. */
export function canManagePersonalSign(user: Pick<SessionUser, "id">, sign: { owner_id: number }): boolean {
  return sign.owner_id === user.id;
}

/**
 * Sign lists belong to their owner alone (issue 18: "only the owner's"): not shared with the organisation.
 * Anyone else is answered "not found", so list ids cannot be probed.
 */
export function canManageCustomList(user: Pick<SessionUser, "id">, list: { owner_id: number }): boolean {
  return list.owner_id === user.id;
}

/** Pipe presets belong to their owner alone, as sign lists do; anyone else is answered "not found". */
export function canManagePipePreset(user: Pick<SessionUser, "id">, preset: { user_id: number }): boolean {
  return preset.user_id === user.id;
}

/**
 * The organisation sign gallery (spec 2-content §6: "available to users of an organisation"): every
 * member reads it. Everyone else is answered "not found".
 */
export function canReadOrganisationSigns(user: Pick<SessionUser, "organizationId">, organizationId: number): boolean {
  return user.organizationId === organizationId;
}

/** Uploading to and deleting from the gallery: the permission table's manageSigns (src/lib/organisation-roles.ts). */
export function canManageOrganisationSigns(
  user: Pick<SessionUser, "id" | "organizationId">,
  organisation: Pick<Selectable<OrganisationsTable>, "id" | "owner_id">,
  membership: Pick<Selectable<OrganisationMembersTable>, "is_admin"> | undefined,
): boolean {
  if (!canReadOrganisationSigns(user, organisation.id)) return false;
  return may(roleOf(user.id, organisation, membership), "manageSigns");
}

/**
 * The organisation's company logo, which every member's exports print: the permission table's manageLogo
 * (src/lib/organisation-roles.ts; core §6: "owner and admins manage").
 */
export function canManageOrganisationLogo(
  user: Pick<SessionUser, "id" | "organizationId">,
  organisation: Pick<Selectable<OrganisationsTable>, "id" | "owner_id">,
  membership: Pick<Selectable<OrganisationMembersTable>, "is_admin"> | undefined,
): boolean {
  if (!canReadOrganisationSigns(user, organisation.id)) return false;
  return may(roleOf(user.id, organisation, membership), "manageLogo");
}

/**
 * Staff admin (admin pages, replacing built-in sign drawings): the account's is_admin flag, or a
 * confirmed e-mail listed in ADMIN_EMAILS. Asked of the database, never of the token.
 */
export function isAdminAccount(
  account: Pick<Selectable<UsersTable>, "is_admin" | "is_verified" | "email">,
  adminEmails: ReadonlySet<string>,
): boolean {
  return account.is_admin === 1 || (account.is_verified === 1 && adminEmails.has(account.email));
}

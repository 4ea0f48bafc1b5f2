import "server-only";
import type { Selectable } from "kysely";
import type { SessionUser } from "./session";
import type { OrganisationMembersTable, OrganisationsTable, ProjectsTable, UsersTable } from "../db/schema";

/**
 * Who may read and edit a project and its plans — the one place that decides it (DESIGN.md):
 * its owner, and while it is shared, the members of the organisation it is shared with.
 * Everyone else is answered "not found", so ids cannot be probed.
 */
export function canAccessProject(user: Pick<SessionUser, "id" | "organizationId">, project: Pick<Selectable<ProjectsTable>, "owner_id" | "is_shared" | "organisation_id">): boolean {
  if (project.owner_id === user.id) return true;
  return project.is_shared === 1 && project.organisation_id !== null && project.organisation_id === user.organizationId;
}

/** Personal signs belong to their uploader alone. */
export function canManagePersonalSign(user: Pick<SessionUser, "id">, sign: { owner_id: number }): boolean {
  return sign.owner_id === user.id;
}

/**
 * The organisation sign gallery (spec 2-content §6: "available to users of an organisation"): every
 * member reads it. Everyone else is answered "not found".
 */
export function canReadOrganisationSigns(user: Pick<SessionUser, "organizationId">, organisationId: number): boolean {
  return user.organizationId === organisationId;
}

/** Uploading to and deleting from the gallery: the organisation's owner and its administrators (core §6). */
export function canManageOrganisationSigns(
  user: Pick<SessionUser, "id" | "organizationId">,
  organisation: Pick<Selectable<OrganisationsTable>, "id" | "owner_id">,
  membership: Pick<Selectable<OrganisationMembersTable>, "is_admin"> | undefined,
): boolean {
  if (!canReadOrganisationSigns(user, organisation.id)) return false;
  return organisation.owner_id === user.id || membership?.is_admin === 1;
}

/**
 * Staff admin (admin pages, replacing built-in sign drawings): the account's is_admin flag, or a
 * confirmed e-mail listed in ADMIN_EMAILS. Asked of the database, never of the token.
 */
export function isAdminAccount(account: Pick<Selectable<UsersTable>, "is_admin" | "is_verified" | "email">, adminEmails: ReadonlySet<string>): boolean {
  return account.is_admin === 1 || (account.is_verified === 1 && adminEmails.has(account.email));
}

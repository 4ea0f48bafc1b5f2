import "server-only";
import { may, roleOf, type OrganisationAction, type OrganisationRole } from "@/lib/organisation-roles";
import { ApiError } from "../api/errors";
import { withUser, type UserApiContext } from "../api/handler";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import type { SiteId } from "@/sites/registry";

/** The caller's organisation and role, read from the database on this request (never from the token). */
export interface Membership {
  organisation: { id: number; name: string; cvr_number: string; owner_id: number };
  role: OrganisationRole;
}

export interface OrganisationApiContext<P> extends UserApiContext<P> {
  membership: Membership;
}

/** The caller's membership, or the spec's answer for a user in none (core §8: never toasted), a 404. */
export async function requireMembership(user: Pick<SessionUser, "id">, site: SiteId): Promise<Membership> {
  const db = await getDb();
  const row = await db
    .selectFrom("organisation_members")
    .innerJoin("organisations", "organisations.id", "organisation_members.organisation_id")
    .select([
      "organisations.id",
      "organisations.name",
      "organisations.cvr_number",
      "organisations.owner_id",
      "organisation_members.is_admin",
    ])
    .where("organisation_members.user_id", "=", user.id)
    .executeTakeFirst();
  const role = row ? roleOf(user.id, row, row) : null;
  // The code lets a client recognise it in either language (core §8: this one is never toasted).
  if (!row || !role) throw new ApiError(404, serverTranslator(site)("api.organisations.notMember"), { code: "NO_ORGANISATION" });
  return { organisation: { id: row.id, name: row.name, cvr_number: row.cvr_number, owner_id: row.owner_id }, role };
}

/**
 * Refuses (403) an action the caller's role does not allow, by the permission table. withOrganisation
 * asks it for the action a path names; a path whose action depends on what it finds (an invitation to an
 * address already invited is a resend) asks it again once it knows, so the decision is still made here.
 */
export function assertMay(membership: Membership, action: OrganisationAction, site: SiteId): void {
  if (!may(membership.role, action)) throw new ApiError(403, serverTranslator(site)("api.organisations.forbidden"));
}

/**
 * The route wrapper for paths inside an organisation: a confirmed user (withUser), a member of an
 * organisation (else 'Du er ikke tilknyttet en organisation'), and, when an action is named, a role the
 * permission table (roles.ts) allows it for (else a 403). The decision is made here, once, so a
 * service never re-decides it; a service still checks rules about the *target* (mayActOn).
 */
export function withOrganisation<P = Record<string, never>>(
  action: OrganisationAction | null,
  handler: (ctx: OrganisationApiContext<P>) => Promise<Response>,
) {
  return withUser<P>(async (ctx) => {
    const membership = await requireMembership(ctx.user, ctx.site);
    if (action) assertMay(membership, action, ctx.site);
    return handler({ ...ctx, membership });
  });
}

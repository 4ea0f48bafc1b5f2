/**
 * The organisation's permission table (issue 30: "one permission table, action × role, in one module"):
 * every decision about what an owner, an administrator or a member may do in their organisation is read
 * from ORGANISATION_PERMISSIONS, never re-decided in a service or a route. Universal (no database): the
 * server enforces it (src/server/organisations/membership.ts) and the account page shows its buttons from it.
 */

export const ORGANISATION_ROLES = ["owner", "admin", "member"] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export const ORGANISATION_ACTIONS = [
  "invite",
  "resendInvite",
  "revokeInvite",
  "removeMember",
  "makeAdmin",
  "unmakeAdmin",
  "editOrganisation",
  "manageLogo",
  "manageSigns",
  "deleteOrganisation",
  "transferOwnership",
  "manageBilling",
] as const;
export type OrganisationAction = (typeof ORGANISATION_ACTIONS)[number];

/*
 * Core §6: a member "may invite users by email"; the owner and administrators remove users, revoke
 * invites, make administrators, upload or delete the logo and delete the organisation; only the owner
 * transfers ownership. The matrix beyond that is ours (§6: "not shown"):
 * - resending an invite is inviting again, so whoever may invite may resend;
 * - unmaking an administrator mirrors making one;
 * - deleting the organisation is the owner's alone: it releases every member and ends every share, and
 *   an administrator could otherwise delete the owner's organisation (and its billing, once it exists).
 * - billing (invoice details, accepting payment, cancelling and resuming, issue 31) commits the company to
 *   pay, so it is the owner's and the administrators'; a member sees whether the account is active.
 */
export const ORGANISATION_PERMISSIONS: Readonly<Record<OrganisationAction, readonly OrganisationRole[]>> = {
  invite: ["owner", "admin", "member"],
  resendInvite: ["owner", "admin", "member"],
  revokeInvite: ["owner", "admin"],
  removeMember: ["owner", "admin"],
  makeAdmin: ["owner", "admin"],
  unmakeAdmin: ["owner", "admin"],
  editOrganisation: ["owner", "admin"],
  manageLogo: ["owner", "admin"],
  manageSigns: ["owner", "admin"],
  deleteOrganisation: ["owner"],
  transferOwnership: ["owner"],
  manageBilling: ["owner", "admin"],
};

export function may(role: OrganisationRole | null, action: OrganisationAction): boolean {
  return role !== null && ORGANISATION_PERMISSIONS[action].includes(role);
}

const RANK: Record<OrganisationRole, number> = { member: 0, admin: 1, owner: 2 };

/**
 * Whether `actor` may act on a member holding `target` role: nobody grants a role above their own
 * (an administrator makes administrators, never owners), and nobody acts on someone ranked above them
 * (an administrator cannot remove or demote the owner). The owner is never removed or demoted this way:
 * ownership leaves only by transfer.
 */
export function mayActOn(actor: OrganisationRole | null, action: OrganisationAction, target: OrganisationRole): boolean {
  if (!may(actor, action) || actor === null) return false;
  if (target === "owner") return false;
  if (action === "makeAdmin") return RANK[actor] >= RANK.admin;
  return RANK[actor] >= RANK[target];
}

/** A user's role from the organisation's owner column and their membership row (undefined: not a member). */
export function roleOf(
  userId: number,
  organisation: { owner_id: number },
  membership: { is_admin: number } | undefined,
): OrganisationRole | null {
  if (organisation.owner_id === userId) return "owner";
  if (!membership) return null;
  return membership.is_admin === 1 ? "admin" : "member";
}

/**
 * Bodies of the organisation paths (core §7 "Organisation and users"), field names as the spec gives
 * them. Messages are translation keys under `validation.` (the route wrapper translates them). The
 * company number's rule depends on the site (CVR on the Danish sites, organisationsnummer on
 * ta-planen), so the schemas are made per kind.
 */
import * as z from "zod";
import { companyNumberProblem, type CompanyNumberKind } from "../company-number";

export const ORGANISATION_NAME_MAX = 200;

const id = z.coerce.number().int().positive().max(2_147_483_647);

function organisationFields(kind: CompanyNumberKind) {
  const digitsKey = kind === "cvr" ? "cvrDigits" : "orgNumberDigits";
  return {
    name: z
      .string({ error: "organisationNameRequired" })
      .trim()
      .min(1, { error: "organisationNameRequired" })
      .max(ORGANISATION_NAME_MAX, { error: "organisationNameTooLong" }),
    cvr_number: z
      .string({ error: digitsKey })
      .trim()
      .superRefine((value, ctx) => {
        const problem = companyNumberProblem(kind, value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  };
}

/** POST /users/createOrganization {name, cvr_number}. */
export const createOrganisationBodySchema = (kind: CompanyNumberKind) => z.object(organisationFields(kind));
export type CreateOrganisationBody = z.infer<ReturnType<typeof createOrganisationBodySchema>>;

/** PUT /users/updateOrganization {id, name, cvr_number}. */
export const updateOrganisationBodySchema = (kind: CompanyNumberKind) => z.object({ id, ...organisationFields(kind) });
export type UpdateOrganisationBody = z.infer<ReturnType<typeof updateOrganisationBodySchema>>;

/** DELETE /users/deleteOrganization {organizationId}. */
export const deleteOrganisationBodySchema = z.object({ organizationId: id });

/** DELETE /users/removeUser {userId}. */
export const removeUserBodySchema = z.object({ userId: id });

/** GET /users/organization. */
export interface OrganisationDto {
  id: number;
  name: string;
  cvr_number: string;
  ownerId: number;
  /** The caller's role; the client shows actions from the same table (src/lib/organisation-roles.ts). */
  role: "owner" | "admin" | "member";
}

/** GET /users/organizationUsers: one per member, owner first, then by joined date. */
export interface OrganisationUserDto {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  isOwner: boolean;
  joinedAt: string;
}

/*
 * Invitations, administrators and ownership (issue 30). Core §7 names the paths and the bodies of
 * invite {email}, revokeInvite {email}, removeUser and transferOwnership {userId}; the answers and the
 * paths it does not name (making administrators, confirming a transfer, the CVR look-up, leaving,
 * deleting an account) are ours and are listed in the README's Organisations section.
 */

const email = z
  .string({ error: "emailInvalid" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "emailInvalid" }).max(254));

/** POST /users/invite {email}: invites, or resends (a new token; the old link stops working). */
export const inviteBodySchema = z.object({ email });
/** DELETE /users/revokeInvite {email}. */
export const revokeInviteBodySchema = z.object({ email });
/** POST /users/acceptInvite and /users/declineInvite: the mailed link's token, or none for the caller's own pending invite. */
export const inviteAnswerBodySchema = z.object({ token: z.string().min(1).max(200).optional() }).default({});
/** POST /users/makeAdmin and /users/unmakeAdmin {userId}. */
export const adminBodySchema = z.object({ userId: id });
/** POST /users/transferOwnership {userId}: mails the member a confirmation link. */
export const transferOwnershipBodySchema = z.object({ userId: id });
/** POST /users/confirmTransferOwnership {token}: the new owner confirms through the mailed link. */
export const confirmTransferBodySchema = z.object({ token: z.string().min(1).max(200) });

/** An invitation as its invitee sees it (core §3 "Invite"): the organisation's name and cvr_number. */
export interface InviteDto {
  email: string;
  organization: { id: number; name: string; cvr_number: string };
  invitedBy: string;
  expiresAt: string;
}

/** InviteDto as the client checks it: the answer of checkPendingInvite and the socket's organizationInvite payload. */
export const inviteDtoSchema = z.object({
  email: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string(), cvr_number: z.string() }),
  invitedBy: z.string(),
  expiresAt: z.string(),
}) satisfies z.ZodType<InviteDto>;
export const checkPendingInviteSchema = z.object({ invite: inviteDtoSchema.nullable() });

/** GET /users/checkPendingInvite: the caller's pending invitation, or null. */
export interface CheckPendingInviteDto {
  invite: InviteDto | null;
}

/** POST /users/acceptInvite (true) and /users/declineInvite (false). */
export interface InviteAnswerDto {
  hasInviteBeenAccepted: boolean;
  message: string;
}

/** GET /users/pendingInvites: the organisation's pending invitations (core §3: email, expiry). */
export interface PendingInviteDto {
  email: string;
  invitedBy: string;
  invitedAt: string;
  expiresAt: string;
}

/** GET /users/transferOwnership?token=: what the confirmation page shows before the new owner confirms. */
export interface TransferPreviewDto {
  organization: { id: number; name: string; cvr_number: string };
  from: { id: number; name: string };
  to: { id: number; name: string; email: string };
  expiresAt: string;
  /** What moves with the ownership, counted: shown on the confirmation page. */
  moves: { hasLogo: boolean; signs: number; sharedProjects: number };
}

/** GET /users/cvrLookup?search=: a company found by number or name (shaped after cvrapi.dk's answer). */
export interface CompanyLookupDto {
  name: string;
  cvr_number: string;
  address: string;
  zipcode: string;
  city: string;
}

/**
 * GET /users/cvrLookup?search=: a company number or a name. A number written in groups ("24 25 67 90")
 * is asked as its digits.
 */
export const COMPANY_SEARCH_MAX = 100;
export const cvrLookupQuerySchema = z.object({
  search: z
    .string({ error: "companySearchRequired" })
    .trim()
    .min(1, { error: "companySearchRequired" })
    .max(COMPANY_SEARCH_MAX, { error: "companySearchTooLong" })
    .transform((value) => (/^[\d\s-]+$/.test(value) ? value.replace(/[\s-]/g, "") : value.replace(/\s+/g, " "))),
});

/** How long an invitation's link works (issue 30): the mail states it with the date. */
export const INVITE_LIFETIME_DAYS = 14;

/** An invitation's state (core §4). */
export type InviteState = "pending" | "accepted" | "declined" | "revoked" | "expired";

/** POST /users/invite: what was done (a first invitation, or a resend that ended the old link). */
export interface InviteResultDto {
  message: string;
  action: "invite" | "resendInvite";
  invite: PendingInviteDto;
}

/** GET /users/invitation?token=: what the invitation page shows to whoever holds the mailed link. */
export interface InvitationPreviewDto {
  email: string;
  organization: { name: string; cvr_number: string };
  invitedBy: string | null;
  expiresAt: string;
  state: InviteState;
  /** Whether the invited e-mail has an account (on any of the sister sites: one user system). */
  hasAccount: boolean;
}

export const invitationPreviewSchema = z.object({
  email: z.string(),
  organization: z.object({ name: z.string(), cvr_number: z.string() }),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  state: z.enum(["pending", "accepted", "declined", "revoked", "expired"]),
  hasAccount: z.boolean(),
}) satisfies z.ZodType<InvitationPreviewDto>;

export const inviteAnswerSchema = z.object({
  hasInviteBeenAccepted: z.boolean(),
  message: z.string(),
}) satisfies z.ZodType<InviteAnswerDto>;

/** GET /users/invitation?token=. */
export const invitationPreviewQuerySchema = z.object({
  token: z.string({ error: "invalidLink" }).min(1, { error: "invalidLink" }).max(200, { error: "invalidLink" }),
});

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
  /** The caller's role; the client shows actions from the same table (server/organisations/roles.ts). */
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

"use client";
/**
 * The organisation's calls (core §7 "Organisation and users", and ours listed in the README's
 * Organisations section), typed. The /organisation page and /create-first-organisation use them.
 */
import { api, ApiRequestError, type ApiCallOptions } from "@/client/api";
import type { CreateOrganisationBody, OrganisationDto, OrganisationUserDto, PendingInviteDto } from "@/lib/schemas/organisation";

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal">;

/** The code the API gives 'Du er ikke tilknyttet en organisation' (never toasted, core §8). */
export const NO_ORGANISATION = "NO_ORGANISATION";
/** DELETE /users/account's refusal for the owner of an organisation with other members. */
export const OWNER_HAS_MEMBERS = "OWNER_HAS_MEMBERS";

/** GET /users/organization: the caller's organisation, or null when they are in none. */
export async function getOrganisation(options?: Options): Promise<OrganisationDto | null> {
  try {
    return await api.get<OrganisationDto>("/users/organization", options);
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === NO_ORGANISATION) return null;
    throw error;
  }
}

export const createOrganisation = (body: CreateOrganisationBody, options?: Options) =>
  api.post<OrganisationDto>("/users/createOrganization", body, options);
export const updateOrganisation = (body: CreateOrganisationBody & { id: number }, options?: Options) =>
  api.put<OrganisationDto>("/users/updateOrganization", body, options);
export const deleteOrganisation = (organizationId: number, options?: Options) =>
  api.delete<{ message: string }>("/users/deleteOrganization", { organizationId }, options);
export const getOrganisationUsers = (options?: Options) => api.get<OrganisationUserDto[]>("/users/organizationUsers", options);
export const getPendingInvites = (options?: Options) => api.get<PendingInviteDto[]>("/users/pendingInvites", options);
/** Invites, or resends to an address already invited (a new link; the old one stops working). */
export const inviteByEmail = (email: string, options?: Options) => api.post<{ message: string }>("/users/invite", { email }, options);
export const revokeInvite = (email: string, options?: Options) =>
  api.delete<{ message: string }>("/users/revokeInvite", { email }, options);
export const removeUser = (userId: number, options?: Options) => api.delete<{ message: string }>("/users/removeUser", { userId }, options);
export const makeAdmin = (userId: number, options?: Options) => api.post<{ message: string }>("/users/makeAdmin", { userId }, options);
export const unmakeAdmin = (userId: number, options?: Options) => api.post<{ message: string }>("/users/unmakeAdmin", { userId }, options);
export const transferOwnership = (userId: number, options?: Options) =>
  api.post<{ message: string }>("/users/transferOwnership", { userId }, options);
export const leaveOrganisation = (options?: Options) => api.post<{ message: string }>("/users/leaveOrganization", undefined, options);
/** DELETE /users/account {password} (ours): see deleteAccount in src/server/accounts/delete-account.ts. */
export const deleteAccount = (password: string, options?: Options) =>
  api.delete<{ message: string }>("/users/account", { password }, options);

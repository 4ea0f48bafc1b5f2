import { withOrganisation } from "@/server/organisations/membership";
import { organisationUsers } from "@/server/organisations/service";

// GET /api/users/organizationUsers: OrganisationUserDto[] {id, name, email, isAdmin, isOwner, joinedAt}, to every member.
export const GET = withOrganisation(null, async ({ membership }) => Response.json(await organisationUsers(membership)));

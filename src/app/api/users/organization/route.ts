import { withOrganisation } from "@/server/organisations/membership";
import { organisationOf } from "@/server/organisations/service";

// GET /api/users/organization: OrganisationDto {id, name, cvr_number, ownerId, role}; for a user in no
// organisation a 404 with 'Du er ikke tilknyttet en organisation' (core §8: the client never toasts it).
export const GET = withOrganisation(null, async ({ membership }) => Response.json(organisationOf(membership)));

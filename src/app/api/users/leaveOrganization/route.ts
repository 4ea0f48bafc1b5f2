import { withOrganisation } from "@/server/organisations/membership";
import { leaveOrganisation } from "@/server/organisations/service";

// POST /api/users/leaveOrganization: {message}; a member or administrator leaves, the owner is refused (409).
export const POST = withOrganisation(null, async ({ call, user, membership }) =>
  Response.json(await leaveOrganisation(call, user, membership)),
);

import { withUser } from "@/server/api/handler";
import { requireMembership } from "@/server/organisations/membership";
import { leaveOrganisation } from "@/server/organisations/service";

// POST /api/users/leaveOrganization: {message}; a member or administrator leaves, the owner is refused (409).
// Open to a blocked user (issue 31): leaving an organisation is never held hostage.
export const POST = withUser(
  async ({ call, user, site }) => Response.json(await leaveOrganisation(call, user, await requireMembership(user, site))),
  { allowBlocked: true },
);

import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { revokeInvite } from "@/server/organisations/invites";
import { revokeInviteBodySchema } from "@/lib/schemas/organisation";

// DELETE /api/users/revokeInvite {email}: {message} (revokeInvite: owner, administrators); 404 when none is pending.
export const DELETE = withOrganisation("revokeInvite", async ({ req, call, membership }) => {
  const { email } = revokeInviteBodySchema.parse(await readJson(req, call.site));
  return Response.json(await revokeInvite(call, membership, email));
});

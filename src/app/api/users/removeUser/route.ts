import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { removeUser } from "@/server/organisations/service";
import { removeUserBodySchema } from "@/lib/schemas/organisation";

// DELETE /api/users/removeUser {userId}: {message} (removeMember: owner, administrators; never the owner).
export const DELETE = withOrganisation("removeMember", async ({ req, call, membership }) => {
  const { userId } = removeUserBodySchema.parse(await readJson(req, call.site));
  return Response.json(await removeUser(call, membership, userId));
});

import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { setAdministrator } from "@/server/organisations/service";
import { adminBodySchema } from "@/lib/schemas/organisation";

// POST /api/users/unmakeAdmin {userId}: {message} (unmakeAdmin: owner, administrators; never the owner's role).
export const POST = withOrganisation("unmakeAdmin", async ({ req, call, membership }) => {
  const { userId } = adminBodySchema.parse(await readJson(req, call.site));
  return Response.json(await setAdministrator(call, membership, userId, false));
});

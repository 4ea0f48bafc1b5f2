import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { setAdministrator } from "@/server/organisations/service";
import { adminBodySchema } from "@/lib/schemas/organisation";

// POST /api/users/makeAdmin {userId}: {message} (makeAdmin: owner, administrators; never the owner's role).
export const POST = withOrganisation("makeAdmin", async ({ req, call, membership }) => {
  const { userId } = adminBodySchema.parse(await readJson(req, call.site));
  return Response.json(await setAdministrator(call, membership, userId, true));
});

import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { deleteOrganisation } from "@/server/organisations/service";
import { deleteOrganisationBodySchema } from "@/lib/schemas/organisation";

// DELETE /api/users/deleteOrganization {organizationId}: {message} (the owner only). Members are
// released, shared projects return to their owners as private ones (service.ts says what else goes).
export const DELETE = withOrganisation("deleteOrganisation", async ({ req, call, membership }) => {
  const { organizationId } = deleteOrganisationBodySchema.parse(await readJson(req, call.site));
  return Response.json(await deleteOrganisation(call, membership, organizationId));
});

import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { updateOrganisation } from "@/server/organisations/service";
import { updateOrganisationBodySchema } from "@/lib/schemas/organisation";
import { companyNumberKind } from "@/lib/company-number";
import { SITES } from "@/sites/registry";

// PUT /api/users/updateOrganization {id, name, cvr_number}: the OrganisationDto (editOrganisation: owner, administrators).
export const PUT = withOrganisation("editOrganisation", async ({ req, call, membership }) => {
  const body = updateOrganisationBodySchema(companyNumberKind(SITES[call.site].companyIdLength)).parse(await readJson(req, call.site));
  return Response.json(await updateOrganisation(call, membership, body));
});

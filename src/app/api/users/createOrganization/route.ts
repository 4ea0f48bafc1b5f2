import { withUser } from "@/server/api/handler";
import { readJson } from "@/server/api/body";
import { createOrganisation } from "@/server/organisations/service";
import { createOrganisationBodySchema } from "@/lib/schemas/organisation";
import { companyNumberKind } from "@/lib/company-number";
import { SITES } from "@/sites/registry";

// POST /api/users/createOrganization {name, cvr_number}: 201 with the OrganisationDto; the creator is its
// owner. The number is a CVR on the Danish sites and an organisationsnummer on ta-planen; 409 when the
// caller already belongs to an organisation.
export const POST = withUser(async ({ req, call, user }) => {
  const body = createOrganisationBodySchema(companyNumberKind(SITES[call.site].companyIdLength)).parse(await readJson(req, call.site));
  return Response.json(await createOrganisation(call, user, body), { status: 201 });
});

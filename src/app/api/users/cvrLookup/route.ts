import { withUser } from "@/server/api/handler";
import { getDb } from "@/server/db";
import { lookUpCompany } from "@/server/organisations/company-lookup";
import { RATE_LIMITS, hitLimit } from "@/server/rate-limit";
import { cvrLookupQuerySchema } from "@/lib/schemas/organisation";

// GET /api/users/cvrLookup?search=<number or name>: CompanyLookupDto {name, cvr_number, address, zipcode,
// city}. 404 when no company matches; 503 (code COMPANY_LOOKUP_DOWN or _UNAVAILABLE) when the register
// cannot be asked, and the form is filled in by hand. For any signed-in user: the first organisation is
// created with it. Limited per user, since the service counts every call against a quota.
export const GET = withUser(async ({ req, call, user }) => {
  const { search } = cvrLookupQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  await hitLimit(await getDb(), call.site, RATE_LIMITS.companyLookupPerUser, String(user.id));
  return Response.json(await lookUpCompany(call, search), { headers: { "cache-control": "no-store" } });
});

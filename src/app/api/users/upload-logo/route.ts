import { withUser } from "@/server/api/handler";
import { assertCanSetCompanyLogo, readLogoFile, setCompanyLogo } from "@/server/company-logo/service";

/*
 * POST /api/users/upload-logo (spec core §7 "Logo"; multipart, the file in the part named `logo`):
 * sets or replaces the caller's company logo and answers CompanyLogoDto. Whose logo it is: a member of
 * an organisation sets the organisation's, and only its owner and administrators may (403 for other
 * members); a user in no organisation sets their own. JPEG, PNG, WEBP (by their bytes) of at least
 * COMPANY_LOGO_MIN_SIDE px each way are stored as PNG of at most COMPANY_LOGO_MAX_SIDE px; an SVG must
 * pass the sign artwork's sanitiser and stays vector; at most 10 MB.
 */
export const POST = withUser(async ({ req, call, user }) => {
  await assertCanSetCompanyLogo(call, user); // before the body is read
  const file = await readLogoFile(req, call.site);
  return Response.json(await setCompanyLogo(call, user, file));
});

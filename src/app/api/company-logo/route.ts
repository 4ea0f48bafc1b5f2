import { withUser } from "@/server/api/handler";
import {
  assertCanSetCompanyLogo,
  deleteCompanyLogo,
  getCompanyLogoFile,
  readLogoFile,
  setCompanyLogo,
} from "@/server/company-logo/service";
import { userFileResponse } from "@/server/files/serve";

/*
 * The company logo printed on exports. Whose: a member of an organisation reads the organisation's
 * logo, and only its owner and administrators may PUT or DELETE it (403 for other members); a user in
 * no organisation has a logo of their own. A personal logo is kept, unused, while its owner is a member.
 */

// GET /api/company-logo: the caller's logo (image/png or image/svg+xml); 404 when none is set.
export const GET = withUser(async ({ call, user }) => {
  const file = await getCompanyLogoFile(call, user);
  // Its URL carries the upload time (CompanyLogoDto.logo.url), but GET without it must see a replacement.
  return userFileResponse(file, { stem: "logo", cacheControl: "private, no-cache" });
});

// PUT /api/company-logo (multipart: file = PNG, JPG, WEBP or SVG, by its bytes): CompanyLogoDto.
// Rasters are stored as PNG of at most COMPANY_LOGO_MAX_SIDE px; an SVG must pass the sign artwork's sanitiser.
export const PUT = withUser(async ({ req, call, user }) => {
  await assertCanSetCompanyLogo(call, user); // before the body is read
  const file = await readLogoFile(req, call.site);
  return Response.json(await setCompanyLogo(call, user, file));
});

// DELETE /api/company-logo: removes it; CompanyLogoDto with logo null.
export const DELETE = withUser(async ({ call, user }) => {
  return Response.json(await deleteCompanyLogo(call, user));
});

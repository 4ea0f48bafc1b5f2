import { withUser } from "@/server/api/handler";
import { deleteCompanyLogo, getCompanyLogoFile, getCompanyLogoInfo } from "@/server/company-logo/service";
import { userFileResponse } from "@/server/files/serve";

/*
 * The company logo printed on exports (spec core §7 "Logo": GET and DELETE /users/logo; uploads go to
 * POST /users/upload-logo). One path serves both what the export panel needs: plain GET answers
 * CompanyLogoDto (whose logo it is, whether the caller may change it, its type and size for the title
 * block, and the URL of the image), and GET with `?image=<upload time>` (that URL) answers the image.
 */

// GET /api/users/logo: CompanyLogoDto {scope, canManage, logo: {contentType, width, height, updatedAt, url} | null}.
// GET /api/users/logo?image=…: the image (image/png or image/svg+xml); 404 when none is set.
export const GET = withUser(async ({ req, call, user }) => {
  if (!new URL(req.url).searchParams.has("image"))
    return Response.json(await getCompanyLogoInfo(user), { headers: { "cache-control": "no-store" } });
  const file = await getCompanyLogoFile(call, user);
  // The URL carries the upload time, but a GET with another (or an old) one must still see a replacement.
  return userFileResponse(file, { stem: "logo", cacheControl: "private, no-cache" });
});

// DELETE /api/users/logo: removes it; CompanyLogoDto with logo null (nothing to remove is no error).
export const DELETE = withUser(async ({ call, user }) => {
  return Response.json(await deleteCompanyLogo(call, user));
});

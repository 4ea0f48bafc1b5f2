import { withUser } from "@/server/api/handler";
import { assertCanUploadOrganisationSign, listOrganisationSigns, uploadOrganisationSign } from "@/server/signs/organisation";
import { readSignUploadForm } from "@/server/signs/upload";
import { uploadOrganisationSignBodySchema } from "@/lib/schemas/signs";

// GET /api/organisation-signs: the gallery of the caller's organisation, {organizationId, canManage, signs}.
export const GET = withUser(async ({ call, user }) => {
  return Response.json(await listOrganisationSigns(call, user), { headers: { "cache-control": "no-store" } });
});

// POST /api/organisation-signs (multipart: file = PNG, JPG or WEBP; name): owner and administrators; 201 with the sign.
export const POST = withUser(async ({ req, call, user }) => {
  await assertCanUploadOrganisationSign(call, user); // before the body is read
  const form = await readSignUploadForm(req, call.site);
  const body = uploadOrganisationSignBodySchema.parse(form.fields);
  return Response.json(await uploadOrganisationSign(call, user, body, form.file), { status: 201 });
});

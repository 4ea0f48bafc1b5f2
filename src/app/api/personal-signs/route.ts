import { withUser } from "@/server/api/handler";
import { listPersonalSigns, uploadPersonalSign } from "@/server/signs/personal";
import { readSignUploadForm } from "@/server/signs/upload";
import { uploadPersonalSignBodySchema } from "@/lib/schemas/signs";

// GET /api/personal-signs: the caller's own signs, newest first: [{id, name, gallery_image_url, baseSignId, width, height, createdAt}].
export const GET = withUser(async ({ user }) => {
  return Response.json(await listPersonalSigns(user), { headers: { "cache-control": "no-store" } });
});

// POST /api/personal-signs (multipart: file = PNG, JPG or WEBP by its bytes; name; baseSignId?): 201 with the sign.
export const POST = withUser(async ({ req, call, user }) => {
  const form = await readSignUploadForm(req, call.site);
  const body = uploadPersonalSignBodySchema.parse(form.fields);
  return Response.json(await uploadPersonalSign(call, user, body, form.file), { status: 201 });
});

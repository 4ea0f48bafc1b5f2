import { withUser } from "@/server/api/handler";
import { deletePersonalSign, getPersonalSign } from "@/server/signs/personal";
import { personalSignLookupQuerySchema, personalSignParamSchema } from "@/lib/schemas/signs";

// GET /api/personal-signs/{id}[?key=] ({id}: 12 or personal_12): the sign; when deleted, 404 with
// {message, code: "PERSONAL_SIGN_DELETED", baseSignId} so the editor opens the base sign with a warning.
export const GET = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = personalSignParamSchema.parse(params);
  const { key } = personalSignLookupQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await getPersonalSign(call, user, id, key), { headers: { "cache-control": "no-store" } });
});

// DELETE /api/personal-signs/{id}: out of the gallery ({id, deleted: true}); placed copies keep their image.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = personalSignParamSchema.parse(params);
  return Response.json(await deletePersonalSign(call, user, id));
});

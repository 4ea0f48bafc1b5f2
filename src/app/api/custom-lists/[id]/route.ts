import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { deleteCustomList, getCustomList, updateCustomList } from "@/server/custom-lists/service";
import { updateCustomListBodySchema } from "@/lib/schemas/custom-lists";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/custom-lists/{id}: one of the caller's lists with its signs in order; anyone else's is a 404.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await getCustomList(call, user, id), { headers: { "cache-control": "no-store" } });
});

// PUT /api/custom-lists/{id} {name?, signs?}: renames and/or replaces the signs (counts, comments, order); the list after the change.
export const PUT = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = updateCustomListBodySchema.parse(await readJson(req, call.site));
  return Response.json(await updateCustomList(call, user, id, body));
});

// DELETE /api/custom-lists/{id}: {id, deleted: true}; the list and its signs are gone.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await deleteCustomList(call, user, id));
});

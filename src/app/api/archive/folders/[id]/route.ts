import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { deleteFolder, getFolderPath, updateFolder } from "@/server/archive/service";
import { updateFolderBodySchema } from "@/lib/schemas/archive";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/archive/folders/{id} (ours beside the specification's): the folder and its breadcrumb from the root.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await getFolderPath(call, user, id), { headers: { "cache-control": "no-store" } });
});

// PATCH /api/archive/folders/{id} {name?, parentId?}: renamed and/or moved; a move into itself or below itself is a 400.
export const PATCH = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = updateFolderBodySchema.parse(await readJson(req, call.site));
  return Response.json(await updateFolder(call, user, id, body));
});

// DELETE /api/archive/folders/{id}: the folder, everything below it and their stored files.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await deleteFolder(call, user, id));
});

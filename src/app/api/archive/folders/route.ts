import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { createFolder } from "@/server/archive/service";
import { createFolderBodySchema } from "@/lib/schemas/archive";

// POST /api/archive/folders {projectId, name, parentId}: 201 with the folder; 409 ARCHIVE_NAME_TAKEN when the parent has one of that name.
export const POST = withUser(async ({ req, call, user }) => {
  const body = createFolderBodySchema.parse(await readJson(req, call.site));
  return Response.json(await createFolder(call, user, body), { status: 201 });
});

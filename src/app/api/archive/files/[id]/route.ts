import { withUser } from "@/server/api/handler";
import { deleteFile } from "@/server/archive/service";
import { uploadMultipart } from "@/server/archive/uploads";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/archive/files/{projectId} (multipart: file, optional folderId): 201 with the file; a file of the same
// name in that folder gets a new version. The id is the project's (one folder holds both methods' segment).
// The project is checked before the body is read; 413 past the largest file or the quota.
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id: projectId } = idParamSchema.parse(params);
  return Response.json(await uploadMultipart(call, user, projectId, req), { status: 201 });
});

// DELETE /api/archive/files/{id}: the file with all its versions and their stored files.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await deleteFile(call, user, id));
});

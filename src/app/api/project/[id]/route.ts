import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { deleteProject, renameProject } from "@/server/projects/service";
import { idParamSchema, updateProjectBodySchema } from "@/lib/schemas/project";

// PUT /api/project/{id} {name}
export const PUT = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const { name } = updateProjectBodySchema.parse(await readJson(req, call.site));
  return Response.json(await renameProject(call, user, id, name));
});

// DELETE /api/project/{id}: to the trash with its plans.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await deleteProject(call, user, id));
});

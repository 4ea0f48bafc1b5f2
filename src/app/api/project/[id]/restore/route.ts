import { withUser } from "@/server/api/handler";
import { restoreProject } from "@/server/projects/service";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/project/{id}/restore
export const POST = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await restoreProject(call, user, id));
});

import { withUser } from "@/server/api/handler";
import { archiveProject } from "@/server/projects/service";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/project/{id}/unarchive
export const POST = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await archiveProject(call, user, id, false));
});

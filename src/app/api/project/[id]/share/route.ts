import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { shareProject } from "@/server/projects/service";
import { idParamSchema, shareProjectBodySchema } from "@/lib/schemas/project";

// PUT /api/project/{id}/share {isShared: true}: permanent.
export const PUT = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  shareProjectBodySchema.parse(await readJson(req, call.site));
  return Response.json(await shareProject(call, user, id));
});

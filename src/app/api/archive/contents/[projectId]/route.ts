import { withUser } from "@/server/api/handler";
import { getContents } from "@/server/archive/service";
import { rowIdSchema } from "@/lib/schemas/project";

// GET /api/archive/contents/{projectId}: the project's folders, files (with versions), saved plans and the space used.
export const GET = withUser<{ projectId: string }>(async ({ params, call, user }) => {
  const projectId = rowIdSchema.parse(params.projectId);
  return Response.json(await getContents(call, user, projectId), { headers: { "cache-control": "no-store" } });
});

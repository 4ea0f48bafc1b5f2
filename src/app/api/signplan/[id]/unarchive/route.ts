import { withUser } from "@/server/api/handler";
import { archiveSignplan } from "@/server/signplans/service";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/signplan/{id}/unarchive
export const POST = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await archiveSignplan(call, user, id, false));
});

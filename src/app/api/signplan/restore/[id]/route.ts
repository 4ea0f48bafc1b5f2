import { withUser } from "@/server/api/handler";
import { restoreSignplan } from "@/server/signplans/service";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/signplan/restore/{id}
export const POST = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await restoreSignplan(call, user, id));
});

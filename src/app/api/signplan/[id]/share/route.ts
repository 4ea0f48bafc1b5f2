import { withUser } from "@/server/api/handler";
import { shareSignplan } from "@/server/signplans/share";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/signplan/{id}/share: answers the read-only share link.
export const POST = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await shareSignplan(call, user, id));
});

import { withUser } from "@/server/api/handler";
import { listVersions } from "@/server/signplans/versions";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/signplan/{id}/versions: the versions the history keeps, newest first (SignplanVersionsDto).
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await listVersions(call, user, id), { headers: { "cache-control": "no-store" } });
});

import { withUser } from "@/server/api/handler";
import { getVersion } from "@/server/signplans/versions";
import { versionParamSchema } from "@/lib/schemas/signplan-versions";

// GET /api/signplan/{id}/versions/{version}: that version's content and what it changed (SignplanVersionDto).
export const GET = withUser<{ id: string; version: string }>(async ({ params, call, user }) => {
  const { id, version } = versionParamSchema.parse(params);
  return Response.json(await getVersion(call, user, id, version), { headers: { "cache-control": "no-store" } });
});

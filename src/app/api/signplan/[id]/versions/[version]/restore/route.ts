import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { restoreVersion } from "@/server/signplans/versions";
import { restoreVersionBodySchema, versionParamSchema } from "@/lib/schemas/signplan-versions";

// POST /api/signplan/{id}/versions/{version}/restore {version: the plan's current version}: a new version
// with that version's content; 409 with the current version when stale, 404 for a version not kept.
export const POST = withUser<{ id: string; version: string }>(async ({ req, params, call, user }) => {
  const { id, version } = versionParamSchema.parse(params);
  const body = restoreVersionBodySchema.parse(await readJson(req, call.site));
  return Response.json(await restoreVersion(call, user, id, version, body.version));
});

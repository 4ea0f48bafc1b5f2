import { withApi } from "@/server/api/handler";
import { bearerToken } from "@/server/auth/jwt";
import { getPublicSignplanJson } from "@/server/signplans/share";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/signplan/public/{id} with the view token as bearer: one plan, read-only.
export const GET = withApi<{ id: string }>(async ({ req, params, call }) => {
  const { id } = idParamSchema.parse(params);
  const json = await getPublicSignplanJson(call, id, bearerToken(req.headers.get("authorization")));
  return new Response(json, { headers: { "content-type": "application/json", "cache-control": "no-store" } });
});

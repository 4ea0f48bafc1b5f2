import { withApi } from "@/server/api/handler";
import { bearerToken } from "@/server/auth/jwt";
import { userFileResponse } from "@/server/files/serve";
import { getSignplanBackground } from "@/server/signplans/background";
import { readPublicSignplan } from "@/server/signplans/share";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/signplan/public/{id}/background with the view token as bearer.
export const GET = withApi<{ id: string }>(async ({ req, params, call }) => {
  const { id } = idParamSchema.parse(params);
  const plan = await readPublicSignplan(call, id, bearerToken(req.headers.get("authorization")));
  const file = await getSignplanBackground(call, plan);
  return userFileResponse(file, { stem: `background_${id}`, cacheControl: "private, max-age=86400" });
});

import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { verifyEmail } from "@/server/accounts/service";
import { verifyAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/verify: confirms the e-mail from the link's token; answers a new { access_token }.
export const POST = withApi(async ({ req, call }) => {
  const { token } = verifyAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await verifyEmail(call, token));
});

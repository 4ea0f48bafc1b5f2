import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { answerWithSession } from "@/server/auth/page-session";
import { verifyEmail } from "@/server/accounts/service";
import { verifyAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/verify: confirms the e-mail from the link's token; answers a new { access_token } and sets the session cookie.
export const POST = withApi(async ({ req, call }) => {
  const { token } = verifyAuthBodySchema.parse(await readJson(req, call.site));
  return answerWithSession(req, await verifyEmail(call, token));
});

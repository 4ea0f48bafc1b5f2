import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { answerWithSession } from "@/server/auth/page-session";
import { loginUser } from "@/server/accounts/service";
import { loginAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/login: answers { access_token }, and sets the session cookie for page renders (page-session.ts).
export const POST = withApi(async ({ req, call }) => {
  const body = loginAuthBodySchema.parse(await readJson(req, call.site));
  return answerWithSession(req, await loginUser(call, body));
});

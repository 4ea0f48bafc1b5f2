import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { loginUser } from "@/server/accounts/service";
import { loginAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/login: answers { access_token }.
export const POST = withApi(async ({ req, call }) => {
  const body = loginAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await loginUser(call, body));
});

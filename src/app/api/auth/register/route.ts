import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { registerUser } from "@/server/accounts/service";
import { registerAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/register: creates the account and sends the verification e-mail.
export const POST = withApi(async ({ req, call }) => {
  const body = registerAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await registerUser(call, body), { status: 201 });
});

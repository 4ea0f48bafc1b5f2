import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { requestPasswordReset } from "@/server/accounts/service";
import { requestPasswordResetAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/request-password-reset: e-mails a 24-hour link; the same answer whether or not the account exists.
export const POST = withApi(async ({ req, call }) => {
  const { email } = requestPasswordResetAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await requestPasswordReset(call, email));
});

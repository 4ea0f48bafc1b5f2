import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { resendVerification } from "@/server/accounts/service";
import { resendVerificationAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/resend-verification: a new link if the account is unconfirmed; the same answer always.
export const POST = withApi(async ({ req, call }) => {
  const { email } = resendVerificationAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await resendVerification(call, email));
});

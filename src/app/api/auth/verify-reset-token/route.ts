import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { checkResetToken } from "@/server/accounts/service";
import { verifyResetTokenAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/verify-reset-token: { valid: true } or 400 with the invalid-link message.
export const POST = withApi(async ({ req, call }) => {
  const { token } = verifyResetTokenAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await checkResetToken(call, token));
});

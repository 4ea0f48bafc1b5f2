import { readJson } from "@/server/api/body";
import { withApi } from "@/server/api/handler";
import { resetPassword } from "@/server/accounts/service";
import { resetPasswordAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/reset-password: sets the new password with a single-use link.
export const POST = withApi(async ({ req, call }) => {
  const { token, password } = resetPasswordAuthBodySchema.parse(await readJson(req, call.site));
  return Response.json(await resetPassword(call, token, password));
});

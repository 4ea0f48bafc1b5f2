import { withApi, readJson } from "@/server/api/handler";
import { resetPassword } from "@/server/accounts/service";
import { resetPasswordAuthBodySchema } from "@/lib/schemas/auth";

// POST /api/auth/reset-password: sets the new password with a single-use link.
export const POST = withApi(async ({ req, call }) => {
  const { token, password } = resetPasswordAuthBodySchema.parse(await readJson(req));
  return Response.json(await resetPassword(call, token, password));
});

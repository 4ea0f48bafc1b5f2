import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { updateProfile } from "@/server/accounts/service";
import { updateProfileAuthBodySchema } from "@/lib/schemas/auth";

// PUT /api/auth/update-profile: name and/or password; answers a new { access_token }. Open before the
// e-mail is confirmed: the account's own details are not a protected feature, and a
// blocked user may still change their name and password.
export const PUT = withUser(
  async ({ req, call, user }) => {
    const body = updateProfileAuthBodySchema.parse(await readJson(req, call.site));
    return Response.json(await updateProfile(call, user, body));
  },
  { allowUnverified: true, allowBlocked: true },
);

import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { answerWithSession } from "@/server/auth/page-session";
import { updateProfile } from "@/server/accounts/service";
import { updateProfileAuthBodySchema } from "@/lib/schemas/auth";

// PUT /api/auth/update-profile: name and/or password; answers a new { access_token }. Open before the
// e-mail is confirmed: the account's own details are not a protected feature, and a
// blocked user may still change their name and password.
export const PUT = withUser(
  async ({ req, call, user }) => {
    const body = updateProfileAuthBodySchema.parse(await readJson(req, call.site));
    const answer = await updateProfile(call, user, body);
    // A new password ended the old cookie with the old tokens (token version): this browser gets a new one.
    return body.newPassword !== undefined ? answerWithSession(req, answer) : Response.json(answer);
  },
  { allowUnverified: true, allowBlocked: true },
);

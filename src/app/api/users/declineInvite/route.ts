import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { declineInvite } from "@/server/organisations/invites";
import { inviteAnswerBodySchema } from "@/lib/schemas/organisation";

// Open to a blocked user: joining a paying organisation (or saying no) is a way out of a block, not a change to their work.
// POST /api/users/declineInvite {token?}: {hasInviteBeenAccepted: false, message}.
export const POST = withUser(
  async ({ req, call, user }) => {
    const { token } = inviteAnswerBodySchema.parse(await readJson(req, call.site));
    return Response.json(await declineInvite(call, user, token));
  },
  { allowBlocked: true },
);

import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { acceptInvite } from "@/server/organisations/invites";
import { inviteAnswerBodySchema } from "@/lib/schemas/organisation";

// Open to a blocked user: joining a paying organisation (or saying no) is a way out of a block, not a change to their work.
// POST /api/users/acceptInvite {token?}: {hasInviteBeenAccepted: true, message}; the caller joins the
// organisation of the link's invitation (which must be addressed to them) or of their own pending one.
export const POST = withUser(
  async ({ req, call, user }) => {
    const { token } = inviteAnswerBodySchema.parse(await readJson(req, call.site));
    return Response.json(await acceptInvite(call, user, token));
  },
  { allowBlocked: true },
);

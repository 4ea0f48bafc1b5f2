import { readJson } from "@/server/api/body";
import { withOrganisation } from "@/server/organisations/membership";
import { inviteToOrganisation } from "@/server/organisations/invites";
import { inviteBodySchema } from "@/lib/schemas/organisation";

// POST /api/users/invite {email}: 201 InviteResultDto (action "invite"), or 200 with action "resendInvite"
// when the address has a pending invitation already (a new link; the old one stops working); 409 for a member.
export const POST = withOrganisation("invite", async ({ req, call, user, membership }) => {
  const { email } = inviteBodySchema.parse(await readJson(req, call.site));
  const { status, body } = await inviteToOrganisation(call, user, membership, email);
  return Response.json(body, { status });
});

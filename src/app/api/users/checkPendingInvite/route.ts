import { withUser } from "@/server/api/handler";
import { checkPendingInvite } from "@/server/organisations/invites";

// GET /api/users/checkPendingInvite: {invite: InviteDto | null}, the caller's own pending invitation (by
// their account's e-mail), for any signed-in user, in an organisation or not (the header asks on load).
export const GET = withUser(async ({ user }) =>
  Response.json(await checkPendingInvite(user), { headers: { "cache-control": "no-store" } }),
);

import { withOrganisation } from "@/server/organisations/membership";
import { pendingInvites } from "@/server/organisations/invites";

// GET /api/users/pendingInvites: PendingInviteDto[] {email, invitedBy, invitedAt, expiresAt}, to every member.
export const GET = withOrganisation(null, async ({ membership }) => Response.json(await pendingInvites(membership)));

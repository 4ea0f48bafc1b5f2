import { withApi } from "@/server/api/handler";
import { previewInvitation } from "@/server/organisations/invites";
import { invitationPreviewQuerySchema } from "@/lib/schemas/organisation";

// GET /api/users/invitation?token=: InvitationPreviewDto {email, organization, invitedBy, expiresAt, state,
// hasAccount} for the invitation page, to whoever holds the mailed link; 404 for any other token. Public,
// limited per address like the other link checks.
export const GET = withApi(async ({ req, call }) => {
  const { token } = invitationPreviewQuerySchema.parse({ token: new URL(req.url).searchParams.get("token") ?? undefined });
  return Response.json(await previewInvitation(call, token), { headers: { "cache-control": "no-store" } });
});

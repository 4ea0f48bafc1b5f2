import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { withOrganisation } from "@/server/organisations/membership";
import { previewOwnershipTransfer, requestOwnershipTransfer } from "@/server/organisations/transfer";
import { confirmTransferBodySchema, transferOwnershipBodySchema } from "@/lib/schemas/organisation";

// POST /api/users/transferOwnership {userId}: {message} (the owner only); mails the member a link to confirm.
export const POST = withOrganisation("transferOwnership", async ({ req, call, membership }) => {
  const { userId } = transferOwnershipBodySchema.parse(await readJson(req, call.site));
  return Response.json(await requestOwnershipTransfer(call, membership, userId));
});

// GET /api/users/transferOwnership?token=: TransferPreviewDto, for the member the link was mailed to.
export const GET = withUser(async ({ req, call, user }) => {
  const { token } = confirmTransferBodySchema.parse({ token: new URL(req.url).searchParams.get("token") ?? undefined });
  return Response.json(await previewOwnershipTransfer(call, user, token));
});

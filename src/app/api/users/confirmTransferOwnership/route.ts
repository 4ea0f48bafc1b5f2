import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { confirmOwnershipTransfer } from "@/server/organisations/transfer";
import { confirmTransferBodySchema } from "@/lib/schemas/organisation";

// POST /api/users/confirmTransferOwnership {token}: {message}; the addressed member becomes the owner.
export const POST = withUser(async ({ req, call, user }) => {
  const { token } = confirmTransferBodySchema.parse(await readJson(req, call.site));
  return Response.json(await confirmOwnershipTransfer(call, user, token));
});

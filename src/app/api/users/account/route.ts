import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { deleteAccount } from "@/server/accounts/delete-account";
import { deleteAccountBodySchema } from "@/lib/schemas/auth";

// DELETE /api/users/account {password}: deletes the caller's account ({message}); 409 with code
// OWNER_HAS_MEMBERS for the owner of an organisation with other members. What happens to what the
// account holds: deleteAccount. Open before the e-mail is confirmed: leaving is not a protected feature, and
// a blocked account may always be deleted.
export const DELETE = withUser(
  async ({ req, call, user }) => {
    const { password } = deleteAccountBodySchema.parse(await readJson(req, call.site));
    return Response.json(await deleteAccount(call, user, password));
  },
  { allowUnverified: true, allowBlocked: true },
);

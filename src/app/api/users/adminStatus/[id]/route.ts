import { withUser } from "@/server/api/handler";
import { getAdminStatus } from "@/server/accounts/service";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/users/adminStatus/{id}: { isAdmin } for the caller's own id. Open before the e-mail is
// confirmed: the admin guard asks it of any logged-in user, and an admin's e-mail may be unconfirmed.
export const GET = withUser<{ id: string }>(
  async ({ params, call, user }) => {
    const { id } = idParamSchema.parse(params);
    return Response.json(await getAdminStatus(call, user, id));
  },
  { allowUnverified: true },
);

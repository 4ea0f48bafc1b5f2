import * as z from "zod";
import { withUser } from "@/server/api/handler";
import { getAdminStatus } from "@/server/accounts/service";

const paramsSchema = z.object({ id: z.coerce.number().int().positive() });

// GET /api/users/adminStatus/{id}: { isAdmin } for the caller's own id. Open before the e-mail is
// confirmed: the admin guard asks it of any logged-in user, and an admin's e-mail may be unconfirmed.
export const GET = withUser<{ id: string }>(
  async ({ params, call, user }) => {
    const { id } = paramsSchema.parse(params);
    return Response.json(await getAdminStatus(call, user, id));
  },
  { allowUnverified: true },
);

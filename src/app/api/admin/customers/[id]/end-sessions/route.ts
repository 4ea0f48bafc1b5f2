import { withAdmin } from "@/server/admin/guard";
import { endSessions } from "@/server/admin/actions";
import { getDb } from "@/server/db";
import { customerIdParamSchema } from "@/lib/schemas/admin";

// POST /api/admin/customers/{id}/end-sessions: staff; {ended: true}. The customer's tokens stop working.
export const POST = withAdmin<{ id: string }>(async ({ params, site, user }) => {
  const { id } = customerIdParamSchema.parse(params);
  await endSessions(await getDb(), { adminId: user.id, site, now: new Date() }, id);
  return Response.json({ ended: true });
});

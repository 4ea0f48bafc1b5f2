import { withAdmin } from "@/server/admin/guard";
import { setStaffBlock } from "@/server/admin/actions";
import { getCustomer } from "@/server/admin/customers";
import { getDb } from "@/server/db";
import { customerIdParamSchema } from "@/lib/schemas/admin";

// POST /api/admin/customers/{id}/unblock: staff; CustomerDetailDto (409 unless blocked by staff).
export const POST = withAdmin<{ id: string }>(async ({ params, site, user }) => {
  const { id } = customerIdParamSchema.parse(params);
  const db = await getDb();
  const now = new Date();
  await setStaffBlock(db, { adminId: user.id, site, now }, id, null);
  return Response.json(await getCustomer(db, site, id, now));
});

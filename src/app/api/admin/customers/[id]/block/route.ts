import { withAdmin } from "@/server/admin/guard";
import { setStaffBlock } from "@/server/admin/actions";
import { getCustomer } from "@/server/admin/customers";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { blockBodySchema, customerIdParamSchema } from "@/lib/schemas/admin";

// POST /api/admin/customers/{id}/block {reason}: staff; CustomerDetailDto. The reason is shown to the customer.
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = customerIdParamSchema.parse(params);
  const { reason } = blockBodySchema.parse(await readJson(req, site));
  const db = await getDb();
  const now = new Date();
  await setStaffBlock(db, { adminId: user.id, site, now }, id, reason);
  return Response.json(await getCustomer(db, site, id, now));
});

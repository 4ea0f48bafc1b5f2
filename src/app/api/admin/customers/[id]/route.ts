import { withAdmin } from "@/server/admin/guard";
import { getCustomer } from "@/server/admin/customers";
import { getDb } from "@/server/db";
import { customerIdParamSchema } from "@/lib/schemas/admin";

// GET /api/admin/customers/{id}: staff; CustomerDetailDto (no plan contents).
export const GET = withAdmin<{ id: string }>(async ({ params, site }) => {
  const { id } = customerIdParamSchema.parse(params);
  return Response.json(await getCustomer(await getDb(), site, id, new Date()));
});

import { withAdmin } from "@/server/admin/guard";
import { extendTrial } from "@/server/admin/actions";
import { getCustomer } from "@/server/admin/customers";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { customerIdParamSchema, extendTrialBodySchema } from "@/lib/schemas/admin";

// POST /api/admin/customers/{id}/extend-trial {days: 1..90}: staff; CustomerDetailDto.
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = customerIdParamSchema.parse(params);
  const { days } = extendTrialBodySchema.parse(await readJson(req, site));
  const db = await getDb();
  const now = new Date();
  await extendTrial(db, { adminId: user.id, site, now }, id, days);
  return Response.json(await getCustomer(db, site, id, now));
});

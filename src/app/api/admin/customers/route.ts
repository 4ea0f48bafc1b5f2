import { withAdmin } from "@/server/admin/guard";
import { searchCustomers } from "@/server/admin/customers";
import { getDb } from "@/server/db";
import { customerSearchQuerySchema } from "@/lib/schemas/admin";

// GET /api/admin/customers?q=&page=: staff; CustomerPageDto (name, e-mail, CVR or organisationsnummer).
export const GET = withAdmin(async ({ req }) => {
  const query = customerSearchQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await searchCustomers(await getDb(), query, new Date()));
});

import { withAdmin } from "@/server/admin/guard";
import { adminInvoicesCsv } from "@/server/admin/invoices";
import { getDb } from "@/server/db";
import { adminInvoicesCsvQuerySchema } from "@/lib/schemas/admin-invoices";

// GET /api/admin/invoices.csv?site=&from=&to=: staff; the invoices and credit notes dated in the range, for the bookkeeper.
export const GET = withAdmin(async ({ req }) => {
  const filters = adminInvoicesCsvQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return adminInvoicesCsv(await getDb(), filters);
});

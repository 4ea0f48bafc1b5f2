import { withAdmin } from "@/server/admin/guard";
import { listAdminInvoices } from "@/server/admin/invoices";
import { getDb } from "@/server/db";
import { adminInvoiceQuerySchema } from "@/lib/schemas/admin-invoices";

// GET /api/admin/invoices?site=&status=&overdue=&q=&page=: staff; AdminInvoicePageDto, newest first, 50 a page.
export const GET = withAdmin(async ({ req }) => {
  const query = adminInvoiceQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await listAdminInvoices(await getDb(), query, new Date()), { headers: { "cache-control": "no-store" } });
});

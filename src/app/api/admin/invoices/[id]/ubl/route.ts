import { withAdmin } from "@/server/admin/guard";
import { adminInvoiceDocument } from "@/server/admin/invoices";
import { getDb } from "@/server/db";
import { adminInvoiceIdParamSchema } from "@/lib/schemas/admin-invoices";

// GET /api/admin/invoices/{id}/ubl: staff; any customer's invoice as a download (404 unless issued with e-invoice).
export const GET = withAdmin<{ id: string }>(async ({ params, site }) => {
  const { id } = adminInvoiceIdParamSchema.parse(params);
  return adminInvoiceDocument(await getDb(), site, id, "ubl");
});

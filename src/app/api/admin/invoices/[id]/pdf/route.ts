import { withAdmin } from "@/server/admin/guard";
import { adminInvoiceDocument } from "@/server/admin/invoices";
import { getDb } from "@/server/db";
import { adminInvoiceIdParamSchema } from "@/lib/schemas/admin-invoices";

// GET /api/admin/invoices/{id}/pdf: staff; any customer's invoice as a download.
export const GET = withAdmin<{ id: string }>(async ({ params, site }) => {
  const { id } = adminInvoiceIdParamSchema.parse(params);
  return adminInvoiceDocument(await getDb(), site, id, "pdf");
});

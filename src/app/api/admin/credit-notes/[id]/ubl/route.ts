import { withAdmin } from "@/server/admin/guard";
import { adminCreditNoteDocument } from "@/server/admin/invoices";
import { getDb } from "@/server/db";
import { adminInvoiceIdParamSchema } from "@/lib/schemas/admin-invoices";

// GET /api/admin/credit-notes/{id}/ubl: staff; any customer's credit note (by its id) as a download (404 unless its invoice was issued with e-invoice).
export const GET = withAdmin<{ id: string }>(async ({ params, site }) => {
  const { id } = adminInvoiceIdParamSchema.parse(params);
  return adminCreditNoteDocument(await getDb(), site, id, "ubl");
});

import { withAdmin } from "@/server/admin/guard";
import { creditAdminInvoice } from "@/server/admin/invoices";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { adminCreditBodySchema, adminInvoiceIdParamSchema } from "@/lib/schemas/admin-invoices";

// POST /api/admin/invoices/{id}/credit {reason}: staff; the invoice's row with its credit note (409 once credited).
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = adminInvoiceIdParamSchema.parse(params);
  const { reason } = adminCreditBodySchema.parse(await readJson(req, site));
  return Response.json(await creditAdminInvoice(await getDb(), { adminId: user.id, site, now: new Date() }, id, reason));
});

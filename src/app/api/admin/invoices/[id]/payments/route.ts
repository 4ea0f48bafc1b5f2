import { withAdmin } from "@/server/admin/guard";
import { recordAdminPayment } from "@/server/admin/invoices";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { adminInvoiceIdParamSchema, adminPaymentBodySchema } from "@/lib/schemas/admin-invoices";

// POST /api/admin/invoices/{id}/payments {date, amount, reference}: staff; AdminPaymentResultDto. Paid
// in full, the invoice's block lifts and the payer's open clients are told.
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = adminInvoiceIdParamSchema.parse(params);
  const body = adminPaymentBodySchema.parse(await readJson(req, site));
  return Response.json(await recordAdminPayment(await getDb(), { adminId: user.id, site, now: new Date() }, id, body));
});

import { withUser } from "@/server/api/handler";
import { invoiceUblResponse } from "@/server/billing/documents";
import { getDb } from "@/server/db";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/users/invoices/{id}/ubl: the EN 16931 e-invoice (Peppol BIS Billing 3.0 UBL) as a download,
// for the customer's access point; 404 for an invoice issued without e-invoice and for anyone who may
// not see the account's invoices.
export const GET = withUser<{ id: string }>(async ({ params, user, call }) => {
  const { id } = idParamSchema.parse(params);
  return invoiceUblResponse(await getDb(), user.id, call.site, id, new Date());
});

import { withUser } from "@/server/api/handler";
import { creditNoteUblResponse } from "@/server/billing/documents";
import { getDb } from "@/server/db";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/users/invoices/{id}/credit-note/ubl: the credit note as a UBL CreditNote (type 381), for an
// invoice issued with e-invoice chosen; 404 otherwise and for anyone who may not download the invoice.
export const GET = withUser<{ id: string }>(async ({ params, user, call }) => {
  const { id } = idParamSchema.parse(params);
  return creditNoteUblResponse(await getDb(), user.id, call.site, id, new Date());
});

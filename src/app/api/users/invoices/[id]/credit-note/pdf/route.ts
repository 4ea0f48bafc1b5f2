import { withUser } from "@/server/api/handler";
import { creditNotePdfResponse } from "@/server/billing/documents";
import { getDb } from "@/server/db";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/users/invoices/{id}/credit-note/pdf: a credited invoice's credit note as a PDF download, for
// those who may download the invoice (404 for anyone else, and while the invoice is not credited).
export const GET = withUser<{ id: string }>(async ({ params, user, call }) => {
  const { id } = idParamSchema.parse(params);
  return creditNotePdfResponse(await getDb(), user.id, call.site, id, new Date());
});

import { withUser } from "@/server/api/handler";
import { invoicePdfResponse } from "@/server/billing/documents";
import { getDb } from "@/server/db";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/users/invoices/{id}/pdf: the invoice as a PDF download, for those who see the account's
// invoices (404 for anyone else). A GET, so a blocked user can still fetch the invoice that lifts the block.
export const GET = withUser<{ id: string }>(async ({ params, user, call }) => {
  const { id } = idParamSchema.parse(params);
  return invoicePdfResponse(await getDb(), user.id, call.site, id, new Date());
});

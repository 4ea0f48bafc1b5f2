import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { acceptPayment } from "@/server/billing/subscription";
import { getDb } from "@/server/db";
import { acceptPaymentBodySchema } from "@/lib/schemas/billing";

// POST /api/users/accept-payment {acceptTerms: true}: 201 AcceptPaymentDto (the subscription and its first
// invoice). 409 with code INVOICE_DETAILS_MISSING, ALREADY_ACTIVE, SUBSCRIPTION_CANCELLED (resume instead)
// or INVOICE_OVERDUE (only paying lifts that); 403 for a member. Open to a blocked user: it lifts the block.
export const POST = withUser(
  async ({ req, call, user }) => {
    acceptPaymentBodySchema.parse(await readJson(req, call.site));
    return Response.json(await acceptPayment(await getDb(), user.id, call.site, new Date()), { status: 201 });
  },
  { allowBlocked: true },
);

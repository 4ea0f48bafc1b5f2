import { withUser } from "@/server/api/handler";
import { invoicesOf } from "@/server/billing/subscription";
import { getDb } from "@/server/db";

// GET /api/users/invoices: InvoiceDto[], newest first: the payer's (owner and administrators; a member
// gets 403) and those of the caller's own account from before they joined an organisation.
export const GET = withUser(async ({ user, call }) =>
  Response.json(await invoicesOf(await getDb(), user.id, call.site, new Date()), { headers: { "cache-control": "no-store" } }),
);

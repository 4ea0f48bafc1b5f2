import { withUser } from "@/server/api/handler";
import { invoiceReminderOf } from "@/server/billing/subscription";
import { getDb } from "@/server/db";

// GET /api/users/shouldShowInvoiceReminder: InvoiceReminderDto (trial ending in 3 days or fewer, or an invoice past due).
export const GET = withUser(async ({ user }) =>
  Response.json(await invoiceReminderOf(await getDb(), user.id, new Date()), { headers: { "cache-control": "no-store" } }),
);

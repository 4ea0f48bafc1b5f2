import { withUser } from "@/server/api/handler";
import { blockStatusOf } from "@/server/billing/subscription";
import { getDb } from "@/server/db";

// GET /api/users/block-status: BlockStatusDto (blocked, why, the overdue invoice, whether the caller may reactivate).
export const GET = withUser(async ({ user }) =>
  Response.json(await blockStatusOf(await getDb(), user.id, new Date()), { headers: { "cache-control": "no-store" } }),
);

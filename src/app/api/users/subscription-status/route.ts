import { withUser } from "@/server/api/handler";
import { billingStateOf } from "@/server/billing/state";
import { subscriptionStatusOf } from "@/server/billing/subscription";
import { getDb } from "@/server/db";

// GET /api/users/subscription-status: SubscriptionStatusDto.
export const GET = withUser(async ({ user, call }) => {
  const db = await getDb();
  const now = new Date();
  const dto = await subscriptionStatusOf(db, await billingStateOf(db, user.id, now), call.site, now);
  return Response.json(dto, { headers: { "cache-control": "no-store" } });
});

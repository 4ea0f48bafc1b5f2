import { withUser } from "@/server/api/handler";
import { cancelSubscription } from "@/server/billing/subscription";
import { getDb } from "@/server/db";

// POST /api/users/cancel-subscription: SubscriptionStatusDto with cancelAt (the period's end, or the next
// one's when less than a calendar month is left); confirmed by e-mail. 409 NOT_RUNNING or ALREADY_CANCELLED.
export const POST = withUser(
  async ({ user, call }) => Response.json(await cancelSubscription(await getDb(), user.id, user.email, call.site, new Date())),
  { allowBlocked: true },
);

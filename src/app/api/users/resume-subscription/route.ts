import { withUser } from "@/server/api/handler";
import { resumeSubscription } from "@/server/billing/subscription";
import { getDb } from "@/server/db";

// POST /api/users/resume-subscription: SubscriptionStatusDto; a cancelled subscription renews again while
// it runs. 409 NOT_CANCELLED, or SUBSCRIPTION_ENDED after its end (accept payment again then).
export const POST = withUser(
  async ({ user, call }) => Response.json(await resumeSubscription(await getDb(), user.id, call.site, new Date())),
  { allowBlocked: true },
);

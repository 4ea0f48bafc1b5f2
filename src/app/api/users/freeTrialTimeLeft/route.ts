import { optionalUser, withApi } from "@/server/api/handler";
import { billingStateOf } from "@/server/billing/state";
import { getDb } from "@/server/db";

// GET /api/users/freeTrialTimeLeft: the trial's days left (a started day counts), or false once it has
// ended; false too when nobody is logged in. The trial's own answer, subscription or not: the header
// hides the bar for a paying user by block-status's status.
export const GET = withApi(async ({ req }) => {
  const user = await optionalUser(req);
  if (!user) return Response.json(false, { headers: { "cache-control": "no-store" } });
  const state = await billingStateOf(await getDb(), user.id, new Date());
  return Response.json(state.trialDaysLeft, { headers: { "cache-control": "no-store" } });
});

import { readJson } from "@/server/api/body";
import { optionalUser, withApi } from "@/server/api/handler";
import { submitFeedback } from "@/server/feedback/service";
import { feedbackBodySchema } from "@/lib/schemas/feedback";

// POST /api/contact/feedback: stored and e-mailed to staff; anonymous defaults when nobody is logged in.
export const POST = withApi(async ({ req, call }) => {
  const body = feedbackBodySchema.parse(await readJson(req, call.site));
  return Response.json(await submitFeedback(call, await optionalUser(req), body), { status: 201 });
});

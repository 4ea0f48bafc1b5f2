import { withAdmin } from "@/server/admin/guard";
import { answerFeedback } from "@/server/admin/feedback";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { answerFeedbackBodySchema, feedbackIdParamSchema } from "@/lib/schemas/admin-feedback";

// POST /api/admin/feedback/{id}/answer {text}: staff; FeedbackDto. Mails the sender in their site's language.
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = feedbackIdParamSchema.parse(params);
  const { text } = answerFeedbackBodySchema.parse(await readJson(req, site));
  return Response.json(await answerFeedback(await getDb(), { adminId: user.id, site, now: new Date() }, id, text));
});

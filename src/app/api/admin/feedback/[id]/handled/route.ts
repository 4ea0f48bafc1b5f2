import { withAdmin } from "@/server/admin/guard";
import { setFeedbackHandled } from "@/server/admin/feedback";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { feedbackIdParamSchema, setFeedbackHandledBodySchema } from "@/lib/schemas/admin-feedback";

// POST /api/admin/feedback/{id}/handled {handled}: staff; FeedbackDto.
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = feedbackIdParamSchema.parse(params);
  const { handled } = setFeedbackHandledBodySchema.parse(await readJson(req, site));
  return Response.json(await setFeedbackHandled(await getDb(), { adminId: user.id, site, now: new Date() }, id, handled));
});

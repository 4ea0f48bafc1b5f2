import { withAdmin } from "@/server/admin/guard";
import { listFeedback } from "@/server/admin/feedback";
import { getDb } from "@/server/db";
import { feedbackListQuerySchema } from "@/lib/schemas/admin-feedback";

// GET /api/admin/feedback?status=open|handled|all&page=: staff; FeedbackPageDto, newest first.
export const GET = withAdmin(async ({ req }) => {
  const query = feedbackListQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await listFeedback(await getDb(), query));
});

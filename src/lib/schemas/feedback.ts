/** POST /contact/feedback (core §7): anonymous defaults when nobody is logged in. */
import * as z from "zod";

export const feedbackBodySchema = z.object({
  message: z.string({ error: "feedbackEmpty" }).trim().min(1, { error: "feedbackEmpty" }).max(5000, { error: "feedbackTooLong" }),
  name: z.string().trim().max(200).default("Anonymous User"),
  email: z.string().trim().max(254).default("anonymous@example.com"),
  page: z.string().trim().max(2000).default(""),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

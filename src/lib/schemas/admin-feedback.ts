/**
 * Feedback in the admin area (issue 32). Every path is behind withAdmin (401 anonymous, 404 non-staff).
 *
 * - GET  /api/admin/feedback?status=open|handled|all&page=  → FeedbackPageDto (newest first)
 * - POST /api/admin/feedback/{id}/handled ← { handled }     → FeedbackDto
 * - POST /api/admin/feedback/{id}/answer  ← { text }        → FeedbackDto (mailed to the sender in the
 *   language of the site the feedback came from; kept with the message, which counts as handled then)
 */
import * as z from "zod";

export const FEEDBACK_PAGE_SIZE = 25;
export const FEEDBACK_FILTERS = ["open", "handled", "all"] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number];
/** As long as the message a sender may write (feedbackBodySchema). */
export const FEEDBACK_ANSWER_MAX = 5000;

export const feedbackListQuerySchema = z.object({
  status: z.enum(FEEDBACK_FILTERS).default("open"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

export const feedbackIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const setFeedbackHandledBodySchema = z.object({
  handled: z.boolean({ error: "adminFeedbackHandled" }),
});

export const answerFeedbackBodySchema = z.object({
  text: z
    .string({ error: "adminFeedbackAnswer" })
    .trim()
    .min(1, { error: "adminFeedbackAnswer" })
    .max(FEEDBACK_ANSWER_MAX, { error: "adminFeedbackAnswer" }),
});

export interface FeedbackDto {
  id: number;
  /** The site it was sent from: the language of the answer. */
  site: string;
  /** Host and path of the page it was sent from, as the browser gave it. */
  page: string;
  name: string;
  email: string;
  /** The sender's account when they were logged in. */
  userId: number | null;
  createdAt: string;
  message: string;
  handled: boolean;
  handledAt: string | null;
  /** False when the sender left no address an answer could go to (anonymous feedback). */
  canAnswer: boolean;
  answer: { text: string; answeredAt: string; answeredBy: number | null; answeredByEmail: string | null } | null;
}

export interface FeedbackPageDto {
  items: FeedbackDto[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

"use client";
/** The admin area's feedback calls (paths and shapes in src/lib/schemas/admin-feedback.ts). Failures are shown where they happen. */
import { api } from "@/client/api";
import type { FeedbackDto, FeedbackFilter, FeedbackPageDto } from "@/lib/schemas/admin-feedback";

export const listFeedback = (status: FeedbackFilter, page: number, signal?: AbortSignal) =>
  api.get<FeedbackPageDto>(`/admin/feedback?${new URLSearchParams({ status, page: String(page) })}`, { toast: false, signal });
export const setFeedbackHandled = (id: number, handled: boolean) =>
  api.post<FeedbackDto>(`/admin/feedback/${id}/handled`, { handled }, { toast: false });
export const answerFeedback = (id: number, text: string) =>
  api.post<FeedbackDto>(`/admin/feedback/${id}/answer`, { text }, { toast: false });

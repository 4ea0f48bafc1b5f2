"use client";
/**
 * The sign-list dialog's calls (GET/POST /custom-lists, GET/PUT/DELETE /custom-lists/{id}), typed by
 * src/lib/schemas/custom-lists.ts as the route handlers are. None toasts by itself: the dialog shows the
 * specification's message for what failed (spec 2-content §8, "Signs"), or the server's own for a refusal.
 */
import { api } from "@/client/api";
import type {
  CreateCustomListBody,
  CustomListDto,
  CustomListSummaryDto,
  DeletedCustomListDto,
  UpdateCustomListBody,
} from "@/lib/schemas/custom-lists";

export const fetchCustomLists = () => api.get<CustomListSummaryDto[]>("/custom-lists", { toast: false });
export const fetchCustomList = (id: number) => api.get<CustomListDto>(`/custom-lists/${id}`, { toast: false });
export const createCustomList = (body: CreateCustomListBody) => api.post<CustomListDto>("/custom-lists", body, { toast: false });
export const updateCustomList = (id: number, body: UpdateCustomListBody) =>
  api.put<CustomListDto>(`/custom-lists/${id}`, body, { toast: false });
export const deleteCustomList = (id: number) => api.delete<DeletedCustomListDto>(`/custom-lists/${id}`, undefined, { toast: false });

/** The summary of a list as the overview shows it, from the whole list the server answered. */
export function summaryOf(list: CustomListDto): CustomListSummaryDto {
  const { signs, ...summary } = list;
  void signs;
  return summary;
}

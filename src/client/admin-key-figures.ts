"use client";
/** The admin area's key figures call (path and shape in src/lib/schemas/admin-key-figures.ts). */
import { api } from "@/client/api";
import type { KeyFiguresDto, KeyFiguresQuery } from "@/lib/schemas/admin-key-figures";

export const getKeyFigures = (query: KeyFiguresQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams({ site: query.site, by: query.by });
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  return api.get<KeyFiguresDto>(`/admin/key-figures?${params}`, { toast: false, signal });
};

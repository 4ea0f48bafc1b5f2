"use client";
/**
 * The background image or PDF of a plan (core §7): GET /signplan/{id}/background with the user's token,
 * or GET /signplan/public/{id}/background with the plan's view token in the public view. Fails as every
 * file of the API does (see fetchApiFile); callers turn the error into text with `errorMessage(error, fallback)`.
 */
import { fetchApiFile } from "@/client/api-file";
import type { SiteId } from "@/sites/site-ids";

export interface FetchPlanBackgroundOptions {
  /**
   * The site header's value. The API client's configured site is private to it; without this the
   * proxy uses the host's site, which is the same one on every page the editor runs on.
   */
  site?: SiteId;
  signal?: AbortSignal;
}

export function fetchPlanBackground(planId: number, viewToken?: string, options: FetchPlanBackgroundOptions = {}): Promise<Blob> {
  const path = viewToken ? `/api/signplan/public/${planId}/background` : `/api/signplan/${planId}/background`;
  return fetchApiFile(path, { ...options, viewToken });
}

"use client";
/**
 * The background image or PDF of a plan (core §7): GET /signplan/{id}/background with the user's token,
 * or GET /signplan/public/{id}/background with the plan's view token in the public view. A file, not
 * JSON, so it cannot go through `api.get`; it sends the same headers and fails the same way: an
 * ApiRequestError carrying the server's message (already in the user's language), or status 0 with
 * NETWORK_ERROR when there was no answer. Callers turn it into text with `errorMessage(error, fallback)`.
 */
import { ApiRequestError, endSession, NETWORK_ERROR } from "@/client/api";
import { readToken } from "@/client/session";
import { SITE_HEADER } from "@/lib/site-header";
import type { SiteId } from "@/sites/site-ids";

export interface FetchPlanBackgroundOptions {
  /**
   * The site header's value. The API client's configured site is private to it; without this the
   * proxy uses the host's site, which is the same one on every page the editor runs on.
   */
  site?: SiteId;
  signal?: AbortSignal;
}

function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export async function fetchPlanBackground(planId: number, viewToken?: string, options: FetchPlanBackgroundOptions = {}): Promise<Blob> {
  const path = viewToken ? `/api/signplan/public/${planId}/background` : `/api/signplan/${planId}/background`;
  const headers = new Headers();
  if (options.site) headers.set(SITE_HEADER, options.site);
  const token = viewToken ?? readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let res: Response;
  try {
    res = await fetch(path, { headers, signal: options.signal, credentials: "same-origin" });
  } catch (error) {
    if (options.signal?.aborted) throw error; // the caller gave up; nothing to report
    throw new ApiRequestError(0, "", NETWORK_ERROR, null);
  }

  if (!res.ok) {
    const text = await res.text().catch(() => "");
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      // an HTML error page from a proxy: no message of ours to show
    }
    // Like every call of a logged-in user (core §8): a refused token ends the session. The public view
    // never does, as its token is the link's, not a session.
    const message = stringField(body, "message") ?? "";
    if (!viewToken && (res.status === 401 || /jwt expired/i.test(message))) endSession();
    throw new ApiRequestError(res.status, message, stringField(body, "code"), body);
  }
  return res.blob();
}

"use client";
/**
 * A file from the API (a plan's background, an export, the company logo): not JSON, so it cannot go
 * through `api.get`; it sends the same headers and fails the same way: an ApiRequestError carrying the
 * server's message (already in the user's language), or status 0 with NETWORK_ERROR when there was no
 * answer. Nothing is toasted: callers show the error where the file was wanted, with
 * `errorMessage(error, fallback)`.
 */
import { ApiRequestError, endSession, NETWORK_ERROR } from "@/client/api";
import { readToken } from "@/client/session";
import { SITE_HEADER } from "@/lib/site-header";
import type { SiteId } from "@/sites/site-ids";

export interface FetchApiFileOptions {
  /**
   * The site header's value. Without it the proxy uses the host's site, which is the same one on every
   * page the editor runs on.
   */
  site?: SiteId;
  signal?: AbortSignal;
  /** A plan's view token instead of the session's (the public view); a refused one does not end the session. */
  viewToken?: string;
}

function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

export async function fetchApiFile(path: string, options: FetchApiFileOptions = {}): Promise<Blob> {
  const headers = new Headers();
  if (options.site) headers.set(SITE_HEADER, options.site);
  const token = options.viewToken ?? readToken();
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
    if (!options.viewToken && (res.status === 401 || /jwt expired/i.test(message))) endSession();
    throw new ApiRequestError(res.status, message, stringField(body, "code"), body);
  }
  return res.blob();
}

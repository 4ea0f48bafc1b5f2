"use client";
import { decodeToken, readToken } from "./session";

let asked: string | null = null;

/**
 * Gets this browser the session cookie of its token's user (POST /auth/session) when the page says it
 * was rendered without one, or for another user: a browser logged in before the cookie existed, or
 * whose cookie ended. Once per token; a failure only means the next page renders without the cookie.
 */
export function ensurePageSession(pageUserId: number | null): void {
  const token = readToken();
  const user = decodeToken(token);
  if (!token || !user || !user.isVerified || user.id === pageUserId || asked === token) return;
  asked = token;
  void fetch("/api/auth/session", { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(() => {});
}

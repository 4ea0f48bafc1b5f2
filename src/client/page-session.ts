"use client";
import { decodeToken, readToken } from "./session";

let asked: { token: string; done: Promise<boolean> } | null = null;

/**
 * Gets this browser the session cookie of its token's user (POST /auth/session) when the page says it
 * was rendered without one, or for another user: a browser logged in before the cookie existed, or
 * whose cookie ended. Once per token; a failure only means the next page renders without the cookie.
 * Answers whether the browser has the cookie of the token's user (the archive's plain download links
 * need it).
 */
export function ensurePageSession(pageUserId: number | null): Promise<boolean> {
  const token = readToken();
  const user = decodeToken(token);
  if (!token || !user || !user.isVerified) return Promise.resolve(false);
  if (user.id === pageUserId) return Promise.resolve(true);
  if (asked?.token !== token) {
    const done = fetch("/api/auth/session", { method: "POST", headers: { authorization: `Bearer ${token}` } }).then(
      (res) => res.ok,
      () => false,
    );
    asked = { token, done };
  }
  return asked.done;
}

import "server-only";
import { userFromPageSession, sessionCookieOf } from "../auth/page-session";
import { requireUser, type SessionUser } from "../auth/session";
import type { SiteId } from "@/sites/registry";

/**
 * The caller of a download: the bearer token as everywhere, or else the session cookie. The cookie lets the
 * screen download with a plain link (`<a href download>`), so the browser streams a 2 GiB file to the
 * disk itself instead of the page fetching it into memory to hand it on. It is safe for this one read:
 * the cookie is SameSite=Lax and HttpOnly; another site can at most make the browser download a file
 * the user may already read, and never read it; no change is ever made on the cookie (README, session
 * cookie), and the access rule is asked on every request as for the token.
 */
export async function downloadUser(req: Request, site: SiteId): Promise<SessionUser> {
  if (!req.headers.get("authorization")) {
    const user = await userFromPageSession(sessionCookieOf(req));
    if (user) return user;
  }
  return requireUser(req, site);
}

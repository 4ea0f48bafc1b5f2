import { withApi } from "@/server/api/handler";
import { endPageSession, sessionCookieHeader, sessionCookieOf } from "@/server/auth/page-session";

// POST /api/auth/logout: ends this browser's session cookie on the server and removes it. The one route
// that reads the cookie, and only to end it: the worst a forged request could do is log a browser out of
// its page renders, and SameSite=Lax keeps the cookie off another site's POST anyway. The bearer token is
// the client's to forget (it is stateless until it expires, as the specification has it).
export const POST = withApi(async ({ req }) => {
  await endPageSession(sessionCookieOf(req));
  return new Response(null, { status: 204, headers: { "set-cookie": sessionCookieHeader(req, null), "cache-control": "no-store" } });
});

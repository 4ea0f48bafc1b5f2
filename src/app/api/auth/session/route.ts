import { withUser } from "@/server/api/handler";
import { sessionCookieHeader, startPageSession } from "@/server/auth/page-session";

// POST /api/auth/session: the bearer token in, the session cookie out, for a browser that holds a token
// from before the cookie existed (or lost the cookie): the page then renders with its user next time
// without a new login. The token stays the credential of every API call.
// A blocked user still opens and views plans (the blocking rules), so the cookie that brings a plan with
// its page is theirs too, as the login that sets it is.
export const POST = withUser(
  async ({ req, user }) => {
    const value = await startPageSession(user);
    return new Response(null, { status: 204, headers: { "set-cookie": sessionCookieHeader(req, value), "cache-control": "no-store" } });
  },
  { allowBlocked: true },
);

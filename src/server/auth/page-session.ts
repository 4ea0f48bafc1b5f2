import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { userFromToken, type SessionUser } from "./session";
import { getDb } from "../db";

/**
 * The session cookie (issue 34): lets the server know the user when it renders a page, so /app can read
 * the open plan while it renders instead of after the page's JavaScript has run. It is read here, by
 * server components rendering pages, and nowhere else: every route handler, every change, keeps the
 * specification's bearer token as its only credential, so the cookie opens no CSRF surface (a forged
 * request carries the cookie but no token). It is HttpOnly (no script reads it), SameSite=Lax (not sent
 * with another site's POST, nor its fetches) and Secure whenever the browser can keep a Secure cookie.
 *
 * Server-side sessions rather than a signed cookie: logout must end this one cookie and leave the same
 * user's bearer tokens and other browsers alone, which a signed value can only do through a deny list.
 * The cookie is 32 random bytes; the database keeps their SHA-256 with the user and the user's token
 * version, so a password change, a reset or staff's "end sessions" (which bump the version) end it as
 * they end the tokens, and deleting the account deletes the row.
 */
export const SESSION_COOKIE = "session";

/** Seven days, like the access token (jwt.ts): the cookie never outlives the token it came with. */
export const PAGE_SESSION_SECONDS = 7 * 24 * 60 * 60;

const hashOf = (value: string) => createHash("sha256").update(value).digest("hex");

/** A cookie value is 43 base64url characters; anything else is not looked up at all. */
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session for the user at its current token version; returns the cookie's value. */
export async function startPageSession(user: Pick<SessionUser, "id" | "tokenVersion">, now = new Date()): Promise<string> {
  const value = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db
    .insertInto("page_sessions")
    .values({
      id_hash: hashOf(value),
      user_id: user.id,
      token_version: user.tokenVersion,
      expires_at: new Date(now.getTime() + PAGE_SESSION_SECONDS * 1000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  // The user's expired sessions go as a new one starts: the table holds live sessions only.
  await db.deleteFrom("page_sessions").where("user_id", "=", user.id).where("expires_at", "<=", now.toISOString()).execute();
  return value;
}

/** Ends the session of a cookie value (logout); an unknown value ends nothing. */
export async function endPageSession(value: string | null | undefined): Promise<void> {
  if (!value || !COOKIE_VALUE.test(value)) return;
  await (await getDb()).deleteFrom("page_sessions").where("id_hash", "=", hashOf(value)).execute();
}

/**
 * The user of a cookie value: a live session whose token version is still the user's, of a confirmed
 * account (the pages that use it are the protected ones). Else null.
 */
export async function userFromPageSession(value: string | null | undefined, now = new Date()): Promise<SessionUser | null> {
  if (!value || !COOKIE_VALUE.test(value)) return null;
  const db = await getDb();
  const row = await db
    .selectFrom("page_sessions")
    .innerJoin("users", "users.id", "page_sessions.user_id")
    .leftJoin("organisation_members", "organisation_members.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.is_verified", "users.token_version", "organisation_members.organisation_id"])
    .where("page_sessions.id_hash", "=", hashOf(value))
    .where("page_sessions.expires_at", ">", now.toISOString())
    .whereRef("page_sessions.token_version", "=", "users.token_version")
    .executeTakeFirst();
  if (!row || row.is_verified !== 1) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isVerified: true,
    organizationId: row.organisation_id ?? null,
    tokenVersion: row.token_version,
  };
}

/** The user of the page being rendered, from its session cookie; null without a live one. For server components only. */
export async function pageUser(): Promise<SessionUser | null> {
  return userFromPageSession((await cookies()).get(SESSION_COOKIE)?.value);
}

/**
 * Whether the browser keeps a Secure cookie from this request: over HTTPS (as the request, or a trusted
 * proxy, says), and on localhost and *.localhost, which browsers count as secure contexts over plain HTTP
 * (Chromium keeps Secure cookies there; the browser tests run on skilteplanen.localhost). Plain HTTP on
 * any other host (a test install on a LAN name) gets the cookie without Secure, else it would get none.
 */
function keepsSecureCookie(req: Request): boolean {
  const url = new URL(req.url);
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url.protocol.replace(":", "");
  if (proto === "https") return true;
  const host = (req.headers.get("host") ?? url.host).toLowerCase().replace(/:\d+$/, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]";
}

/** The Set-Cookie header that gives the browser a session's cookie (value) or removes it (null). */
export function sessionCookieHeader(req: Request, value: string | null): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(keepsSecureCookie(req) ? ["Secure"] : [])];
  return value === null
    ? [`${SESSION_COOKIE}=`, "Max-Age=0", ...attributes].join("; ")
    : [`${SESSION_COOKIE}=${value}`, `Max-Age=${PAGE_SESSION_SECONDS}`, ...attributes].join("; ");
}

/** The session cookie's value in a request's Cookie header (for logout and the archive's downloads). */
export function sessionCookieOf(req: Request): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=");
  }
  return null;
}

/**
 * An answer that issues an access token (login, e-mail confirmation, a password change) with a new
 * session cookie beside it, for the same user and token version. An unconfirmed account gets the token
 * alone: the pages the cookie serves are the protected ones.
 */
export async function answerWithSession<T extends { access_token: string }>(req: Request, body: T): Promise<Response> {
  const result = await userFromToken(body.access_token);
  const headers = new Headers({ "cache-control": "no-store" });
  if ("user" in result && result.user.isVerified)
    headers.append("set-cookie", sessionCookieHeader(req, await startPageSession(result.user)));
  return Response.json(body, { headers });
}

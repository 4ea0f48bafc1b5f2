/**
 * Where a visitor goes back to after logging in (core §2: "the origin path is remembered"). The path
 * travels in the login page's query, so it survives a reload and a visit to /register in between, and
 * an old value can never send a later, unrelated login somewhere unexpected.
 */

/** Query parameter of /login that names the page to return to. */
export const RETURN_PARAM = "from";

/** Where a login goes when no origin was remembered. */
export const DEFAULT_AFTER_LOGIN = "/app";

const BASE = "http://same-site.invalid";

/**
 * The value as a path on this site, or null: never another origin ("//evil.example", "/\evil",
 * "javascript:"), and never the login or register page itself (that would loop).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (/^\/(login|register)(\/|$)/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** The login page, remembering `from` when it is a path worth returning to. */
export function loginHref(from?: string | null): string {
  const path = safeReturnPath(from);
  return path && path !== "/" ? `/login?${RETURN_PARAM}=${encodeURIComponent(path)}` : "/login";
}

/** The remembered origin in a login page's query string, or the default. */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? DEFAULT_AFTER_LOGIN;
}

/** The verify-email page; `source: "protected-route"` when a guard sends the user there (core §2). */
export function verifyEmailHref(email: string | null | undefined, source?: "protected-route"): string {
  const query = new URLSearchParams();
  if (email) query.set("email", email);
  if (source) query.set("source", source);
  const qs = query.toString();
  return qs ? `/encourage-verify-email?${qs}` : "/encourage-verify-email";
}

/** The path and query the visitor sees now. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Pages whose path contains login or register handle their own errors (core §8). */
export function isAuthPage(pathname: string): boolean {
  return /login|register/.test(pathname);
}

/** Query flag with which the reset page sends the user to log in with the new password. */
export const PASSWORD_CHANGED_PARAM = "reset";
export const LOGIN_AFTER_RESET_HREF = `/login?${PASSWORD_CHANGED_PARAM}=done`;

/**
 * /create-first-organisation, offered once to a user in no organisation (after the first login, or on
 * confirming the e-mail), going on to `next` afterwards or when skipped.
 */
export function firstOrganisationHref(next: string = DEFAULT_AFTER_LOGIN): string {
  return next === DEFAULT_AFTER_LOGIN
    ? "/create-first-organisation"
    : `/create-first-organisation?${RETURN_PARAM}=${encodeURIComponent(next)}`;
}

/** Query parameter of /register opened from an organisation's invitation: the link's token (with `email`). */
export const REGISTER_INVITE_PARAM = "invite";

/** /register with the invited e-mail filled in and fixed, carrying the invitation's token along. */
export function registerFromInviteHref(email: string, token: string): string {
  return `/register?${new URLSearchParams({ email, [REGISTER_INVITE_PARAM]: token })}`;
}

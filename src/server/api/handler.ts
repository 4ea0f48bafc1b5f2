import "server-only";
import { ZodError } from "zod";
import { discardUnreadBody } from "./body";
import { ApiError, isClientAbort } from "./errors";
import { requireUser, userFromToken, type SessionUser } from "../auth/session";
import { isPasswordChecksBusy } from "../auth/hash-pool";
import { bearerToken } from "../auth/jwt";
import { log } from "../log";
import { clientIp } from "../rate-limit";
import { siteOrigin } from "../site-url";
import type { CallContext } from "../accounts/service";
import { serverTranslator } from "../i18n";
import { assertNotBlocked, isWriteMethod } from "../billing/blocking";
import { getDb } from "../db";
import { SITE_HEADER } from "@/lib/site-header";
import { isSiteId, parseSiteHosts, resolveSiteId, type SiteId } from "@/sites/registry";

export interface ApiContext<P> {
  req: Request;
  site: SiteId;
  params: P;
  /** Site, client address and link origin, for services. */
  call: CallContext;
}

export interface UserApiContext<P> extends ApiContext<P> {
  user: SessionUser;
}

type RouteContext<P> = { params: Promise<P> };

const siteHosts = parseSiteHosts(process.env.SITE_HOSTS);

/** The caller's site: the one the client names (core §7), else the one its Host header names, as for pages. */
export function siteOf(req: Request): SiteId {
  const header = req.headers.get(SITE_HEADER);
  return isSiteId(header) ? header : resolveSiteId(req.headers.get("x-forwarded-host") ?? req.headers.get("host"), siteHosts);
}

/**
 * Wraps a route handler: resolves the site and turns every thrown error into `{ message }` in the
 * user's language with a fitting status (DESIGN.md: a 500 is a bug, and never shows a stack trace).
 */
export function withApi<P = Record<string, never>>(handler: (ctx: ApiContext<P>) => Promise<Response>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    const site = siteOf(req);
    try {
      const call: CallContext = { site, ip: clientIp(req), origin: siteOrigin(site) };
      return await handler({ req, site, params: await context.params, call });
    } catch (error) {
      // A request refused before its body was read (no user, no right to the plan) is not read now either.
      discardUnreadBody(req);
      return errorResponse(error, site);
    }
  };
}

/**
 * Like withApi, for handlers that need a logged-in user with a confirmed e-mail: 401 without one, 403
 * while the e-mail is unconfirmed. An endpoint open to unconfirmed users says so by name
 * (`allowUnverified`), so one that forgets an option stays closed to them.
 *
 * A change (any method but GET, HEAD and OPTIONS) by a blocked user (issue 31: trial over without a
 * subscription, or an invoice unpaid past the grace) is refused with 402 and code ACCOUNT_BLOCKED
 * before the handler runs. The few changes a blocked user must still make (billing, storing an export,
 * leaving, deleting the account, the profile) say so by name (`allowBlocked`), so a new path is closed.
 */
export function withUser<P = Record<string, never>>(
  handler: (ctx: UserApiContext<P>) => Promise<Response>,
  options: { allowUnverified?: boolean; allowBlocked?: boolean } = {},
) {
  return withApi<P>(async (ctx) => {
    const user = await requireUser(ctx.req, ctx.site, options);
    if (!options.allowBlocked && isWriteMethod(ctx.req.method)) await assertNotBlocked(await getDb(), user.id, ctx.site, new Date());
    return handler({ ...ctx, user });
  });
}

/** The user of a request if it carries a valid token, else null (for endpoints open to everyone). */
export async function optionalUser(req: Request): Promise<SessionUser | null> {
  const result = await userFromToken(bearerToken(req.headers.get("authorization")));
  return "user" in result ? result.user : null;
}

export function errorResponse(error: unknown, site: SiteId): Response {
  const t = serverTranslator(site);
  if (error instanceof ApiError) {
    return Response.json({ message: error.message, ...error.extra }, { status: error.status, headers: error.headers });
  }
  if (error instanceof ZodError) {
    // Schemas in src/lib carry translation keys as messages; anything else names the field.
    const issue = error.issues[0];
    const field = issue?.path.join(".") || "body";
    const key = `validation.${issue?.message ?? ""}`;
    const message = issue && t.has(key as never) ? t(key as never) : t("api.errors.invalidField", { field });
    return Response.json({ message, field }, { status: 400 });
  }
  if (isPasswordChecksBusy(error)) {
    // Too many password checks are waiting (src/server/auth/hash-pool.ts): nothing was done; a few seconds clear the queue.
    return Response.json({ message: t("api.errors.busy") }, { status: 503, headers: { "retry-after": "5" } });
  }
  if (error instanceof SyntaxError) {
    return Response.json({ message: t("api.errors.invalidJson") }, { status: 400 });
  }
  if (isClientAbort(error)) {
    // The client went away mid-request (a closed tab, a cancelled upload): nothing to answer, and not
    // a fault of ours, so it is no error in the log. 400 because no response reaches anyone anyway.
    log.info("api", "request aborted by the client");
    return Response.json({ message: t("api.errors.unexpected") }, { status: 400 });
  }
  log.error("api", "unexpected error", error);
  return Response.json({ message: t("api.errors.unexpected") }, { status: 500 });
}

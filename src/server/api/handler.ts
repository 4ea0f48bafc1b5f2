import "server-only";
import { ZodError } from "zod";
import { ApiError } from "./errors";
import { log } from "../log";
import { serverTranslator } from "../i18n";
import { SITE_HEADER } from "@/lib/site-header";
import { isSiteId, parseSiteHosts, resolveSiteId, type SiteId } from "@/sites/registry";

export interface ApiContext<P> {
  req: Request;
  site: SiteId;
  params: P;
}

type RouteContext<P> = { params: Promise<P> };

const siteHosts = parseSiteHosts(process.env.SITE_HOSTS);

/** The caller's site: the header the proxy guarantees, or the Host when a handler is called directly. */
export function siteOf(req: Request): SiteId {
  const header = req.headers.get(SITE_HEADER);
  return isSiteId(header) ? header : resolveSiteId(req.headers.get("host"), siteHosts);
}

/**
 * Wraps a route handler: resolves the site and turns every thrown error into `{ message }` in the
 * user's language with a fitting status (DESIGN.md: a 500 is a bug, and never shows a stack trace).
 */
export function withApi<P = Record<string, never>>(handler: (ctx: ApiContext<P>) => Promise<Response>) {
  return async (req: Request, context: RouteContext<P>): Promise<Response> => {
    const site = siteOf(req);
    try {
      return await handler({ req, site, params: await context.params });
    } catch (error) {
      return errorResponse(error, site);
    }
  };
}

export function errorResponse(error: unknown, site: SiteId): Response {
  const t = serverTranslator(site);
  if (error instanceof ApiError) {
    return Response.json({ message: error.message, ...error.extra }, { status: error.status });
  }
  if (error instanceof ZodError) {
    // Schemas in src/lib carry translation keys as messages; anything else names the field.
    const issue = error.issues[0];
    const field = issue?.path.join(".") || "body";
    const key = `validation.${issue?.message ?? ""}`;
    const message = issue && t.has(key as never) ? t(key as never) : t("api.errors.invalidField", { field });
    return Response.json({ message, field }, { status: 400 });
  }
  if (error instanceof SyntaxError) {
    return Response.json({ message: t("api.errors.invalidJson") }, { status: 400 });
  }
  log.error("api", "unexpected error", error);
  return Response.json({ message: t("api.errors.unexpected") }, { status: 500 });
}

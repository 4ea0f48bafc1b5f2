/**
 * Next 16's proxy (formerly middleware): picks the site from the Host header and rewrites /x to
 * /<site>/x, so that pages under app/[site]/ get the site from their segment and never parse the host
 * (STYLE.md, "Host → site"). It also answers the specification's redirects and tells API route
 * handlers which site a call belongs to.
 */
import { NextResponse, type NextRequest } from "next/server";
import { REDIRECTS, ROUTES } from "@/sites/routes";
import { isSiteId, parseSiteHosts, resolveSiteId } from "@/sites/registry";
import { SITE_HEADER } from "@/lib/site-header";

const siteHosts = parseSiteHosts(process.env.SITE_HOSTS);

export function proxy(req: NextRequest): NextResponse {
  const hostSite = resolveSiteId(req.headers.get("x-forwarded-host") ?? req.headers.get("host"), siteHosts);
  const { pathname } = req.nextUrl;

  if (pathname === "/api" || pathname.startsWith("/api/")) {
    // The client names its site in a header (core §7); calls without it belong to the host's site.
    const claimed = req.headers.get(SITE_HEADER);
    const headers = new Headers(req.headers);
    headers.set(SITE_HEADER, isSiteId(claimed) ? claimed : hostSite);
    return NextResponse.next({ request: { headers } });
  }

  const redirectTo = REDIRECTS[pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname];
  if (redirectTo) {
    const url = new URL(req.nextUrl.href); // a plain URL: NextURL would keep a trailing slash
    url.pathname = ROUTES[redirectTo].path;
    return NextResponse.redirect(url, 308);
  }

  const url = req.nextUrl.clone();
  url.pathname = `/${hostSite}${pathname === "/" ? "" : pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // Everything but Next's own assets, socket.io and files in public/ (a last segment with an extension).
  matcher: ["/((?!_next/|socket\\.io/|.*\\.[A-Za-z0-9]+$).*)"],
};

/**
 * Next 16's proxy (formerly middleware): picks the site from the Host header and rewrites /x to
 * /<site>/x, so that pages under app/[site]/ get the site from their segment and never parse the host
 * (STYLE.md, "Host → site"). It also answers the specification's redirects and gives every page its
 * Content-Security-Policy with a fresh nonce.
 *
 * It does not run on /api: Next hands a proxy's requests on with at most 10 MiB of their body
 * (proxyClientMaxBodySize), which would cut uploads below their own limits. Route handlers take the
 * site from the same Host header themselves (siteOf in src/server/api/handler.ts).
 */
import { NextResponse, type NextRequest } from "next/server";
import { REDIRECTS, ROUTES } from "@/sites/routes";
import { parseSiteHosts, resolveSiteId } from "@/sites/registry";
import { mapConfigFromEnv, mapConfigUrls } from "@/lib/map-config";
import { contentSecurityPolicy, originsOf } from "@/server/security-headers";

const siteHosts = parseSiteHosts(process.env.SITE_HOSTS);
// The server's environment when it runs (not the build's), as the pages that show a map read it.
const mapOrigins = originsOf(mapConfigUrls(mapConfigFromEnv(process.env)));
const dev = process.env.NODE_ENV === "development";

export function proxy(req: NextRequest): NextResponse {
  const hostSite = resolveSiteId(req.headers.get("x-forwarded-host") ?? req.headers.get("host"), siteHosts);
  const { pathname } = req.nextUrl;

  const redirectTo = REDIRECTS[pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname];
  if (redirectTo) {
    const url = new URL(req.nextUrl.href); // a plain URL: NextURL would keep a trailing slash
    url.pathname = ROUTES[redirectTo].path;
    return NextResponse.redirect(url, 308);
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https = (req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? req.nextUrl.protocol.replace(":", "")) === "https";
  const policy = contentSecurityPolicy({ nonce, mapOrigins, dev, https });
  // Next reads the nonce from the request's policy and puts it on the scripts it renders; the layout
  // reads x-nonce for the one inline script of its own (the colour scheme's).
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", policy);
  headers.set("x-nonce", nonce);

  const url = req.nextUrl.clone();
  url.pathname = `/${hostSite}${pathname === "/" ? "" : pathname}`;
  const res = NextResponse.rewrite(url, { request: { headers } });
  res.headers.set("Content-Security-Policy", policy);
  return res;
}

export const config = {
  // Everything but the API, Next's own assets, socket.io and files in public/ (a last segment with an extension).
  matcher: ["/((?!api/|api$|_next/|socket\\.io/|.*\\.[A-Za-z0-9]+$).*)"],
};

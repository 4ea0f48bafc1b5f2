import "server-only";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { HSTS_HEADER, SECURITY_HEADERS } from "./security-headers";

/**
 * Request headers only a reverse proxy in front may set: what the browser asked for (host, scheme, port)
 * and who it is. Sent by a client itself they are made up. Next reads X-Forwarded-Host and -Proto for its
 * own request URL and fills in whichever is absent from the connection itself (base-server.ts); proxy.ts
 * reads -Proto for the CSP, siteOf -Host for the site, the rate limits -For.
 */
const PROXY_ONLY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"] as const;

/** The first value of a header a chain of proxies may have added to ("https, http"), lower-cased. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(",")[0]?.trim().toLowerCase();
}

/** Whether the browser reached us over HTTPS, as the trusted proxy in front says; never on a client's own word. */
export function reachedOverHttps(headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  return trustProxy && firstValue(headers["x-forwarded-proto"]) === "https";
}

/**
 * What server.ts does to every request before Next sees it. Without a trusted proxy (TRUST_PROXY unset)
 * the proxy-only headers a client sent are dropped and X-Forwarded-For becomes the connection's address,
 * so every reader sees the connection as it is: no HSTS or upgrade-insecure-requests on a plain-HTTP
 * request that claims HTTPS, no site other than the Host header's, no rate limit dodged. Behind a proxy
 * that says the browser used HTTPS, the answer carries HSTS (RFC 6797 §7.2: only over HTTPS).
 */
export function applyProxyTrust(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): void {
  if (!trustProxy) {
    for (const name of PROXY_ONLY_HEADERS) delete req.headers[name];
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "unknown";
  } else if (reachedOverHttps(req.headers, trustProxy)) {
    res.setHeader(HSTS_HEADER.key, HSTS_HEADER.value);
  }
}

/**
 * The security headers of an answer Next does not give (socket.io's polling and handshake answers): the
 * same as every answer of Next's (next.config.ts), and HSTS as applyProxyTrust decides it.
 */
export function securityHeadersOf(headers: IncomingHttpHeaders, trustProxy: boolean): Record<string, string> {
  const all = reachedOverHttps(headers, trustProxy) ? [...SECURITY_HEADERS, HSTS_HEADER] : SECURITY_HEADERS;
  return Object.fromEntries(all.map(({ key, value }) => [key, value]));
}

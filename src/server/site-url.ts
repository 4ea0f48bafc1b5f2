import "server-only";
import { getConfig } from "./config";
import { SITES, isSiteId, knownSiteOfHost, parseSiteHosts, type SiteId } from "@/sites/registry";

/**
 * The origin to put in links that leave the app (e-mails). SITE_URLS wins; otherwise the host the
 * request came in on, but only when it is one of the site's own hosts — a forged Host header must never
 * end up in a password-reset link; otherwise the site's production host.
 */
export function siteOrigin(site: SiteId, req?: Request): string {
  const config = getConfig();
  for (const entry of (config.SITE_URLS ?? "").split(",")) {
    const [id, url] = entry.split("=").map((s) => s.trim());
    if (isSiteId(id) && id === site && url) return url.replace(/\/+$/, "");
  }
  const host = req?.headers.get("host");
  if (host && knownSiteOfHost(host, parseSiteHosts(config.SITE_HOSTS)) === site) {
    const local = /\.localhost(:\d+)?$/i.test(host);
    return `${local ? "http" : "https"}://${host.toLowerCase()}`;
  }
  return `https://${SITES[site].productionHosts[0]}`;
}

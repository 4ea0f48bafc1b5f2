import "server-only";
import { getConfig, type ServerConfig } from "./config";
import { SITES, isSiteId, parseSiteHosts, type SiteId } from "@/sites/registry";

/**
 * The origin to put in links that leave the app (e-mails, share links), from the configuration only:
 * the request's Host and X-Forwarded-Host are the client's to choose, so none of their parts (host,
 * port, scheme) may reach a password-reset link. In order: the site's SITE_URLS entry; the first
 * SITE_HOSTS host of the site; outside production the development host <site>.localhost on PORT;
 * the site's production host.
 */
export function siteOrigin(
  site: SiteId,
  { config = getConfig(), production = process.env.NODE_ENV === "production" }: { config?: ServerConfig; production?: boolean } = {},
): string {
  for (const entry of (config.SITE_URLS ?? "").split(",")) {
    const [id, url] = entry.split("=").map((s) => s.trim());
    if (isSiteId(id) && id === site && url) return url.replace(/\/+$/, "");
  }
  for (const [host, id] of parseSiteHosts(config.SITE_HOSTS)) {
    if (id === site) return `https://${host}`;
  }
  if (!production) return `http://${site}.localhost:${config.PORT}`;
  return `https://${SITES[site].productionHosts[0]}`;
}

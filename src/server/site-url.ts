import "server-only";
import { getConfig, type ServerConfig } from "./config";
import { SITE_IDS, isSiteId, parseSiteHosts, type SiteId } from "@/sites/registry";

/**
 * The origin to put in links that leave the app (e-mails, share links), from the configuration only:
 * the request's Host and X-Forwarded-Host are the client's to choose, so none of their parts (host,
 * port, scheme) may reach a password-reset link. In order: the site's SITE_URLS entry; the first
 * SITE_HOSTS host of the site; the embedded default, <site>.localhost on PORT, where `npm start` serves
 * the sites on a fresh machine (a deployment sets SITE_HOSTS, and the server warns at start-up when it
 * runs in production without either setting: see `linkOriginsConfigured`).
 */
export function siteOrigin(site: SiteId, { config = getConfig() }: { config?: ServerConfig } = {}): string {
  for (const entry of (config.SITE_URLS ?? "").split(",")) {
    const [id, url] = entry.split("=").map((s) => s.trim());
    if (isSiteId(id) && id === site && url) return url.replace(/\/+$/, "");
  }
  for (const [host, id] of parseSiteHosts(config.SITE_HOSTS)) {
    if (id === site) return `https://${host}`;
  }
  return `http://${site}.localhost:${config.PORT}`;
}

/** Whether links name the sites' public addresses rather than the local default. */
export function linkOriginsConfigured(config: ServerConfig = getConfig()): boolean {
  return SITE_IDS.every((site) => !siteOrigin(site, { config }).startsWith(`http://${site}.localhost:`));
}

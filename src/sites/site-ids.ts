/** The three sister sites served by one build. The id is also the internal path segment. */
export const SITE_IDS = ["skilteplanen", "kloakplanen", "ta-planen"] as const;

export type SiteId = (typeof SITE_IDS)[number];

export const DEFAULT_SITE_ID: SiteId = "skilteplanen";

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === "string" && (SITE_IDS as readonly string[]).includes(value);
}

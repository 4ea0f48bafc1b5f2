/** The three sister sites served by one build. The id is also the internal path segment. */
export const SITE_IDS = ["skilteplanen", "kloakplanen", "ta-planen"] as const;

export type SiteId = (typeof SITE_IDS)[number];

export const DEFAULT_SITE_ID: SiteId = "skilteplanen";

/** The road-works sites (Danish sign plans, Swedish TA-plans); the third is the sewer site. */
export const SIGN_PLAN_SITES = ["skilteplanen", "ta-planen"] as const satisfies readonly SiteId[];

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === "string" && (SITE_IDS as readonly string[]).includes(value);
}

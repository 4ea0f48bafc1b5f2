/**
 * The message catalogues of each site: the language's catalogue, overlaid with the site's own texts
 * where they differ (messages/site-<id>.json). Universal, so client components can use the types.
 */
import da from "../../messages/da.json";
import sv from "../../messages/sv.json";
import kloakplanen from "../../messages/site-kloakplanen.json";
import { SITES, type Locale, type SiteId } from "@/sites/registry";

export type Messages = typeof da;

const catalogues: Record<Locale, Messages> = { da, sv };
const siteOverrides: Partial<Record<SiteId, DeepPartial<Messages>>> = { kloakplanen };

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function deepMerge<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (!override) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out as T;
}

const cache = new Map<SiteId, Messages>();

export function getSiteMessages(site: SiteId): Messages {
  let messages = cache.get(site);
  if (!messages) {
    messages = deepMerge(catalogues[SITES[site].locale], siteOverrides[site]);
    cache.set(site, messages);
  }
  return messages;
}

/**
 * The site registry: the single source for what differs between the three sites (DESIGN.md, "Sites").
 * Universal: imported by the proxy, server code, pages and client components alike.
 */
import { ROUTES, type RouteId } from "./routes";
import type { SignCatalogueId } from "@/lib/signs/types";
import { DEFAULT_SITE_ID, SITE_IDS, isSiteId, type SiteId } from "./site-ids";

export { DEFAULT_SITE_ID, SITE_IDS, isSiteId, type SiteId };

export type Locale = "da" | "sv";
export type NavEntry = RouteId | "faq" | "guide";

export interface Site {
  id: SiteId;
  locale: Locale;
  /** Brand name, shown in the header, titles and e-mails. A proper noun: the same in every language. */
  productName: string;
  /** Host names answered in production unless SITE_HOSTS says otherwise. */
  productionHosts: readonly string[];
  currency: "DKK" | "SEK";
  /** Length in digits of the company registration number (CVR in Denmark, organisationsnummer in Sweden). */
  companyIdLength: 8 | 10;
  planKind: "signplan" | "sewer";
  /**
   * The phase control on every map: a Swedish TA plan is made for working hours and for nights and
   * weekends. Elsewhere it shows on a plan that uses phases, and the ⋮ menu starts them (issue 33).
   */
  phasesAlwaysShown: boolean;
  /** The built-in sign catalogue its gallery offers (lib/signs/site-catalogue.ts): Danish signs, sewer symbols or Swedish signs. */
  signCatalogue: SignCatalogueId;
  /** Yearly prices excluding VAT (content §9), in whole currency units. */
  prices: { firstUser: number; extraUser: number };
  /** The sister site promoted in the footer; one in another country is promoted as such (footer.promoTitleAbroad). */
  promotedSite: SiteId;
  /** Slug of the "how to create a plan" guide that the nav's Guide entry opens (content §2). */
  guideSlug: string;
  nav: {
    public: readonly NavEntry[];
    /** Entries hidden from the header but still routed (the specification hides Cases). */
    publicHidden: readonly NavEntry[];
    private: readonly NavEntry[];
    footer: readonly NavEntry[];
  };
  /** The Danish sign-plan site has a fourth footer column (core §2). */
  footerExtraColumn: readonly NavEntry[] | null;
  /** Where its customers work: the address search asks this country's geocoder (src/server/geocoding). */
  country: "dk" | "se";
  /**
   * Where a new plan opens when the user has worked nowhere yet on this site (src/editor/ui/map/start-view.ts):
   * the specification's default view on the Danish sites, the whole of Sweden on TA-planen.
   */
  mapStart: { center: readonly [number, number]; zoom: number };
}

/** The specification's default view (core §3: 10.38551, 55.40178; zoom 12), kept as the Danish sites' start. */
const DANISH_START = { center: [10.38551, 55.40178], zoom: 12 } as const;

export const SITES: Readonly<Record<SiteId, Site>> = {
  skilteplanen: {
    id: "skilteplanen",
    locale: "da",
    productName: "Skilteplanen",
    productionHosts: ["skilteplanen.dk"],
    currency: "DKK",
    companyIdLength: 8,
    planKind: "signplan",
    phasesAlwaysShown: false,
    signCatalogue: "dk",
    prices: { firstUser: 2495, extraUser: 1195 },
    promotedSite: "kloakplanen",
    guideSlug: "opret-skilteplan",
    nav: {
      public: ["functions", "prices", "contact", "faq", "cases", "guide"],
      publicHidden: ["cases"],
      private: ["app", "guide", "functions", "standardPlans"],
      footer: ["functions", "prices", "contact", "guides", "cases", "privacyPolicy", "cookiePolicy", "termsOfService"],
    },
    footerExtraColumn: ["markingPlans", "standardPlans"],
    country: "dk",
    mapStart: DANISH_START,
  },
  kloakplanen: {
    id: "kloakplanen",
    locale: "da",
    productName: "Kloakplanen",
    productionHosts: ["kloakplanen.dk"],
    currency: "DKK",
    companyIdLength: 8,
    planKind: "sewer",
    phasesAlwaysShown: false,
    signCatalogue: "sewer",
    prices: { firstUser: 2495, extraUser: 1195 },
    promotedSite: "skilteplanen",
    guideSlug: "opret-kloakplan",
    nav: {
      public: ["prices", "contact", "faq", "cases", "guide"],
      publicHidden: ["cases"],
      private: ["app", "guide"],
      footer: ["prices", "contact", "guides", "cases", "privacyPolicy", "cookiePolicy", "termsOfService"],
    },
    footerExtraColumn: null,
    country: "dk",
    mapStart: DANISH_START,
  },
  "ta-planen": {
    id: "ta-planen",
    locale: "sv",
    productName: "TA-planen",
    productionHosts: ["ta-planen.se"],
    currency: "SEK",
    companyIdLength: 10,
    planKind: "signplan",
    phasesAlwaysShown: true,
    signCatalogue: "se",
    prices: { firstUser: 2995, extraUser: 1495 },
    // No Swedish sister: the Danish road-works site, for contractors who also work in Denmark (its
    // footer says so); the sewer site draws Danish sewer drawings, of no use in Sweden.
    promotedSite: "skilteplanen",
    guideSlug: "opret-ta-plan",
    nav: {
      public: ["functions", "prices", "contact", "faq", "cases", "guide"],
      publicHidden: ["cases"],
      private: ["app", "guide", "functions"],
      footer: ["functions", "prices", "contact", "guides", "cases", "privacyPolicy", "cookiePolicy", "termsOfService"],
    },
    footerExtraColumn: null,
    country: "se",
    // Sweden from Skåne to Norrbotten in a 1400 × 900 window; the address search takes the user on from there.
    mapStart: { center: [16.5, 62.5], zoom: 5 },
  },
};

export function getSite(id: SiteId): Site {
  return SITES[id];
}

export function siteHasRoute(site: SiteId, route: RouteId): boolean {
  const sites = ROUTES[route].sites;
  return sites === "all" || (sites as readonly SiteId[]).includes(site);
}

/** The sites that serve a route: the `generateStaticParams` of every page. */
export function sitesWithRoute(route: RouteId): SiteId[] {
  return SITE_IDS.filter((id) => siteHasRoute(id, route));
}

/**
 * Parses SITE_HOSTS, e.g. "skilteplanen.dk=skilteplanen,www.kloakplanen.dk=kloakplanen".
 * Entries naming an unknown site are ignored rather than failing every request.
 */
export function parseSiteHosts(value: string | undefined): Map<string, SiteId> {
  const map = new Map<string, SiteId>();
  for (const entry of (value ?? "").split(",")) {
    const [host, site] = entry.split("=").map((s) => s.trim().toLowerCase());
    if (host && isSiteId(site)) map.set(stripHost(host), site);
  }
  return map;
}

/** Lower-cases, drops the port and a leading "www.". */
export function stripHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
}

/**
 * Resolves the site from a Host header: SITE_HOSTS first, then the development host names
 * (<site>.localhost) and the built-in production hosts; anything else gets the default site.
 */
export function resolveSiteId(host: string | null | undefined, siteHosts: Map<string, SiteId>): SiteId {
  return knownSiteOfHost(host, siteHosts) ?? DEFAULT_SITE_ID;
}

/** The site a host name belongs to, or null when the host is not one of ours. */
export function knownSiteOfHost(host: string | null | undefined, siteHosts: Map<string, SiteId>): SiteId | null {
  if (!host) return null;
  const name = stripHost(host);
  const mapped = siteHosts.get(name);
  if (mapped) return mapped;
  for (const id of SITE_IDS) {
    if (name === `${id}.localhost` || SITES[id].productionHosts.includes(name)) return id;
  }
  return null;
}

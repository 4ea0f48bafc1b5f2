import { describe, expect, it } from "vitest";
import { ROUTES } from "@/sites/routes";
import { SITES, SITE_IDS, parseSiteHosts, resolveSiteId, siteHasRoute, sitesWithRoute } from "@/sites/registry";
import { navHref } from "@/sites/nav";

describe("site registry", () => {
  it("resolves the development hosts, with or without port and www", () => {
    const none = parseSiteHosts(undefined);
    expect(resolveSiteId("skilteplanen.localhost:3000", none)).toBe("skilteplanen");
    expect(resolveSiteId("KLOAKPLANEN.localhost", none)).toBe("kloakplanen");
    expect(resolveSiteId("www.ta-planen.se", none)).toBe("ta-planen");
  });

  it("gives an unknown or missing host the default site", () => {
    const none = parseSiteHosts(undefined);
    expect(resolveSiteId("example.com", none)).toBe("skilteplanen");
    expect(resolveSiteId(null, none)).toBe("skilteplanen");
    expect(resolveSiteId("localhost:3000", none)).toBe("skilteplanen");
  });

  it("maps production hosts through SITE_HOSTS and ignores entries naming no site", () => {
    const hosts = parseSiteHosts("plans.example.se=ta-planen, www.kloak.example.dk = kloakplanen, bad.example=nosuchsite,=");
    expect([...hosts.entries()]).toEqual([
      ["plans.example.se", "ta-planen"],
      ["kloak.example.dk", "kloakplanen"],
    ]);
    expect(resolveSiteId("plans.example.se:443", hosts)).toBe("ta-planen");
    expect(resolveSiteId("kloak.example.dk", hosts)).toBe("kloakplanen");
    expect(resolveSiteId("bad.example", hosts)).toBe("skilteplanen");
  });

  it("knows which routes each site has", () => {
    expect(siteHasRoute("kloakplanen", "functions")).toBe(false);
    expect(siteHasRoute("ta-planen", "functions")).toBe(true);
    expect(sitesWithRoute("standardPlans")).toEqual(["skilteplanen"]);
    expect(sitesWithRoute("markingPlans")).toEqual(["skilteplanen"]);
    expect(sitesWithRoute("contact")).toEqual([...SITE_IDS]);
  });

  it("has the languages, currencies, company-id lengths and prices of the specification", () => {
    expect(SITE_IDS.map((id) => [id, SITES[id].locale, SITES[id].currency, SITES[id].companyIdLength])).toEqual([
      ["skilteplanen", "da", "DKK", 8],
      ["kloakplanen", "da", "DKK", 8],
      ["ta-planen", "sv", "SEK", 10],
    ]);
    expect(SITES.skilteplanen.prices).toEqual({ firstUser: 2495, extraUser: 1195 });
    expect(SITES["ta-planen"].prices).toEqual({ firstUser: 2995, extraUser: 1495 });
  });

  it("only links navigation to routes the site has", () => {
    for (const id of SITE_IDS) {
      const site = SITES[id];
      const entries = [...site.nav.public, ...site.nav.private, ...site.nav.footer, ...(site.footerExtraColumn ?? [])];
      for (const entry of entries) {
        if (entry === "faq" || entry === "guide") continue;
        expect(siteHasRoute(id, entry), `${id} links to ${entry}`).toBe(true);
      }
    }
  });

  it("orders the public header as the specification does", () => {
    expect(SITES.skilteplanen.nav.public).toEqual(["functions", "prices", "contact", "faq", "cases", "guide"]);
    expect(SITES.skilteplanen.nav.private).toEqual(["app", "guide", "functions", "standardPlans"]);
    expect(navHref(SITES.skilteplanen, "faq")).toBe("/#faq");
    expect(navHref(SITES.kloakplanen, "guide")).toBe("/guide/opret-kloakplan");
    expect(navHref(SITES.kloakplanen, "prices")).toBe(ROUTES.prices.path);
  });
});

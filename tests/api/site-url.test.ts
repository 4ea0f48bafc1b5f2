import { describe, expect, it } from "vitest";
import { getConfig } from "@/server/config";
import { siteOrigin } from "@/server/site-url";

const config = (env: Record<string, string>) => getConfig({ ...env } as NodeJS.ProcessEnv);

describe("links in e-mails", () => {
  it("take the site's SITE_URLS entry first", () => {
    const c = config({ SITE_URLS: "ta-planen=https://ta.example.se/,skilteplanen=http://intern:8080", SITE_HOSTS: "x.dk=ta-planen" });
    expect(siteOrigin("ta-planen", { config: c, production: true })).toBe("https://ta.example.se");
    expect(siteOrigin("skilteplanen", { config: c, production: true })).toBe("http://intern:8080");
  });

  it("then the site's first SITE_HOSTS host, then the production host (or <site>.localhost in development)", () => {
    const c = config({ SITE_HOSTS: "www.kloak.example.dk=kloakplanen,kloakplanen.test=kloakplanen", PORT: "3456" });
    expect(siteOrigin("kloakplanen", { config: c, production: true })).toBe("https://kloak.example.dk");
    expect(siteOrigin("ta-planen", { config: c, production: true })).toBe("https://ta-planen.se");
    expect(siteOrigin("ta-planen", { config: c, production: false })).toBe("http://ta-planen.localhost:3456");
  });
});

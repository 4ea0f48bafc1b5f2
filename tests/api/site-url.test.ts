import { describe, expect, it } from "vitest";
import { getConfig } from "@/server/config";
import { linkOriginsConfigured, siteOrigin } from "@/server/site-url";

const config = (env: Record<string, string>) => getConfig({ ...env } as NodeJS.ProcessEnv);

describe("links in e-mails", () => {
  it("take the site's SITE_URLS entry first", () => {
    const c = config({ SITE_URLS: "ta-planen=https://ta.example.se/,skilteplanen=http://intern:8080", SITE_HOSTS: "x.dk=ta-planen" });
    expect(siteOrigin("ta-planen", { config: c })).toBe("https://ta.example.se");
    expect(siteOrigin("skilteplanen", { config: c })).toBe("http://intern:8080");
  });

  it("then the site's first SITE_HOSTS host, then the embedded default <site>.localhost on PORT", () => {
    const c = config({ SITE_HOSTS: "www.kloak.example.dk=kloakplanen,kloakplanen.test=kloakplanen", PORT: "3456" });
    expect(siteOrigin("kloakplanen", { config: c })).toBe("https://kloak.example.dk");
    expect(siteOrigin("ta-planen", { config: c })).toBe("http://ta-planen.localhost:3456");
    expect(linkOriginsConfigured(c)).toBe(false);
    const all = config({ SITE_HOSTS: "a.dk=skilteplanen,b.dk=kloakplanen,c.se=ta-planen" });
    expect(linkOriginsConfigured(all)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { siteOrigin } from "@/server/site-url";

const req = (host: string) => new Request(`http://${host}/api/x`, { headers: { host } });

describe("links in e-mails", () => {
  it("use the host the request came in on when it is one of the site's own", () => {
    expect(siteOrigin("ta-planen", req("ta-planen.localhost:3000"))).toBe("http://ta-planen.localhost:3000");
    expect(siteOrigin("kloakplanen", req("www.kloakplanen.dk"))).toBe("https://www.kloakplanen.dk");
  });

  it("never use a forged or foreign Host header", () => {
    expect(siteOrigin("skilteplanen", req("evil.example"))).toBe("https://skilteplanen.dk");
    expect(siteOrigin("skilteplanen", req("kloakplanen.localhost:3000"))).toBe("https://skilteplanen.dk");
    expect(siteOrigin("ta-planen")).toBe("https://ta-planen.se");
  });
});

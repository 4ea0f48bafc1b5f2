import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, originsOf } from "./security-headers";
import { mapConfigFromEnv, mapConfigUrls } from "@/lib/map-config";

describe("the page's Content-Security-Policy", () => {
  const policy = (options: Partial<Parameters<typeof contentSecurityPolicy>[0]> = {}) =>
    contentSecurityPolicy({ nonce: "abc", mapOrigins: ["https://tiles.example"], dev: false, https: false, ...options });

  it("lets only the nonce's scripts run, and never eval outside development", () => {
    expect(policy()).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(policy()).not.toContain("unsafe-eval");
    expect(policy({ dev: true })).toContain("'unsafe-eval'");
  });

  it("allows the base maps' origins for images and requests, and asks for https only over https", () => {
    expect(policy()).toContain("img-src 'self' data: blob: https://tiles.example;");
    expect(policy()).toContain("connect-src 'self' https://tiles.example;");
    expect(policy()).not.toContain("upgrade-insecure-requests");
    expect(policy({ https: true })).toMatch(/; upgrade-insecure-requests$/);
  });
});

describe("originsOf", () => {
  it("takes the origin of each template, a placeholder in the host as a wildcard", () => {
    expect(
      originsOf([
        "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        "https://{a-c}.tile.example.org/{z}/{x}/{y}.png",
        "HTTPS://API.Dataforsyningen.dk",
        "https://api.dataforsyningen.dk/x",
        "not a url",
      ]),
    ).toEqual(["https://tile.openstreetmap.org", "https://*.tile.example.org", "https://api.dataforsyningen.dk"]);
  });
});

describe("the policy of the run-time map configuration", () => {
  it("allows a local tile server given at run time, with its port, beside the default services", () => {
    const config = mapConfigFromEnv({ OSM_URL: "http://127.0.0.1:3190/{z}/{x}/{y}.png" });
    const policy = contentSecurityPolicy({ nonce: "n", mapOrigins: originsOf(mapConfigUrls(config)), dev: false, https: false });
    expect(policy).toContain(
      "img-src 'self' data: blob: https://api.dataforsyningen.dk https://maps.lantmateriet.se http://127.0.0.1:3190;",
    );
    expect(policy).not.toContain("tile.openstreetmap.org");
  });
});

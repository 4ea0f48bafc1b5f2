import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, originsOf } from "./security-headers";

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

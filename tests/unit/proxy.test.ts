import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

function request(path: string, host: string, headers: Record<string, string> = {}) {
  return new NextRequest(`http://${host}${path}`, { headers: { host, ...headers } });
}

describe("proxy", () => {
  it("rewrites a page to the segment of the host's site", () => {
    const res = proxy(request("/prices?x=1", "kloakplanen.localhost:3000"));
    expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe("/kloakplanen/prices");
    expect(new URL(res.headers.get("x-middleware-rewrite")!).search).toBe("?x=1");
    const home = proxy(request("/", "ta-planen.localhost:3000"));
    expect(new URL(home.headers.get("x-middleware-rewrite")!).pathname).toBe("/ta-planen");
  });

  it("sends an unknown host to the default site", () => {
    const res = proxy(request("/contact", "unknown.example"));
    expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe("/skilteplanen/contact");
  });

  it("cannot be tricked into another site's pages by a path", () => {
    const res = proxy(request("/kloakplanen/prices", "skilteplanen.localhost"));
    expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe("/skilteplanen/kloakplanen/prices");
  });

  it.each([
    ["/support", "/contact"],
    ["/kontakt", "/contact"],
    ["/priser", "/prices"],
    ["/privatlivspolitik", "/privacy-policy"],
    ["/cookiepolitik", "/cookie-policy"],
    ["/handelsbetingelser", "/terms-of-service"],
    ["/logind", "/login"],
    ["/opret-bruger", "/register"],
    ["/funktioner", "/functions"],
    ["/kontakt/", "/contact"],
  ])("redirects %s permanently to %s on the same host", (from, to) => {
    const res = proxy(request(`${from}?source=ad`, "ta-planen.localhost:3000"));
    expect(res.status).toBe(308);
    const location = new URL(res.headers.get("location")!);
    expect(location.host).toBe("ta-planen.localhost:3000");
    expect(location.pathname).toBe(to);
    expect(location.search).toBe("?source=ad");
  });

  it("tells API handlers the site, trusting only a valid site header", () => {
    const named = proxy(request("/api/health", "skilteplanen.localhost", { "x-site": "ta-planen" }));
    expect(named.headers.get("x-middleware-request-x-site")).toBe("ta-planen");
    const bogus = proxy(request("/api/health", "kloakplanen.localhost", { "x-site": "evil" }));
    expect(bogus.headers.get("x-middleware-request-x-site")).toBe("kloakplanen");
    expect(bogus.headers.get("x-middleware-rewrite")).toBeNull();
  });
});

import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config, proxy } from "@/proxy";
import { siteOf } from "@/server/api/handler";

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

  it("does not run on the API (it would cut request bodies at 10 MiB), Next's assets or public files", () => {
    // Next matches the whole path against the matcher, anchored.
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    for (const path of ["/", "/app", "/prices", "/apiary", "/view"]) expect(matcher.test(path), path).toBe(true);
    for (const path of ["/api", "/api/health", "/api/signplan/1/background", "/_next/static/x.js", "/socket.io/", "/icons/a.svg"]) {
      expect(matcher.test(path), path).toBe(false);
    }
  });

  it("gives each page a CSP with a fresh nonce, and hands the same nonce to the page's rendering", () => {
    const first = proxy(request("/login", "skilteplanen.localhost"));
    const second = proxy(request("/login", "skilteplanen.localhost"));
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
    expect(first.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    const https = proxy(request("/login", "skilteplanen.localhost", { "x-forwarded-proto": "https" }));
    expect(https.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});

describe("the page's policy and the base maps", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("allows the tile server of the environment the server runs in, not the build's", async () => {
    vi.stubEnv("OSM_URL", "http://127.0.0.1:3190/{z}/{x}/{y}.png");
    vi.resetModules();
    const { proxy: fresh } = await import("@/proxy");
    const policy = fresh(request("/app", "skilteplanen.localhost")).headers.get("content-security-policy")!;
    expect(policy).toMatch(/img-src [^;]* http:\/\/127\.0\.0\.1:3190[ ;]/);
    expect(policy).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:3190[ ;]/);
    expect(policy).not.toContain("tile.openstreetmap.org");
  });
});

describe("the API's site", () => {
  const api = (host: string, headers: Record<string, string> = {}) =>
    new Request(`http://${host}/api/health`, { headers: { host, ...headers } });

  it("is the one the client names when it is a site, else the host's", () => {
    expect(siteOf(api("skilteplanen.localhost", { "x-site": "ta-planen" }))).toBe("ta-planen");
    expect(siteOf(api("kloakplanen.localhost", { "x-site": "evil" }))).toBe("kloakplanen");
    expect(siteOf(api("unknown.example"))).toBe("skilteplanen");
  });
});

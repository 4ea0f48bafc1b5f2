/**
 * The browser security headers (src/server/security-headers.ts, src/proxy.ts) and that every page works
 * under them. Every other browser test runs under the same policy and fails on any violation
 * (tests/e2e/fixtures.ts); this one walks every public page of every site and shows the policy bites.
 */
import { ROUTES, type RouteDef } from "@/sites/routes";
import { SITE_IDS } from "@/sites/site-ids";
import { apiCall } from "./api";
import { expect, takeViolations, test } from "./fixtures";
import { siteRequest, siteUrl, waitForHydration } from "./support";
import { E2E_PORT } from "../../playwright.config";

function cspOf(headers: Record<string, string | string[] | undefined>): Map<string, string> {
  const text = String(headers["content-security-policy"] ?? "");
  return new Map(
    text
      .split(";")
      .map((part) => part.trim().split(/\s+(.*)/s) as [string, string])
      .filter(([name]) => name),
  );
}

test("every page has a strict CSP with a fresh nonce, and every answer the other security headers", async () => {
  const [first, second] = [await siteRequest("skilteplanen", "/login"), await siteRequest("skilteplanen", "/login")];
  for (const page of [first, second]) {
    expect(page.status).toBe(200);
    const csp = cspOf(page.headers);
    const script = csp.get("script-src") ?? "";
    expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(script).toContain("'strict-dynamic'");
    expect(script).not.toContain("unsafe-eval");
    expect(script).not.toContain("unsafe-inline");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    // The nonce of the header is the one on the page's scripts.
    const nonce = /'nonce-([^']+)'/.exec(script)![1]!;
    expect(page.body).toContain(`nonce="${nonce}"`);
    expect(page.headers["x-middleware-rewrite"]).toBeUndefined();
    expect(page.headers["strict-transport-security"]).toBeUndefined();
  }
  expect(cspOf(first.headers).get("script-src")).not.toBe(cspOf(second.headers).get("script-src"));

  const api = await apiCall("skilteplanen", "GET", "/api/health");
  for (const res of [first.headers, api.headers]) {
    expect(res["x-content-type-options"]).toBe("nosniff");
    expect(res["x-frame-options"]).toBe("DENY");
    expect(res["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res["permissions-policy"]).toContain("camera=()");
  }
});

test("a client's own X-Forwarded-* change nothing without a trusted proxy (TRUST_PROXY is unset here)", async () => {
  // HSTS and upgrade-insecure-requests only on a trusted proxy's word that the browser used HTTPS
  // (src/server/forwarded-headers.test.ts shows them behind one).
  const claims = { "x-forwarded-proto": "https", "x-forwarded-host": `ta-planen.localhost:${E2E_PORT}` };
  const api = await apiCall("skilteplanen", "GET", "/api/health", undefined, undefined, claims);
  expect(api.status).toBe(200);
  expect(api.headers["strict-transport-security"]).toBeUndefined();
  const page = await siteRequest("skilteplanen", "/login", claims);
  expect(page.headers["strict-transport-security"]).toBeUndefined();
  expect(cspOf(page.headers).has("upgrade-insecure-requests")).toBe(false);
  // The site is the Host header's: the Danish login page, not TA-planen's Swedish one.
  expect(page.body).toContain('lang="da"');
  expect((await siteRequest("ta-planen", "/login")).body).toContain('lang="sv"');
});

test("socket.io's polling answers carry the security headers too", async () => {
  const polling = await siteRequest("skilteplanen", "/socket.io/?EIO=4&transport=polling", { "x-forwarded-proto": "https" });
  expect(polling.status).toBe(200);
  expect(polling.body).toMatch(/^0\{"sid"/);
  expect(polling.headers).toMatchObject({
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": expect.stringContaining("camera=()"),
  });
  expect(polling.headers["strict-transport-security"]).toBeUndefined();
});

test("a script the server did not send is refused: an injected inline script does not run", async ({ page }) => {
  await page.route("**/login", async (route) => {
    // The test process does not resolve *.localhost as the browser does: it asks the loopback address.
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `http://127.0.0.1:${url.port}${url.pathname}`,
      headers: { ...route.request().headers(), host: url.host },
    });
    const html = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
    await route.fulfill({ response, body: html });
  });
  await page.goto(siteUrl("skilteplanen", "/login"));
  await waitForHydration(page.getByTestId("site-header"));
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(() => takeViolations(/inline script/i).length).toBeGreaterThan(0);
});

const publicPaths = (site: (typeof SITE_IDS)[number]) =>
  Object.values(ROUTES as Record<string, RouteDef>)
    .filter((route) => route.auth === "public" && (route.sites === "all" || route.sites.includes(site)))
    .map((route) => route.path);

for (const site of SITE_IDS) {
  test(`every public page of ${site} loads and hydrates under the policy`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of publicPaths(site)) {
      const res = await page.goto(siteUrl(site, path));
      // A route of the table without a page yet (order-control) answers the not-found page, which must work too.
      expect(res?.status(), path).toBeLessThan(500);
      await waitForHydration(page.getByTestId("site-header"));
    }
  });
}

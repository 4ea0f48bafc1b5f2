import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { axeViolations } from "./organisation-support";
import { siteRequest, siteTexts, siteUrl, waitForHydration } from "./support";
import { SITES } from "@/sites/registry";
import { SITE_IDS } from "@/sites/site-ids";

// Issue 34: the shell is rendered on the server and the front page loads only the shell's JavaScript.

/**
 * Strings that only the code a logged-out front page must not load contains, each with what it marks:
 * OpenLayers sets the class "ol-viewport" on its map's element; socket.io-client names a disconnect by
 * the server "io server disconnect"; the plan editor installs window.__planEditor
 * (src/editor/core/test-api.ts); zod 4's default messages start "Invalid input".
 */
const MARKERS = {
  openLayers: "ol-viewport",
  socketIoClient: "io server disconnect",
  editor: "__planEditor",
  zod: "Invalid input",
} as const;

const CHUNKS_DIR = path.resolve(import.meta.dirname, "../../.next/static/chunks");

test("the markers are real: each is in the build's chunks, so their absence from a page means something", () => {
  const chunks = readdirSync(CHUNKS_DIR, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(path.join(CHUNKS_DIR, name), "utf8"));
  for (const [what, marker] of Object.entries(MARKERS)) {
    expect(
      chunks.some((source) => source.includes(marker)),
      `${what}: "${marker}" in some chunk`,
    ).toBe(true);
  }
});

for (const site of SITE_IDS) {
  test(`${site}: a logged-out front page loads neither the editor, OpenLayers, socket.io nor zod`, async ({ page }) => {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(siteUrl(site));
    await page.waitForLoadState("networkidle");
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    for (const { url, body } of loaded) {
      for (const [what, marker] of Object.entries(MARKERS)) {
        expect(body.includes(marker), `${url} holds ${what} ("${marker}")`).toBe(false);
      }
    }
  });

  test(`${site}: the header's navigation and the footer are in the server's HTML`, async () => {
    const t = siteTexts(site);
    const { status, body } = await siteRequest(site, "/");
    expect(status).toBe(200);
    const header = body.slice(body.indexOf('data-testid="site-header"'), body.indexOf('id="main"'));
    expect(header.length).toBeGreaterThan(0);
    const config = SITES[site];
    for (const entry of config.nav.public.filter((e) => !config.nav.publicHidden.includes(e))) {
      expect(header, `nav entry ${entry}`).toContain(`>${t(`nav.${entry}`)}</a>`);
    }
    const footer = body.slice(body.indexOf('data-testid="site-footer"'));
    expect(body).toContain('data-testid="site-footer"');
    expect(footer).toContain(t("footer.contactText"));
    expect(footer).toContain(t("footer.responseTime"));
    expect(footer).toContain(`>${t("nav.prices")}</a>`);
  });
}

for (const width of [1400, 390]) {
  test(`the front page with its server-rendered shell has no serious accessibility violation at ${width} px, open menus included`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(siteUrl("skilteplanen"));
    await waitForHydration(page.getByTestId("theme-mode-button"));
    expect(await axeViolations(page)).toEqual([]);
    // The menus that now load at the first tap.
    if (width < 900) {
      await page.getByTestId("mobile-menu-button").click();
      await expect(page.locator(".MuiDrawer-paper")).toBeVisible();
    } else {
      await page.getByTestId("theme-mode-button").click();
      await expect(page.getByTestId("theme-mode-dark")).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
  });
}

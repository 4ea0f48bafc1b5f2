/**
 * The export panel's frame and view (issue 29): the turn buttons turn the frame on the screen the way
 * they say, opening and closing the panel leaves the map's view (and the saved view) as it was, and a
 * WMS base map is asked for the print's own pixels, so 300 dpi chosen is 300 dpi printed.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { editorUser, newPlan, openEditor, putContent, serverPlan, type EditorUser } from "./editor-support";
import { openExportPanel, pdfImages, saveDownload } from "./export-support";
import { startWmsServer, type WmsServer } from "./wms-server";
import { pageLayout } from "@/editor/export/page-layout";
import type { Position } from "@/lib/elements/common";

const CENTRE: Position = [10.38551, 55.40178];
let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

/** A plan north-up at street zoom round CENTRE, as the server keeps it. */
async function northUpPlan(name: string, activeMapLayerId?: string) {
  const planId = await newPlan(user, name);
  await putContent(user, planId, (content) => ({
    ...content,
    mapView: { ...content.mapView, center: CENTRE, zoom: 17, rotation: 0, ...(activeMapLayerId ? { activeMapLayerId } : {}) },
  }));
  return planId;
}

/** The angle of the frame's top edge on the screen, in degrees clockwise from the screen's horizontal. */
async function frameTopEdgeAngle(page: Page): Promise<number> {
  const [tl, tr] = await page.evaluate(() => {
    const api = window.__planEditor!;
    return api.printFrame()!.map((corner) => api.pixelOf(corner)!);
  });
  // Screen y grows downwards: a positive angle is a clockwise turn.
  return (Math.atan2(tr![1] - tl![1], tr![0] - tl![0]) * 180) / Math.PI;
}

test("the frame turns clockwise on the screen with Drej rammen 5° med uret, and back with mod uret", async ({ page }) => {
  const planId = await northUpPlan("Rammen drejes");
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  await expect.poll(() => frameTopEdgeAngle(page)).toBeCloseTo(0, 1);

  await page.getByRole("button", { name: "Drej rammen 5° med uret" }).click();
  await expect(page.getByTestId("export-rotation")).toHaveText("Drejning: 5°");
  await expect.poll(() => frameTopEdgeAngle(page)).toBeCloseTo(5, 1);

  await page.getByRole("button", { name: "Drej rammen 5° mod uret" }).click();
  await page.getByRole("button", { name: "Drej rammen 5° mod uret" }).click();
  await expect(page.getByTestId("export-rotation")).toHaveText("Drejning: -5°");
  await expect.poll(() => frameTopEdgeAngle(page)).toBeCloseTo(-5, 1);
});

test("opening and closing the export panel leaves the map's view and the saved view as they were", async ({ page }) => {
  const planId = await northUpPlan("Udsigten bliver");
  await openEditor(page, user, planId, 17);
  const view = () => page.evaluate(() => ({ center: window.__planEditor!.getCenter(), zoom: window.__planEditor!.getZoom() }));
  // The editor's own first moves are saved before the panel opens.
  await expect
    .poll(async () => JSON.stringify((await serverPlan(user, planId)).content.mapView))
    .toBe(JSON.stringify((await page.evaluate(() => window.__planEditor!.getContent())).mapView));
  const before = await view();
  const saved = await serverPlan(user, planId);
  const revision = await page.evaluate(() => window.__planEditor!.getRevision());

  await openExportPanel(page);
  // The panel brings its frame into sight beside itself: the map moves while it is open...
  await expect.poll(async () => metresBetween((await view()).center, before.center)).toBeGreaterThan(5);
  // ...and "Vis hele rammen" moves it again.
  await page.getByRole("button", { name: "Vis hele rammen" }).click();
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.getByTestId("export-close").click();
  await expect(page.getByTestId("export-panel")).toHaveCount(0);
  await page.evaluate(() => window.__planEditor!.rendered());

  const after = await view();
  expect(metresBetween(after.center, before.center)).toBeLessThan(0.01);
  expect(Math.abs(after.zoom - before.zoom)).toBeLessThan(1e-9);
  // Nothing of the moves reached the plan: no change to save, and the server's view is the one from before.
  expect(await page.evaluate(() => window.__planEditor!.getRevision())).toBe(revision);
  const now = await serverPlan(user, planId);
  expect(now.version).toBe(saved.version);
  expect(now.content.mapView).toEqual(saved.content.mapView);
});

/** Ground metres between two lon/lat positions a few hundred metres apart (equirectangular, WGS84 radius). */
function metresBetween(a: Position, b: Position): number {
  const r = 6_371_008.8;
  const phi = (((a[1] + b[1]) / 2) * Math.PI) / 180;
  return r * Math.hypot((((a[0] - b[0]) * Math.PI) / 180) * Math.cos(phi), ((a[1] - b[1]) * Math.PI) / 180);
}

test.describe("the Danish screen map as a WMS", () => {
  let wms: WmsServer;
  test.beforeAll(async () => {
    wms = await startWmsServer();
  });
  test.afterAll(async () => {
    await wms.close();
  });

  test("is asked for the print's own pixels: A3 at 1:500 and 300 dpi gets a 300 dpi base map", async ({ page }) => {
    test.setTimeout(90_000);
    // The app is configured with the stand-in's URL but no token (playwright.config.ts), which keeps the
    // Danish maps unavailable for every other test: this page gets one in its map configuration.
    await page.route(
      (url) => url.pathname.endsWith("/app"),
      async (route) => {
        // Node does not resolve *.localhost as the browser does: the same request, sent to 127.0.0.1.
        const url = new URL(route.request().url());
        const host = url.host;
        url.hostname = "127.0.0.1";
        const response = await route.fetch({ url: url.toString(), headers: { ...route.request().headers(), host } });
        const body = (await response.text()).replace(
          /(\\?"dataforsyningen\\?":\{\\?"baseUrl\\?":\\?"[^"\\]*\\?",\\?"token\\?":)null/g,
          '$1\\"e2e-token\\"',
        );
        await route.fulfill({ response, body });
      },
    );
    // A page that came from route.fulfill has no address, so Chromium takes it for a public one, which
    // may not reach 127.0.0.1 without the user's leave (Local Network Access): given here.
    await page.context().grantPermissions(["local-network-access"]);
    const planId = await northUpPlan("Skærmkort i 300 dpi", "dataforsyningen-skaermkort");
    await openEditor(page, user, planId, 17);
    await expect(page.getByTestId("base-layer-control")).toHaveAttribute("data-shown-layer", "dataforsyningen-skaermkort");
    await openExportPanel(page);
    await expect(page.getByTestId("export-dpi")).toHaveValue("300");
    // A WMS prints at the dpi chosen: the panel has nothing to warn of.
    await expect(page.getByTestId("export-base-map-dpi")).toHaveCount(0);

    const asked = wms.requests.length;
    const downloading = page.waitForEvent("download", { timeout: 60_000 });
    await page.getByTestId("export-submit").click();
    const pdf = await saveDownload(await downloading);

    const requests = wms.requests.slice(asked);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.service).toBe("topo_skaermkort_DAF");
    const { map } = pageLayout("A3", true);
    const inches = { width: map.width / 25.4, height: map.height / 25.4 };
    // One request per piece of the map area, together exactly its pixels at 300 dpi (the screen's
    // 512-pixel tiles would overhang it); the pieces are columns and rows, told apart by their boxes.
    const columns = new Map(requests.map((request) => [request.bbox[0], request.width]));
    const rows = new Map(requests.map((request) => [request.bbox[1], request.height]));
    expect(requests.length).toBe(columns.size * rows.size);
    const widthPx = [...columns.values()].reduce((sum, width) => sum + width, 0);
    const heightPx = [...rows.values()].reduce((sum, height) => sum + height, 0);
    expect(widthPx).toBe(Math.round(inches.width * 300));
    expect(heightPx).toBe(Math.round(inches.height * 300));
    // The base map's effective dpi, for the record: requested pixels over printed inches.
    const effective = { x: widthPx / inches.width, y: heightPx / inches.height };
    console.log(
      `WMS requests: ${requests.map((r) => `${r.width}×${r.height}`).join(", ")}; effective ${effective.x.toFixed(1)} × ${effective.y.toFixed(1)} dpi`,
    );
    // Each request covers its pixels at the print's ground resolution: 1:500 at 300 dpi is 4.23 cm of
    // ground a pixel, 4.23 / cos(55.4°) = 7.46 cm in Web Mercator's units.
    const groundCm = (25.4 / 300) * 500 * 0.1;
    for (const request of requests) {
      const resolution = (request.bbox[2]! - request.bbox[0]!) / request.width;
      expect(resolution * Math.cos((CENTRE[1] * Math.PI) / 180) * 100).toBeCloseTo(groundCm, 1);
    }
    // The images in the PDF are those pixels: together the map area's width at 300 dpi.
    const images = pdfImages(pdf);
    const imagesWidth = images.filter((image) => image.height === images[0]!.height).reduce((sum, image) => sum + image.width, 0);
    expect(Math.abs(imagesWidth / inches.width - 300)).toBeLessThan(1);
  });

  test("a tile source that stops short of the dpi chosen is named in the panel with the dpi it prints at", async ({ page }, testInfo) => {
    // OpenStreetMap (the tile server here) stops at zoom 19: at 1:500 in Odense that is 150 dpi.
    const planId = await northUpPlan("OpenStreetMap i 150 dpi", "osm");
    await openEditor(page, user, planId, 17);
    await openExportPanel(page);
    await expect(page.getByTestId("export-base-map-dpi")).toHaveText(
      "Baggrundskortet udskrives med ca. 150 dpi – kortets mest detaljerede fliser rækker ikke til mere.",
    );
    await page.getByTestId("export-panel").screenshot({ path: testInfo.outputPath("panel.png") });
  });
});

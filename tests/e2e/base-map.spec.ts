/**
 * The base map in the browser tests: the app is configured at run time (OSM_URL, playwright.config.ts)
 * with the local tile server (./tile-server.ts), and the editor draws its generated tiles.
 */
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, putContent, type EditorUser } from "./editor-support";
import { siteRequest } from "./support";
import { GROUND, TILE_ORIGIN, tileRequests } from "./tile-server";

let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

test("the editor's OpenStreetMap layer draws the local tile server's tiles, which the page's policy allows", async ({ page }, testInfo) => {
  // The policy of the page comes from the server's environment at run time.
  const app = await siteRequest("skilteplanen", "/app");
  expect(String(app.headers["content-security-policy"])).toMatch(new RegExp(`img-src [^;]*${TILE_ORIGIN.replace(/\./g, "\\.")}`));

  const planId = await newPlan(user, "Grundkort");
  await putContent(user, planId, (content) => ({ ...content, mapView: { ...content.mapView, activeMapLayerId: "osm" } }));
  const before = (await tileRequests())["18"] ?? 0;
  const { box } = await openEditor(page, user, planId);
  await expect(page.getByTestId("base-layer-control")).toHaveAttribute("data-shown-layer", "osm");
  await expect.poll(async () => ((await tileRequests())["18"] ?? 0) - before).toBeGreaterThan(3);

  // Most of the map is the tiles' pale ground (the plan is empty): the canvas shows them.
  const groundShare = async () => {
    await page.evaluate(() => window.__planEditor!.rendered());
    const png = await page.screenshot({ clip: { x: box.x + 40, y: box.y + 80, width: box.width - 80, height: box.height - 160 } });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let ground = 0;
    for (let i = 0; i < data.length; i += 3)
      if (Math.abs(data[i]! - GROUND[0]) <= 2 && Math.abs(data[i + 1]! - GROUND[1]) <= 2 && Math.abs(data[i + 2]! - GROUND[2]) <= 2)
        ground++;
    return ground / (info.width * info.height);
  };
  await expect.poll(groundShare, { message: "share of the map in the tiles' ground colour" }).toBeGreaterThan(0.5);
  await page.screenshot({ path: testInfo.outputPath("tiles.png") });
});

test("a Danish plan asking for the screen map shows OpenStreetMap from the tile server when there is no Dataforsyningen token", async ({
  page,
}) => {
  const planId = await newPlan(user, "Skærmkort uden nøgle");
  const before = (await tileRequests())["17"] ?? 0;
  await openEditor(page, user, planId, 17);
  const control = page.getByTestId("base-layer-control");
  await expect(control).toHaveAttribute("data-shown-layer", "osm");
  await expect(page.getByTestId("map-notice-missing-key")).toBeVisible();
  await expect.poll(async () => ((await tileRequests())["17"] ?? 0) - before).toBeGreaterThan(3);
});

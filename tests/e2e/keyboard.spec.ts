/**
 * The editor by keyboard alone (issue 33 item 3): Tab reaches the map, which shows a focus ring; the
 * arrows pan and + zooms; with a tool a crosshair is moved by the arrows and Enter clicks there (a line's
 * points, then Enter again on the last one finishes it; a sign picked in the gallery is placed); Escape
 * cancels. Closing the gallery, the export panel or a dialog gives the focus back to what opened it. And
 * axe finds nothing serious on /app and /view of any site.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, savedPlan, storeContent, viewPath, type EditorUser } from "./editor-support";
import { axeViolations, screenshotSizes } from "./organisation-support";
import { siteTexts, siteUrl } from "./support";
import type { SiteId } from "@/sites/site-ids";

test.describe.configure({ timeout: 120_000 });

const t = siteTexts("skilteplanen");
let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, "skilteplanen");
});

const handle = <T>(page: Page, read: () => T) => page.evaluate(read);
/** The crosshair's centre on the page, or null while it is not shown. */
async function crosshair(page: Page): Promise<[number, number] | null> {
  const box = await page.getByTestId("keyboard-crosshair").boundingBox();
  return box && (await page.getByTestId("keyboard-crosshair").isVisible()) ? [box.x + box.width / 2, box.y + box.height / 2] : null;
}
/** Presses a key `times` times, as a hand does (each press its own event). */
async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test("Tab reaches the map (focus ring); arrows pan, + zooms; a line drawn with arrows and Enter; Escape cancels", async ({ page }) => {
  const planId = await newPlan(user, "Tastatur");
  const { map } = await openEditor(page, user, planId, 18);

  // From the toolbar's last control, Tab lands on the map, with a visible ring.
  await page.getByTestId("editor-more").focus();
  await page.keyboard.press("Tab");
  await expect(map).toBeFocused();
  expect(await map.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
  expect(await map.evaluate((element) => getComputedStyle(element, "::after").borderTopWidth)).toBe("3px");
  await screenshotSizes(page, test.info().outputPath("screens"), "map-focused");
  await expect(map).toBeFocused();
  // The map's box after the screenshots' sizes (they leave the page at 1280 × 800).
  await page.evaluate(() => window.__planEditor!.rendered());
  const box = (await map.boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];

  // The arrows pan: the centre moves east with →; + zooms in.
  const before = await handle(page, () => window.__planEditor!.getCenter());
  await press(page, "ArrowRight");
  await expect.poll(() => handle(page, () => window.__planEditor!.getCenter()[0])).toBeGreaterThan(before[0]);
  const zoom = await handle(page, () => window.__planEditor!.getZoom());
  await press(page, "+");
  await expect.poll(() => handle(page, () => window.__planEditor!.getZoom())).toBeCloseTo(zoom + 1, 1);
  await page.evaluate(() => window.__planEditor!.rendered());

  // The line tool by its letter: the crosshair stands at the map's centre.
  await press(page, "l");
  await expect(page.getByTestId("tool-line")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => crosshair(page)).not.toBeNull();
  const [x0, y0] = (await crosshair(page))!;
  expect(Math.abs(x0 - cx)).toBeLessThan(2);
  expect(Math.abs(y0 - cy)).toBeLessThan(2);
  await page.screenshot({ path: test.info().outputPath("crosshair.png") });

  // Enter at the centre, 50 px right, 50 px down (Shift: 80 px), and Enter again on the last point.
  await press(page, "Enter");
  await press(page, "ArrowRight", 5);
  expect((await crosshair(page))![0]).toBeCloseTo(x0 + 50, 0);
  await press(page, "Enter");
  await press(page, "Shift+ArrowDown");
  expect((await crosshair(page))![1]).toBeCloseTo(y0 + 80, 0);
  await page.screenshot({ path: test.info().outputPath("drawing.png") });
  await press(page, "Enter");
  expect((await storeContent(page)).lines).toHaveLength(0);
  await press(page, "Enter");
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(1);
  const line = (await storeContent(page)).lines[0]!;
  expect(line.coordinates).toHaveLength(3);
  const pixels = await page.evaluate((points) => points.map((p) => window.__planEditor!.pixelOf(p as [number, number])!), line.coordinates);
  const expected: [number, number][] = [
    [x0, y0],
    [x0 + 50, y0],
    [x0 + 50, y0 + 80],
  ];
  pixels.forEach(([x, y], i) => {
    expect(Math.abs(x - expected[i]![0])).toBeLessThan(1.5);
    expect(Math.abs(y - expected[i]![1])).toBeLessThan(1.5);
  });
  // Finished: back to selecting, the crosshair gone, the focus still on the map; and saved.
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => crosshair(page)).toBeNull();
  await expect(map).toBeFocused();
  expect((await savedPlan(page, user, planId)).lines[0]!.coordinates).toEqual(line.coordinates);

  // Escape abandons a drawing begun, then leaves the tool.
  await press(page, "l");
  await press(page, "Enter");
  await press(page, "ArrowUp", 4);
  await press(page, "Enter");
  await press(page, "Escape");
  await expect(page.getByTestId("tool-line")).toHaveAttribute("aria-pressed", "true");
  await press(page, "Enter");
  await press(page, "Enter");
  expect((await storeContent(page)).lines).toHaveLength(1);
  await press(page, "Escape");
  await press(page, "Escape");
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => crosshair(page)).toBeNull();

  // Near the map's edge the view follows the crosshair, which stays in sight.
  await press(page, "l");
  const centre = await handle(page, () => window.__planEditor!.getCenter());
  await press(page, "Shift+ArrowLeft", Math.ceil(box.width / 80) + 4);
  const [edgeX] = (await crosshair(page))!;
  expect(edgeX).toBeGreaterThan(box.x);
  expect(edgeX).toBeLessThan(box.x + 60);
  expect((await handle(page, () => window.__planEditor!.getCenter()))[0]).toBeLessThan(centre[0]);
  await press(page, "Escape");
});

test("a sign picked in the gallery with the keyboard is placed with Enter; focus returns to the gallery button, the ⋮ menu", async ({
  page,
}) => {
  const planId = await newPlan(user, "Tastatur skilte");
  const { map, cx, cy } = await openEditor(page, user, planId, 21);

  const galleryButton = page.getByTestId("sign-gallery-button");
  await galleryButton.focus();
  await press(page, "Enter");
  const gallery = page.getByTestId("sign-gallery");
  await expect(gallery).toBeVisible();
  // Opened from the keyboard, the gallery's search takes the focus: the user types at once.
  await expect(gallery.getByTestId("sign-search")).toBeFocused();
  await page.keyboard.type("A 11");
  // Enter on a tile: placing begins and the map takes the focus, the crosshair at its centre.
  await gallery.getByTestId("sign-tile-A11").focus();
  await press(page, "Enter");
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  await expect(map).toBeFocused();
  await expect.poll(() => crosshair(page)).not.toBeNull();
  await press(page, "ArrowDown", 3);
  await press(page, "Enter");
  await expect.poll(async () => (await storeContent(page)).signs.length).toBe(1);
  const sign = (await storeContent(page)).signs[0]!;
  expect(sign.imageUrl).toContain("A11");
  const [sx, sy] = (await page.evaluate((p) => window.__planEditor!.pixelOf(p), sign.position as [number, number]))!;
  expect(Math.abs(sx - cx)).toBeLessThan(1.5);
  expect(Math.abs(sy - (cy + 30))).toBeLessThan(1.5);
  await expect(page.getByTestId("sign-placement-hint")).toBeHidden();

  // Escape while placing stops placing; nothing is placed.
  await gallery.getByTestId("sign-tile-A11").focus();
  await press(page, "Enter");
  await expect(map).toBeFocused();
  await press(page, "Escape");
  await expect(page.getByTestId("sign-placement-hint")).toBeHidden();
  await press(page, "Enter");
  expect((await storeContent(page)).signs).toHaveLength(1);

  // Closing the gallery gives the focus back to its button.
  await gallery.getByTestId("sign-gallery-close").focus();
  await press(page, "Enter");
  await expect(gallery).toBeHidden();
  await expect(galleryButton).toBeFocused();

  // The export panel, opened from the ⋮ menu, gives it back to ⋮ when closed; so does a dialog from there.
  const more = page.getByTestId("editor-more");
  for (const [action, close] of [
    ["export-plan", "export-close"],
    ["shortcuts", null],
  ] as const) {
    await more.focus();
    await press(page, "Enter");
    await page.getByTestId(`editor-action-${action}`).focus();
    await press(page, "Enter");
    if (close) {
      await expect(page.getByTestId(close)).toBeVisible();
      await page.getByTestId(close).focus();
      await press(page, "Enter");
      await expect(page.getByTestId(close)).toBeHidden();
    } else {
      await expect(page.getByTestId("shortcuts-dialog")).toBeVisible();
      await expect(page.getByTestId("shortcuts-dialog")).toContainText(t("editor.shortcuts.actions.crosshair"));
      await page.screenshot({ path: test.info().outputPath("shortcuts.png"), fullPage: true });
      await press(page, "Escape");
      await expect(page.getByTestId("shortcuts-dialog")).toBeHidden();
    }
    await expect(more).toBeFocused();
  }
});

for (const site of ["skilteplanen", "kloakplanen", "ta-planen"] as const satisfies readonly SiteId[]) {
  test(`axe finds no serious violation on /app and /view (${site}); the phase control only where phases are used`, async ({
    page,
    browser,
  }) => {
    const owner = site === "skilteplanen" ? user : await editorUser(browser, site);
    const planId = await newPlan(owner, "Tilgængelighed");
    await openEditor(page, owner, planId, 18);
    // TA-planen's plans are made in phases; a Danish plan that uses none has no phase control.
    if (site === "ta-planen") await expect(page.getByTestId("phase-control")).toBeVisible();
    else await expect(page.getByTestId("phase-control")).toHaveCount(0);
    // The sign gallery open and a line selected: the controls that come and go are checked too.
    await page.getByTestId("sign-gallery-button").click();
    await expect(page.getByTestId("sign-gallery")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId("sign-gallery-close").click();
    await page.getByTestId("map").focus();
    await press(page, "l");
    await press(page, "Enter");
    await press(page, "ArrowRight", 6);
    await press(page, "Enter");
    await press(page, "Enter");
    await expect.poll(async () => (await storeContent(page)).lines.length).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotSizes(page, test.info().outputPath("screens"), `${site}-app`);

    await savedPlan(page, owner, planId);
    await page.goto(siteUrl(site, await viewPath(owner, planId)));
    await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotSizes(page, test.info().outputPath("screens"), `${site}-view`);
  });
}

import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, storeContent, viewPath, type EditorUser } from "./editor-support";
import { axeViolations } from "./organisation-support";
import { siteTexts, siteUrl } from "./support";
import type { SiteId } from "@/sites/site-ids";

// Issue 33 item 4: the editor on a phone (390 × 844) and a tablet (820 × 1180) with touch: the map fills
// the screen, the tools in a bar below it, the menu, save state and export reachable, nothing off-screen;
// a sign placed and a line drawn by taps (tap, tap, double tap); one-finger pan, pinch-zoom and moving an
// element by touch; /view on a phone; every front page without sideways scrolling. And item 6's slip: the
// plan name no longer cut at 1400 px while there is free room beside it.

const t = siteTexts("skilteplanen");
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true } as const;

/** The page is as wide as the screen (a mobile browser widens its layout to content that sticks out). */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const sizes = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
  expect(sizes).toEqual({ scroll: width, inner: width });
}

/** Every visible button of the editor's bars lies inside the viewport; a tool of the scrolling row does once scrolled to. */
async function expectToolsOnScreen(page: Page, width: number, height: number) {
  const inside = async (testId: string) => {
    const box = (await page.getByTestId(testId).boundingBox())!;
    expect(box.x, testId).toBeGreaterThanOrEqual(0);
    expect(box.y, testId).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, testId).toBeLessThanOrEqual(width + 0.5);
    expect(box.y + box.height, testId).toBeLessThanOrEqual(height + 0.5);
    // The zero-width tools of old: every button is big enough to hit with a finger.
    expect(box.width, testId).toBeGreaterThanOrEqual(32);
  };
  // The export: its word where there is room (a tablet), its icon on a phone.
  const exportId = width < 600 ? "toolbar-export-icon" : "toolbar-export";
  for (const id of [
    "open-projects-icon",
    "editor-plan-name",
    exportId,
    "save-state",
    "editor-more",
    "sign-gallery-button",
    "undo",
    "redo",
    "delete",
  ])
    await inside(id);
  const tools = page.getByTestId("editor-tools").locator("[data-testid^=tool-]");
  const ids = await tools.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-testid")!));
  expect(ids.length).toBeGreaterThan(5);
  for (const id of ids) {
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    await inside(id);
  }
}

/** Touch input through Chromium's DevTools protocol: Playwright's touchscreen only taps. */
type Finger = [number, number];
async function touch(cdp: CDPSession, type: "touchStart" | "touchMove" | "touchEnd", fingers: Finger[]) {
  await cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: fingers.map(([x, y], id) => ({ x, y, id, radiusX: 2, radiusY: 2, force: 1 })),
  });
}

/** One or two fingers moving from `from` to `to` in steps, as a hand does. */
async function gesture(cdp: CDPSession, from: Finger[], to: Finger[], steps = 8) {
  await touch(cdp, "touchStart", from);
  for (let step = 1; step <= steps; step++)
    await touch(
      cdp,
      "touchMove",
      from.map(([x, y], i) => [x + ((to[i]![0] - x) * step) / steps, y + ((to[i]![1] - y) * step) / steps]),
    );
  await touch(cdp, "touchEnd", []);
}

/** The notice that the Danish base map needs a key (none in the tests) lies over the map's top: closed, as a user would. */
async function closeMapNotice(page: Page) {
  const notice = page.getByTestId("map-notice-missing-key");
  await expect(notice).toBeVisible();
  // Tapped: the notice lies above the address search, so its close button is in a finger's reach.
  await notice.getByRole("button").tap();
  await expect(notice).toBeHidden();
}

const view = (page: Page) => page.evaluate(() => ({ center: window.__planEditor!.getCenter(), zoom: window.__planEditor!.getZoom() }));

/** Two taps at one place, quickly: OpenLayers takes them as a double click. */
async function doubleTap(page: Page, x: number, y: number) {
  await page.touchscreen.tap(x, y);
  await page.touchscreen.tap(x, y);
}

test.describe("on a phone", () => {
  test.use(PHONE);
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, "skilteplanen");
  });

  test("the editor fits the phone: map, tools below it, menu, save state and export in reach; axe finds nothing serious", async ({
    page,
  }, testInfo) => {
    const planId = await newPlan(user, "Vejarbejde Østre Stationsvej og Hjallesevej, etape 2");
    const { box } = await openEditor(page, user, planId);
    await expectNoSidewaysScroll(page, 390);
    await expectToolsOnScreen(page, 390, 844);
    // The map fills what the header and the two bars leave: the whole width and most of the height.
    expect(box.width).toBe(390);
    expect(box.height).toBeGreaterThan(500);
    const toolbar = (await page.getByTestId("editor-toolbar").boundingBox())!;
    expect(toolbar.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    await page.screenshot({ path: testInfo.outputPath("phone-editor.png") });

    // The menu opens inside the screen, with the export first; the export panel fits the phone.
    await page.getByTestId("editor-more").tap();
    const exportItem = page.getByTestId("editor-action-export-plan");
    await expect(exportItem).toBeVisible();
    const item = (await exportItem.boundingBox())!;
    expect(item.x).toBeGreaterThanOrEqual(0);
    expect(item.x + item.width).toBeLessThanOrEqual(390);
    await exportItem.tap();
    const panel = page.getByTestId("export-panel");
    await expect(panel).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page, 390);
    await page.getByTestId("export-close").tap();
    await expect(panel).toBeHidden();
    // The toolbar's own export button opens it too, named as the wider windows' button is.
    await expect(page.getByTestId("toolbar-export")).toBeHidden();
    await expect(page.getByTestId("toolbar-export-icon")).toHaveAccessibleName(t("editorExport.button"));
    await page.getByTestId("toolbar-export-icon").tap();
    await expect(panel).toBeVisible();
    await page.getByTestId("export-close").tap();
    await expect(panel).toBeHidden();

    expect(await axeViolations(page)).toEqual([]);
  });

  test("a sign is placed and a line drawn by taps; a finger moves the sign, one finger pans, two pinch-zoom", async ({
    page,
  }, testInfo) => {
    const planId = await newPlan(user, "Tryk");
    const { box, cx } = await openEditor(page, user, planId, 20);
    await closeMapNotice(page);

    // The gallery is a sheet over the lower map; the map above it takes the tap that places the sign.
    await page.getByTestId("sign-gallery-button").tap();
    const gallery = page.getByTestId("sign-gallery");
    await expect(gallery).toBeVisible();
    const sheet = (await gallery.boundingBox())!;
    expect(sheet.x).toBe(0);
    expect(sheet.width).toBe(390);
    expect(sheet.y).toBeGreaterThan(box.y + 150);
    // No on-screen keyboard over the sheet: the search field waits for a tap.
    await expect(gallery.getByTestId("sign-search")).not.toBeFocused();
    await gallery.getByTestId("sign-search").fill("A 11");
    await gallery.getByTestId("sign-tile-A11").tap();
    await expect(page.getByTestId("sign-placement-hint")).toBeInViewport();
    // Below the address search field, above the placement hint.
    const signAt: Finger = [cx, box.y + 118];
    await page.touchscreen.tap(...signAt);
    await expect.poll(async () => (await storeContent(page)).signs.length).toBe(1);
    await page.screenshot({ path: testInfo.outputPath("phone-sign.png") });
    await gallery.getByTestId("sign-gallery-close").tap();
    await expect(gallery).toBeHidden();

    // A line by tap, tap, double tap: three vertices, and the double tap does not zoom the map.
    const before = await view(page);
    await page.getByTestId("tool-line").scrollIntoViewIfNeeded();
    await page.getByTestId("tool-line").tap();
    const y = box.y + box.height / 2 + 60;
    await page.touchscreen.tap(cx - 120, y);
    await page.touchscreen.tap(cx, y);
    await doubleTap(page, cx + 120, y - 60);
    await expect.poll(async () => (await storeContent(page)).lines?.length ?? 0).toBe(1);
    expect((await storeContent(page)).lines![0]!.coordinates).toHaveLength(3);
    expect((await view(page)).zoom).toBe(before.zoom);
    await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");

    const cdp = await page.context().newCDPSession(page);
    // A finger on the sign selects it with a tap and drags it elsewhere.
    const sign = () => storeContent(page).then((content) => content.signs[0]!);
    const placed = await sign();
    const at = (await page.evaluate((p) => window.__planEditor!.pixelOf(p), placed.position as [number, number]))!;
    await page.touchscreen.tap(at[0], at[1]);
    await expect.poll(() => page.evaluate(() => window.__planEditor!.getSelection())).toEqual([placed.id]);
    const zoomBefore = (await view(page)).zoom;
    await gesture(cdp, [[at[0], at[1]]], [[at[0] + 60, at[1] + 40]]);
    await expect.poll(async () => (await sign()).position).not.toEqual(placed.position);
    const moved = (await page.evaluate((p) => window.__planEditor!.pixelOf(p), (await sign()).position as [number, number]))!;
    expect(moved[0] - at[0]).toBeCloseTo(60, -1);
    expect(moved[1] - at[1]).toBeCloseTo(40, -1);
    expect((await view(page)).zoom).toBe(zoomBefore);

    // One finger on an empty part of the map pans it, at the same zoom.
    const mid = box.y + box.height / 2;
    const emptyAt: Finger = [cx - 60, box.y + 220];
    await gesture(cdp, [emptyAt], [[emptyAt[0] - 100, emptyAt[1] + 50]]);
    await page.evaluate(() => window.__planEditor!.rendered());
    const panned = await view(page);
    expect(panned.zoom).toBeCloseTo(before.zoom, 6);
    expect(panned.center[0]).toBeGreaterThan(before.center[0]);
    expect(panned.center[1]).toBeGreaterThan(before.center[1]);

    // Two fingers spreading apart zoom in.
    await gesture(
      cdp,
      [
        [cx - 30, mid],
        [cx + 30, mid],
      ],
      [
        [cx - 120, mid],
        [cx + 120, mid],
      ],
    );
    await expect.poll(async () => (await view(page)).zoom).toBeGreaterThan(panned.zoom + 0.5);
  });

  test("a shared plan opens read-only on a phone: the map fills the width and nothing scrolls sideways", async ({ page }) => {
    const planId = await newPlan(user, "Delt plan til vejholdet ved Østre Stationsvej");
    const path = await viewPath(user, planId);
    await page.goto(siteUrl("skilteplanen", path));
    const map = page.getByTestId("map");
    await expect(map).toHaveAttribute("data-ready", "true");
    await expectNoSidewaysScroll(page, 390);
    const box = (await map.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThan(350);
    // The whole map on the screen: a map taller than it leaves no place for a finger to scroll the page.
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.height).toBeGreaterThan(450);
    await expect(page.getByTestId("editor-plan-name")).toBeInViewport();
    await expect(page.getByTestId("editor-toolbar")).toHaveCount(0);
    // One finger pans the shared plan too.
    const before = await view(page);
    const cdp = await page.context().newCDPSession(page);
    const from: Finger = [box.x + box.width / 2, box.y + box.height / 2];
    await gesture(cdp, [from], [[from[0] - 80, from[1]]]);
    await expect.poll(async () => (await view(page)).center[0]).toBeGreaterThan(before.center[0]);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const site of ["skilteplanen", "kloakplanen", "ta-planen"] as SiteId[])
    test(`the ${site} front page fits 390 px without sideways scrolling`, async ({ page }) => {
      await page.goto(siteUrl(site, "/"));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, 390);
      const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
      expect(heading.x + heading.width).toBeLessThanOrEqual(390);
    });
});

test.describe("on a tablet", () => {
  test.use(TABLET);

  for (const site of ["kloakplanen", "ta-planen"] as SiteId[])
    test(`the ${site} editor fits 820 × 1180; a line is drawn by taps; the menu opens; axe finds nothing serious`, async ({ browser }) => {
      const user = await editorUser(browser, site);
      const context = await browser.newContext({ ...TABLET });
      const page = await context.newPage();
      const planId = await newPlan(user, "Tablet");
      const { box, cx, cy } = await openEditor(page, user, planId);
      await expectNoSidewaysScroll(page, 820);
      await expectToolsOnScreen(page, 820, 1180);
      expect(box.width).toBe(820);
      expect(box.height).toBeGreaterThan(850);

      const zoom = (await view(page)).zoom;
      await page.getByTestId("tool-line").tap();
      await page.touchscreen.tap(cx - 150, cy);
      await page.touchscreen.tap(cx, cy + 100);
      await doubleTap(page, cx + 150, cy);
      await expect.poll(async () => (await storeContent(page)).lines?.length ?? 0).toBe(1);
      expect((await view(page)).zoom).toBe(zoom);

      await page.getByTestId("editor-more").tap();
      await expect(page.getByTestId("editor-action-export-plan")).toBeInViewport();
      await page.keyboard.press("Escape");
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
});

test("at 1400 px the plan name takes the room beside the tools: it is cut only where no room is left", async ({ browser }) => {
  // Two sites' users and three editors opened.
  test.setTimeout(90_000);
  const users: Partial<Record<SiteId, EditorUser>> = {};
  for (const site of ["skilteplanen", "kloakplanen"] as SiteId[]) {
    const user = (users[site] = await editorUser(browser, site));
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const planId = await newPlan(user, "Vejarbejde Østre Stationsvej og Hjallesevej, etape 2");
    await openEditor(page, user, planId);
    // Measured once saved: "Gemmer…" is wider than "Gemt", and the name gives way to it.
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    const name = page.getByTestId("editor-plan-name");
    const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth);
    // Free room: the space between the last action and the export button after it.
    const deleteBox = (await page.getByTestId("delete").boundingBox())!;
    const exportBox = (await page.getByTestId("toolbar-export").boundingBox())!;
    const free = exportBox.x - (deleteBox.x + deleteBox.width);
    if (cut) expect(free, `${site}: the name is cut with ${free} px free beside the tools`).toBeLessThan(10);
    // Not at the tools' cost: no tool has to scroll out of sight.
    await expect(page.getByTestId("tools-scroll-after")).toHaveCount(0);
    await page.close();
  }
  // The sewer site has fewer tools: this name (wider than the 200 px the name had before) fits there whole.
  const user = users.kloakplanen!;
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await openEditor(page, user, await newPlan(user, "Kloakseparering Hjallesevej"));
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  expect(await page.getByTestId("editor-plan-name").evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.close();
});

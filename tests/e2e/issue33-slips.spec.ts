import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { blankMap, drawWith, editorUser, newPlan, openEditor, storeContent, type EditorUser } from "./editor-support";
import { axeViolations, screenshotSizes } from "./organisation-support";
import { siteTexts, siteUrl } from "./support";
import type { PipeElement } from "@/lib/elements/pipe";
import type { SignElement } from "@/lib/elements/sign";

// Issue 33: a GPX file's waypoints, elevations and times kept (item 7) and the slips of item 6: TA-planen's
// footer and GPX creator, the map's zoom buttons in the user's language, decimal commas, Kloakplanen's
// words for its symbols, the common pipe types, gallery names broken between words only.

test.describe.configure({ timeout: 90_000 });
const SHOTS = "/tmp/h3-shots";

/**
 * Where a name's text wraps onto a new line inside a word: the two letters either side of each such wrap
 * (a wrap at white space, which has no box of its own at a line's end, is not one).
 */
async function wrapsInWords(name: Locator): Promise<string[]> {
  return name.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: { char: string; top: number | null }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        chars.push({ char: text[i]!, top: rect && !/\s/.test(text[i]!) ? Math.round(rect.top) : null });
      }
    }
    const wraps: string[] = [];
    let last = -1;
    chars.forEach(({ top }, i) => {
      if (top === null) return;
      const between = chars
        .slice(last + 1, i)
        .map((c) => c.char)
        .join("");
      if (last >= 0 && top > chars[last]!.top! + 2 && !/\s/.test(between)) wraps.push(chars[last]!.char + chars[i]!.char);
      last = i;
    });
    return wraps;
  });
}

test.describe("on ta-planen", () => {
  const site = "ta-planen";
  const t = siteTexts(site);
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, site);
  });

  test("the footer promotes the Danish sister site as one for work in Denmark, in Swedish", async ({ page }) => {
    await page.goto(siteUrl(site));
    const promo = page.getByTestId("footer-promo");
    await expect(promo.getByRole("heading")).toHaveText(t("footer.promoTitleAbroad"));
    await expect(promo).toContainText(t("footer.promo.skilteplanen"));
    await expect(promo.getByRole("link")).toHaveText(t("footer.promoLink", { product: "Skilteplanen" }));
    await expect(page.getByTestId("site-footer")).not.toContainText("Kloakplanen");
    expect(await axeViolations(page, { scope: "[data-testid=site-footer]" })).toEqual([]);
    await promo.scrollIntoViewIfNeeded();
    await screenshotSizes(page, SHOTS, "ta-footer");
  });

  test("the zoom buttons speak Swedish; a GPX 1.0 file of waypoints becomes named points and goes back out as TA-planen's waypoints", async ({
    page,
  }) => {
    const planId = await newPlan(user, "Vägarbete");
    await openEditor(page, user, planId);
    await expect(page.locator(".ol-zoom-in")).toHaveAttribute("title", t("editorMap.controls.zoomIn"));
    await expect(page.locator(".ol-zoom-out")).toHaveAttribute("title", t("editorMap.controls.zoomOut"));
    expect(t("editorMap.controls.zoomIn")).toBe("Zooma in");

    const file = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.0" creator="eTrex" xmlns="http://www.topografix.com/GPX/1/0">
  <wpt lat="55.4012" lon="10.3850"><ele>12.5</ele><time>2024-06-01T07:30:00Z</time><name>Avstängning norr</name><desc>Skylt X1</desc></wpt>
  <wpt lat="55.4020" lon="10.3862"><name>Avstängning söder</name></wpt>
</gpx>`;
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("editor-more").click();
    await page.getByTestId("editor-action-import-gpx").click();
    await (await chooser).setFiles({ name: "punkter.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(file) });
    await expect(page.getByTestId("kind-file-import-summary")).toHaveText(
      t("editorSync.file.import.summary", { count: 2, kind: t("editor.kinds.point") }),
    );
    expect(await axeViolations(page, { scope: "[data-testid=kind-file-import-dialog]" })).toEqual([]);
    await screenshotSizes(page, SHOTS, "ta-gpx-import");
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByTestId("kind-file-import-confirm").click();
    await expect.poll(async () => (await storeContent(page)).points.length).toBe(2);
    const points = (await storeContent(page)).points;
    expect(points.map((p) => [p.label, p.position])).toEqual([
      ["Avstängning norr", [10.385, 55.4012]],
      ["Avstängning söder", [10.3862, 55.402]],
    ]);
    expect(points[0]).toMatchObject({ elevation: 12.5, time: "2024-06-01T07:30:00Z", description: "Skylt X1" });
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.__planEditor!.rendered());
    await page.screenshot({ path: `${SHOTS}/ta-gpx-points.png` });

    // Exported with nothing selected: both points as waypoints of a GPX 1.1 file that TA-planen wrote.
    await page.getByTestId("editor-more").click();
    await page.getByTestId("editor-action-export-gpx").click();
    await expect(page.getByTestId("kind-file-export-summary")).toHaveText(
      t("editorSync.file.export.all", { count: 2, kind: t("editor.kinds.point"), extension: "gpx" }),
    );
    const download = page.waitForEvent("download");
    await page.getByTestId("kind-file-export-download").click();
    const xml = readFileSync((await (await download).path())!, "utf8");
    expect(xml).toContain('creator="TA-planen"');
    expect(xml).toContain('version="1.1"');
    expect(xml).toContain(
      '<wpt lat="55.4012" lon="10.385"><ele>12.5</ele><time>2024-06-01T07:30:00Z</time><name>Avstängning norr</name><desc>Skylt X1</desc></wpt>',
    );
    expect(xml).toContain('<wpt lat="55.402" lon="10.3862"><name>Avstängning söder</name></wpt>');
    expect(xml).not.toContain("<rte>");
  });
});

test.describe("on skilteplanen", () => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, site);
  });

  test("the zoom buttons speak Danish, and numbers are written with a decimal comma", async ({ page }) => {
    const planId = await newPlan(user, "Komma");
    await openEditor(page, user, planId);
    await expect(page.locator(".ol-zoom-in")).toHaveAttribute("title", t("editorMap.controls.zoomIn"));
    await expect(page.locator(".ol-zoom-out")).toHaveAttribute("title", t("editorMap.controls.zoomOut"));
    expect([t("editorMap.controls.zoomIn"), t("editorMap.controls.zoomOut")]).toEqual(["Zoom ind", "Zoom ud"]);

    // The standard sign size: its range and its value with a comma.
    await page.getByTestId("sign-gallery-button").click();
    const gallery = page.getByTestId("sign-gallery");
    await expect(gallery).toContainText("Højde i meter (0,1–10).");
    const field = page.getByTestId("standard-sign-size");
    await field.fill("2.25");
    await field.press("Enter");
    await expect(field).toHaveValue("2,25");
    await page.keyboard.press("Escape");
    await expect(gallery).toHaveCount(0);

    // A line's width in its style dialog.
    await page.getByTestId("tool-line").click();
    await page.getByTestId("style").click();
    const dialog = page.getByTestId("style-dialog");
    await expect(dialog.getByTestId("style-width")).toHaveValue("0,5");
    await screenshotSizes(page, SHOTS, "style-dialog-comma");
  });
});

test.describe("on kloakplanen", () => {
  const site = "kloakplanen";
  const t = siteTexts(site);
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, site);
  });

  test("gallery names wrap between words only; a well is edited in a symbol's dialog, never a sign's", async ({ page }) => {
    const planId = await newPlan(user, "Brønde");
    await openEditor(page, user, planId, 21);
    await page.getByTestId("sign-gallery-button").click();
    const gallery = page.getByTestId("sign-gallery");
    const tile = gallery.getByTestId("sign-tile-inspektionsbrond-425");
    await expect(tile).toBeVisible();
    const names = await gallery.getByTestId("gallery-tile-name").all();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(await wrapsInWords(name)).toEqual([]);
    // Beside the map every name shows whole: no word cut by the tile's width or its two lines.
    for (const name of names)
      expect(
        await name.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1),
        await name.innerText(),
      ).toBe(true);
    // The categories' long compounds ("Spildevandsrensning", "Installationsgenstande") wrap only between words.
    for (const category of await gallery.getByRole("navigation").getByRole("button").all())
      expect(await wrapsInWords(category), await category.innerText()).toEqual([]);
    await expect(tile).toHaveAttribute("aria-label", /Inspektionsbrønd/);
    await screenshotSizes(page, SHOTS, "kloak-gallery");
    await page.setViewportSize({ width: 1400, height: 900 });

    await tile.click();
    const { box } = await openEditorBox(page);
    await page.mouse.click(box.cx, box.cy);
    await expect.poll(async () => ((await storeContent(page)).signs as SignElement[]).length).toBe(1);
    await page.evaluate(() => window.__planEditor!.rendered());
    await page.mouse.dblclick(box.cx, box.cy);
    const dialog = page.getByTestId("sign-edit-dialog");
    await expect(dialog.getByRole("heading", { level: 2 })).toHaveText("Rediger symbol");
    await expect(dialog).not.toContainText(/skilt/i);
    expect(await axeViolations(page, { scope: "[data-testid=sign-edit-dialog]" })).toEqual([]);
    await screenshotSizes(page, SHOTS, "kloak-well-dialog");
  });

  test("the pipe tool offers the common pipe types until the user makes their own", async ({ page }) => {
    await blankMap(page);
    const planId = await newPlan(user, "Stik");
    await openEditor(page, user, planId, 20);
    await page.getByTestId("tool-pipe").click();
    const picker = page.getByTestId("pipe-preset-picker");
    await picker.click();
    const options = page.getByTestId("pipe-preset-option");
    await expect(options).toHaveText([
      "Spildevand 110 PVC 20 ‰",
      "Spildevand 160 PVC 10 ‰",
      "Regnvand 110 PVC 20 ‰",
      "Regnvand 160 PVC 10 ‰",
      "Fællesvand 200 PVC 5 ‰",
      "Fællesvand 300 beton 3 ‰",
      "Drænvand 70 PVC 3 ‰",
    ]);
    await expect(page.getByTestId("pipe-preset-menu")).toContainText(t("editorPipes.presets.common"));
    expect(await axeViolations(page, { scope: "[data-testid=pipe-preset-menu]" })).toEqual([]);
    await screenshotSizes(page, SHOTS, "kloak-pipe-types");
    await page.setViewportSize({ width: 1400, height: 900 });
    await options.filter({ hasText: "Regnvand 110 PVC 20 ‰" }).click();
    await expect(picker).toHaveText(t("editorPipes.presets.picker", { name: "Regnvand 110 PVC 20 ‰" }));

    const { box } = await openEditorBox(page);
    await drawWith(page, "pipe", [
      [box.cx - 150, box.cy],
      [box.cx + 150, box.cy],
    ]);
    await expect.poll(async () => ((await storeContent(page)).pipes as PipeElement[]).length).toBe(1);
    expect(((await storeContent(page)).pipes as PipeElement[])[0]).toMatchObject({
      presetName: "Regnvand 110 PVC 20 ‰",
      colour: "#1565c0",
      dashPattern: "standard",
      widthMm: 110,
      dimension: 110,
      material: "PVC",
      fallPerMille: 20,
      waterKind: "regnvand",
    });
  });
});

/** The map's centre on the page now (after the viewport changed). */
async function openEditorBox(page: Page) {
  const box = (await page.getByTestId("map").boundingBox())!;
  return { box: { cx: box.x + box.width / 2, cy: box.y + box.height / 2 } };
}

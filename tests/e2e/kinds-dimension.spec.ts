/**
 * The width dimension (issue 20): a TA-plan dimensions the widths that remain beside the work (gångbana,
 * GC-bana, körfält). Drawn with two clicks across the width, it stores its two ends and no typed width;
 * its name is picked from the dialog's suggestions or typed; it goes through undo, redo, save and reload;
 * and the exported PDF prints its label as text ("Gångbana 1,5 m") with the dimension true to scale.
 */
import { copyFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { blankMap, editorUser, newPlan, openEditor, putContent, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { eastWest, openExportPanel, pdfText, saveDownload } from "./export-support";
import { siteTexts } from "./support";
import type { Position } from "@/lib/elements/common";

test.describe.configure({ timeout: 90_000 });

const dimensions = async (page: Page) => (await storeContent(page)).dimensions;

/** The great-circle distance on the specification's sphere of 6371 km (1-core §9). */
function haversine([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Web Mercator's map units per CSS pixel at zoom 18. */
const RESOLUTION_18 = (2 * Math.PI * 6_378_137) / 256 / 2 ** 18;

let danish: EditorUser;
test.beforeAll(async ({ browser }) => {
  danish = await editorUser(browser, "skilteplanen");
});

test("a width is dimensioned with two clicks, named from the suggestions or typed, undone and redone, saved and reloaded", async ({
  page,
}) => {
  const t = siteTexts("skilteplanen");
  await blankMap(page);
  const planId = await newPlan(danish, "Breddemål");
  const { cx, cy } = await openEditor(page, danish, planId);

  // Its tool by its letter, W, then two clicks 120 px apart, north to south: the tool ends the drawing
  // at the second click by itself.
  await page.keyboard.press("w");
  await expect(page.getByTestId("tool-dimension")).toHaveAttribute("aria-pressed", "true");
  await page.mouse.click(cx, cy - 60);
  await page.mouse.click(cx, cy + 60);
  await expect.poll(async () => (await dimensions(page)).length).toBe(1);
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");
  const [drawn] = await dimensions(page);
  expect(drawn).toEqual({ id: expect.any(String), coordinates: [expect.any(Array), expect.any(Array)], colour: "#000000", rounded: true });
  const [a, b] = drawn!.coordinates;
  expect(a[0]).toBeCloseTo(b[0], 6);
  expect(a[1]).toBeGreaterThan(b[1]);
  // 120 px at zoom 18 in Odense is 120 × 0.597 m × cos(55.4°) = 40.7 m on the ground: measured within 1 %.
  const expected = 120 * RESOLUTION_18 * Math.cos(((a[1] + b[1]) / 2) * (Math.PI / 180));
  expect(Math.abs(haversine(a, b) - expected) / expected).toBeLessThan(0.01);
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: test.info().outputPath("dimension-drawn.png") });

  // Name it from the suggestions, in the site's language.
  await page.mouse.click(cx, cy);
  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await expect(dialog.getByTestId("style-rounded")).toBeChecked();
  await expect(dialog.getByTestId("style-name")).toHaveValue("");
  await dialog.getByTestId("style-name").click();
  const suggestions = page.getByTestId("style-name-suggestions");
  for (const name of ["Gangsti", "Cykelsti", "Kørebane"]) await expect(suggestions.getByRole("option", { name })).toBeVisible();
  await suggestions.getByRole("option", { name: "Cykelsti" }).click();
  await expect(dialog.getByTestId("style-name")).toHaveValue("Cykelsti");
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  const named = { ...drawn, name: "Cykelsti" };
  await expect.poll(() => dimensions(page)).toEqual([named]);

  // A name of one's own, to the centimetre.
  await page.getByTestId("style").click();
  await dialog.getByTestId("style-name").fill("Dobbeltrettet cykelsti");
  await dialog.getByTestId("style-rounded").uncheck();
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  const typed = { ...drawn, name: "Dobbeltrettet cykelsti", rounded: false };
  await expect.poll(() => dimensions(page)).toEqual([typed]);
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: test.info().outputPath("dimension-named.png") });

  // Undo and redo walk the changes back and forth.
  await page.getByTestId("undo").click();
  await expect.poll(() => dimensions(page)).toEqual([named]);
  await page.getByTestId("undo").click();
  await expect.poll(() => dimensions(page)).toEqual([drawn]);
  await page.getByTestId("redo").click();
  await expect.poll(() => dimensions(page)).toEqual([named]);
  await page.getByTestId("redo").click();
  await expect.poll(() => dimensions(page)).toEqual([typed]);

  // Saved as it is, and reloaded as it was saved.
  await expect.poll(async () => (await savedPlan(page, danish, planId)).dimensions).toEqual([typed]);
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(await dimensions(page)).toEqual([typed]);
  await expect(page.getByTestId("hidden-elements")).toHaveCount(0);
});

test("the Swedish site exports a dimension's label as text, the dimension true to scale and out of the legend", async ({
  page,
  browser,
}) => {
  const user = await editorUser(browser, "ta-planen");
  const t = siteTexts("ta-planen");
  const centre: Position = [10.38551, 55.40178];
  const planId = await newPlan(user, "Vasagatan");
  // 1.5 m across east–west, and 3.20 m north–south (2.88e-5° of latitude on the 6371 km sphere).
  const [west, east] = eastWest([centre[0], centre[1] + 0.0002], 1.5);
  await putContent(user, planId, (content) => ({
    ...content,
    dimensions: [
      { id: "d1", coordinates: [west, east], colour: "#000000", name: "Gångbana", rounded: true },
      {
        id: "d2",
        coordinates: [
          [centre[0] + 0.0004, centre[1]],
          [centre[0] + 0.0004, 55.4018088],
        ],
        colour: "#c62828",
        name: "Körfält",
        rounded: false,
      },
    ],
    mapView: { ...content.mapView, center: centre, zoom: 18 },
  }));
  await openEditor(page, user, planId, 18);
  await expect(page.getByTestId("tool-dimension")).toBeVisible();

  await openExportPanel(page);
  await expect(page.getByTestId("export-scale")).toHaveValue("500");
  await expect(page.getByTestId("export-paper")).toHaveValue("A3");
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);

  const text = pdfText(pdf);
  expect(text).toContain("Gångbana 1,5 m");
  expect(text.replace(/\s+/g, "")).toContain("Körfält3,20m");
  // A dimension says what it is on the plan; the legend does not list it.
  expect(text).not.toContain(t("editor.kinds.dimension"));
  copyFileSync(pdf, test.info().outputPath("dimension.pdf"));
});

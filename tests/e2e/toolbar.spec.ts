/**
 * The editor's toolbar in a window of 1280 pixels, a common laptop's: the sign gallery stays in sight
 * before the drawing tools, and the tools that do not fit are behind a chevron that scrolls to them. In a
 * wide window every tool is in sight and no chevron is shown.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor } from "./editor-support";

/** Whether the whole of an element lies within the visible part of the tool row (and the window). */
async function inSight(page: Page, element: Locator): Promise<boolean> {
  const [box, row] = [await element.boundingBox(), await page.getByTestId("editor-tools").boundingBox()];
  return !!box && !!row && box.x >= row.x - 0.5 && box.x + box.width <= row.x + row.width + 0.5;
}

test("in a 1280 px window the sign gallery is in sight and every tool is reached with the chevrons; a wide window shows them all", async ({
  page,
  browser,
}) => {
  const user = await editorUser(browser, "skilteplanen");
  const planId = await newPlan(user, "Ledningsarbejde Vestergade 12–18, etape 2");
  await page.setViewportSize({ width: 1280, height: 720 });
  await openEditor(page, user, planId);
  const gallery = page.getByTestId("sign-gallery-button");
  await expect(gallery).toBeVisible();
  const galleryBox = (await gallery.boundingBox())!;
  expect(galleryBox.x + galleryBox.width).toBeLessThan(1280);

  const tools = page.getByTestId("editor-tools").getByRole("button");
  const first = tools.first();
  const last = tools.last();
  expect(await inSight(page, first)).toBe(true);
  expect(await inSight(page, last)).toBe(false);
  await expect(page.getByTestId("tools-scroll-before")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("toolbar-1280.png"), clip: { x: 0, y: 64, width: 1280, height: 50 } });
  // Bounded: a few presses reach the end of the row.
  for (let press = 0; press < 6 && !(await inSight(page, last)); press++) {
    await page.getByTestId("tools-scroll-after").click();
    await page.waitForTimeout(400);
  }
  expect(await inSight(page, last)).toBe(true);
  await expect(page.getByTestId("tools-scroll-after")).toHaveCount(0);
  await expect(page.getByTestId("tools-scroll-before")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("toolbar-1280-end.png"), clip: { x: 0, y: 64, width: 1280, height: 50 } });
  // The tool at the end works from there: chosen by a click, it is pressed.
  await page.getByTestId("tool-roadMarking").click();
  await expect(page.getByTestId("tool-roadMarking")).toHaveAttribute("aria-pressed", "true");

  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(page.getByTestId("tools-scroll-after")).toHaveCount(0);
  await expect(page.getByTestId("tools-scroll-before")).toHaveCount(0);
  expect(await inSight(page, first)).toBe(true);
  expect(await inSight(page, last)).toBe(true);
  await expect(page.getByTestId("open-projects")).toBeVisible();
});

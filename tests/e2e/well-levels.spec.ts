import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { blankMap, editorUser, newPlan, openEditor, putContent, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { SignElement } from "@/lib/elements/sign";

// A well's levels on the sewer site (issue 19): the sign editor offers dækselkote, bundkote and
// tilslutningskote for a well, reads a decimal comma, refuses what is no level without changing the
// plan, and the map writes "DK 12,45" over "BK 10,80" beside the well, kept through autosave and a reload.

const site = "kloakplanen";
const t = siteTexts(site);
const WELL_AT: [number, number] = [10.38551, 55.40178];

let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, site);
});

/** A Ø425 rensebrønd at its true size, placed as the gallery places it. */
const well: SignElement = {
  id: "well-1",
  imageUrl: "/signs/sewer/bronde_og_udskillere/rensebrond-425.webp",
  position: WELL_AT,
  rotation: 0,
  heightInMeters: 0.425,
  widthInMeters: 0.425,
};

const pixelOf = (page: Page, position: [number, number]) =>
  page.evaluate((p) => window.__planEditor!.pixelOf(p), position) as Promise<[number, number]>;

/** Dark pixels (the label's #1a1a1a, the symbol's line work) in a box of the page. */
async function darkPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = await page.screenshot({ clip });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) if (data[i]! < 90 && data[i + 1]! < 90 && data[i + 2]! < 90) dark += 1;
  return dark;
}

/** The boxes around the well: the symbol itself, and where its label goes (right) or must not go (left). */
async function boxesAround(page: Page) {
  const [x, y] = await pixelOf(page, WELL_AT);
  return {
    symbol: { x: x - 14, y: y - 14, width: 28, height: 28 },
    right: { x: x + 16, y: y - 20, width: 80, height: 40 },
    left: { x: x - 96, y: y - 20, width: 80, height: 40 },
  };
}

async function openWellEditor(page: Page) {
  const [x, y] = await pixelOf(page, WELL_AT);
  await page.mouse.dblclick(x, y);
  const dialog = page.getByTestId("sign-edit-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a well's levels: typed with a decimal comma, written beside the well, kept through a reload", async ({ page }, testInfo) => {
  await blankMap(page);
  const planId = await newPlan(user, "Koter");
  await putContent(user, planId, (content) => ({ ...content, signs: [well] }));
  // Zoom 22 at Odense is about 1:70 on the screen, the scale of a detailed kloakplan.
  await openEditor(page, user, planId, 22);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.featureCount())).toBe(1);
  await page.evaluate(() => window.__planEditor!.rendered());
  const boxes = await boxesAround(page);
  const symbolBefore = await page.screenshot({ clip: boxes.symbol });
  expect(await darkPixels(page, boxes.right)).toBe(0);

  const dialog = await openWellEditor(page);
  const cover = dialog.getByTestId("sign-edit-coverLevel");
  const invert = dialog.getByTestId("sign-edit-invertLevel");
  await expect(dialog.getByLabel(t("editorSigns.editDialog.levels.coverLevel"))).toBeVisible();
  await expect(dialog.getByLabel(t("editorSigns.editDialog.levels.invertLevel"))).toBeVisible();
  await expect(cover).toHaveValue("");

  // What is no level gets a clear message, and nothing is saved.
  await cover.fill("12,4,5");
  await invert.fill("10,8");
  await dialog.getByTestId("sign-edit-save").click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t("editorSigns.editDialog.levels.error"))).toBeVisible();
  await dialog.screenshot({ path: testInfo.outputPath("dialog.png") });
  const unchanged = (await storeContent(page)).signs[0] as SignElement;
  expect(unchanged.coverLevel).toBeUndefined();
  expect(unchanged.invertLevel).toBeUndefined();

  await cover.fill("12,45");
  await dialog.getByTestId("sign-edit-save").click();
  await expect(dialog).toBeHidden();
  const edited = (await storeContent(page)).signs[0] as SignElement;
  expect(edited).toMatchObject({ coverLevel: 12.45, invertLevel: 10.8, position: WELL_AT });
  expect(edited.connectionLevel).toBeUndefined();

  // The label stands right of the well, nothing on its left, and the symbol is drawn as before.
  await page.keyboard.press("Escape");
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({
    path: testInfo.outputPath("well-levels.png"),
    clip: { x: boxes.left.x, y: boxes.symbol.y - 60, width: 220, height: 150 },
  });
  expect(await darkPixels(page, boxes.right)).toBeGreaterThan(60);
  expect(await darkPixels(page, boxes.left)).toBe(0);
  expect(Buffer.compare(await page.screenshot({ clip: boxes.symbol }), symbolBefore)).toBe(0);

  // Autosave keeps the levels; a reload draws the label again and the editor shows them as typed.
  const saved = (await savedPlan(page, user, planId)).signs[0] as SignElement;
  expect(saved).toMatchObject({ coverLevel: 12.45, invertLevel: 10.8 });
  await page.reload();
  await openEditor(page, user, planId, 22);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.featureCount())).toBe(1);
  await page.evaluate(() => window.__planEditor!.rendered());
  expect(await darkPixels(page, boxes.right)).toBeGreaterThan(60);
  // About 1:500 on the screen, the label still reads beside the small symbol.
  await page.evaluate(() => window.__planEditor!.setZoom(19.3));
  await page.evaluate(() => window.__planEditor!.rendered());
  const [x, y] = await pixelOf(page, WELL_AT);
  await page.screenshot({ path: testInfo.outputPath("well-levels-1-500.png"), clip: { x: x - 60, y: y - 40, width: 180, height: 80 } });
  await page.evaluate(() => window.__planEditor!.setZoom(22));
  await page.evaluate(() => window.__planEditor!.rendered());

  const reopened = await openWellEditor(page);
  await expect(reopened.getByTestId("sign-edit-coverLevel")).toHaveValue("12,45");
  await expect(reopened.getByTestId("sign-edit-invertLevel")).toHaveValue("10,80");

  // An emptied field removes its level.
  await reopened.getByTestId("sign-edit-coverLevel").fill("");
  await reopened.getByTestId("sign-edit-save").click();
  await expect(reopened).toBeHidden();
  const cleared = (await storeContent(page)).signs[0] as SignElement;
  expect(cleared.coverLevel).toBeUndefined();
  expect(cleared.invertLevel).toBe(10.8);
});

test("a symbol that is no well is not offered levels", async ({ page }) => {
  const planId = await newPlan(user, "Intet skilt med koter");
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [{ ...well, id: "s1", imageUrl: "/signs/sewer/toilet_og_sanitet/bruser.webp" }],
  }));
  await openEditor(page, user, planId, 22);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.featureCount())).toBe(1);
  await page.evaluate(() => window.__planEditor!.rendered());
  const dialog = await openWellEditor(page);
  await expect(dialog.getByTestId("sign-edit-rotation")).toBeVisible();
  await expect(dialog.getByTestId("sign-edit-levels")).toHaveCount(0);
});

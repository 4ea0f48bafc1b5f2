import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  blankMap,
  drag,
  drawWith,
  editorUser,
  newPlan,
  openEditor,
  putContent,
  savedPlan,
  storeContent,
  viewPath,
  type EditorUser,
} from "./editor-support";
import { siteTexts, siteUrl } from "./support";
import { ROAD_MARKING_STYLES, type RoadMarkingElement } from "@/lib/elements/road-marking";

// Road markings (issue 17): drawn with the pointer in a style chosen from drawn samples, moved, restyled,
// copied, deleted and undone, saved, reloaded and viewed read-only; and the 14 styles side by side
// compared with a reference image.

const t = siteTexts("skilteplanen");
let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

const markings = async (page: Page) => (await storeContent(page)).roadMarkings;

/** Chooses `option` of the style dialog's choice `key` from its menu of drawn samples. */
async function choose(page: Page, key: string, option: string) {
  const dialog = page.getByTestId("style-dialog");
  await dialog.getByRole("combobox", { name: new RegExp(`^${t(`editor.styleDialog.fields.${key}`)}`) }).click();
  const item = page.getByTestId(`style-${key}-${option}`);
  await item.click();
  await expect(item).toBeHidden();
}

test("a road marking is drawn in a style chosen from its drawn sample, moved, restyled, copied, deleted, undone, saved and reloaded", async ({
  page,
}) => {
  const planId = await newPlan(user, "Vejafstribning");
  const { cx, cy } = await openEditor(page, user, planId);

  // The drawing style first: the style menu shows every style as a drawn sample.
  await page.getByTestId("tool-roadMarking").click();
  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await dialog.getByRole("combobox", { name: new RegExp(`^${t("editor.styleDialog.fields.style")}`) }).click();
  for (const style of ROAD_MARKING_STYLES) {
    await expect(page.getByTestId(`style-style-${style}`).locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml/);
  }
  await page.getByTestId("style-style-solid-dashed-short").click();
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  // The toolbar shows the chosen style's sample.
  await expect(page.getByTestId("style-sample")).toHaveAttribute("alt", t("editor.styleDialog.options.style.solid-dashed-short"));

  await drawWith(page, "roadMarking", [
    [cx - 120, cy],
    [cx + 120, cy],
  ]);
  await expect.poll(async () => (await markings(page)).length).toBe(1);
  const drawn = (await markings(page))[0]!;
  expect(drawn).toMatchObject({ style: "solid-dashed-short", colour: "black", width: 0.1, flip: false });
  expect(drawn.coordinates).toHaveLength(2);
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");

  // Move it 40 px down.
  await drag(page, [cx, cy], [cx, cy + 40]);
  await expect.poll(async () => (await markings(page))[0]!.coordinates[0]![1]).toBeLessThan(drawn.coordinates[0]![1]);

  // Restyle the selection: yellow hajtænder, flipped.
  await page.getByTestId("style").click();
  await choose(page, "style", "give-way-triangles");
  await choose(page, "colour", "yellow");
  await dialog.getByTestId("style-flip").check();
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  const styled = (await markings(page))[0]!;
  expect(styled).toMatchObject({ style: "give-way-triangles", colour: "yellow", flip: true, width: 0.1 });
  await expect(page.getByTestId("style-sample")).toHaveAttribute("alt", t("editor.styleDialog.options.style.give-way-triangles"));

  // Copy and paste: a second marking with a new id, the same style, shifted.
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect.poll(async () => (await markings(page)).length).toBe(2);
  const [original, pasted] = await markings(page);
  expect(original).toEqual(styled);
  expect(pasted!.id).not.toBe(styled.id);
  expect({ ...pasted, id: "", coordinates: [] }).toEqual({ ...styled, id: "", coordinates: [] });
  expect(pasted!.coordinates[0]).not.toEqual(styled.coordinates[0]);

  // Delete the pasted copy, undo: it is back.
  await page.keyboard.press("Delete");
  await expect.poll(async () => (await markings(page)).length).toBe(1);
  await page.getByTestId("undo").click();
  expect(await markings(page)).toEqual([original, pasted]);

  // Saved, and identical after a reload.
  const server = await savedPlan(page, user, planId);
  expect(server.roadMarkings).toEqual([original, pasted]);
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(await markings(page)).toEqual([original, pasted]);
});

test("the read-only view draws a plan's road markings with no editing controls", async ({ browser }) => {
  const planId = await newPlan(user, "Vejafstribning, visning");
  const marking: RoadMarkingElement = {
    id: "rm-view",
    coordinates: [
      [10.3853, 55.40178],
      [10.3857, 55.40178],
    ],
    style: "double-solid",
    colour: "yellow",
    width: 0.1,
    subtype: "small",
    flip: false,
  };
  await putContent(user, planId, (content) => ({ ...content, roadMarkings: [marking] }));
  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(siteUrl(user.site, await viewPath(user, planId)));
    await expect(view.getByTestId("map")).toHaveAttribute("data-ready", "true");
    await expect(view.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
    for (const control of ["editor-toolbar", "tool-roadMarking", "style", "style-sample", "delete"]) {
      await expect(view.getByTestId(control)).toHaveCount(0);
    }
    expect(await view.evaluate(() => window.__planEditor!.getContent().roadMarkings)).toEqual([marking]);
    expect(await view.evaluate(() => window.__planEditor!.featureCount())).toBe(1);
  } finally {
    await visitor.close();
  }
});

// Ground metres as degrees near Odense (55.4° N).
const M_LAT = 1 / 111_320;
const M_LON = 1 / (111_320 * Math.cos((55.40178 * Math.PI) / 180));
const CENTRE: [number, number] = [10.38551, 55.40178];

test("the 14 road-marking styles look as in the reference image", async ({ page }) => {
  // The base map's tiles are aborted at once: the background stays blank and the frame final.
  await blankMap(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const planId = await newPlan(user, "Alle vejafstribninger");
  // 14 parallel markings, 36 m long and 2 m apart, the first at the top.
  const roadMarkings: RoadMarkingElement[] = ROAD_MARKING_STYLES.map((style, i) => {
    const lat = CENTRE[1] + (6.5 - i) * 2 * M_LAT;
    return {
      id: `rm-${i}`,
      coordinates: [
        [Math.round((CENTRE[0] - 18 * M_LON) * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7],
        [Math.round((CENTRE[0] + 18 * M_LON) * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7],
      ],
      style,
      colour: "white",
      width: 0.1,
      flip: false,
    };
  });
  await putContent(user, planId, (content) => ({ ...content, roadMarkings }));
  const { cx, cy } = await openEditor(page, user, planId, 20);
  expect(await storeContent(page).then((c) => c.roadMarkings.length)).toBe(14);
  await page.evaluate(() => window.__planEditor!.rendered());
  await expect(page).toHaveScreenshot("road-marking-styles.png", { clip: { x: cx - 230, y: cy - 175, width: 460, height: 350 } });
});

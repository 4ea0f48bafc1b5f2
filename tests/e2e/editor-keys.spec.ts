/**
 * The editor's keys and snapping: a letter picks a tool, ? shows every key, and a new point lands on
 * an existing vertex unless Shift is held.
 */
import { expect, test } from "./fixtures";
import { drawWith, editorUser, newPlan, openEditor, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";

const t = siteTexts("skilteplanen");
let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

test("a tool's letter picks it, V goes back to selecting, and ? lists every key", async ({ page }) => {
  await openEditor(page, user, await newPlan(user, "Taster"));
  await page.getByTestId("map").click();
  await page.keyboard.press("l");
  await expect(page.getByTestId("tool-line")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("v");
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");

  await page.getByTestId("tool-line").hover();
  await expect(page.getByRole("tooltip")).toHaveText(t("editor.shortcuts.hint", { label: t("editor.kinds.line"), key: "L" }));

  await page.keyboard.press("?");
  const dialog = page.getByTestId("shortcuts-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("shortcut-tool-line")).toContainText("L");
  await expect(dialog.getByTestId("shortcut-tool-select")).toContainText("V");
  await expect(dialog).toContainText(t("editor.shortcuts.actions.noSnap"));
  // Keys pressed in the open overview are not the editor's.
  await page.keyboard.press("l");
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a new point snaps to a vertex within a few pixels, and lands where the pointer is while Shift is held", async ({ page }) => {
  const { cx, cy } = await openEditor(page, user, await newPlan(user, "Fastgør"));
  await drawWith(page, "line", [
    [cx - 100, cy],
    [cx + 100, cy],
  ]);
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(1);
  const first = (await storeContent(page)).lines[0]!;

  // 5 px off the first line's end: the new line starts exactly on it.
  await drawWith(page, "line", [
    [cx + 104, cy + 3],
    [cx + 100, cy + 120],
  ]);
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(2);
  expect((await storeContent(page)).lines[1]!.coordinates[0]).toEqual(first.coordinates[1]);

  // The same with Shift held: the point stays where it was clicked.
  await page.getByTestId("tool-line").click();
  await page.keyboard.down("Shift");
  await page.mouse.click(cx - 104, cy + 3);
  await page.keyboard.up("Shift");
  await page.mouse.dblclick(cx - 100, cy - 120);
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(3);
  const free = (await storeContent(page)).lines[2]!.coordinates[0]!;
  expect(free).not.toEqual(first.coordinates[0]);
  // pixelOf answers page pixels, as the clicks use.
  const pixel = (await page.evaluate((p) => window.__planEditor!.pixelOf(p), free as [number, number]))!;
  expect(Math.abs(pixel[0] - (cx - 104))).toBeLessThan(1.5);
  expect(Math.abs(pixel[1] - (cy + 3))).toBeLessThan(1.5);
});

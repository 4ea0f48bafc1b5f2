import { expect, test } from "./fixtures";
import { drawWith, editorUser, newPlan, openEditor, serverPlan, storeContent, type EditorUser } from "./editor-support";
import { axeViolations, screenshotSizes } from "./organisation-support";
import type { Page } from "@playwright/test";

// The version history (issue 36): the plan's versions in a panel, one previewed on the map with what it
// changed highlighted while editing pauses, and restored as a new version that the editor then shows.

let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

/** Draws a line across the map at `dy` px below the centre and waits for its save; answers the version it made. */
async function drawAndSave(page: Page, planId: number, cx: number, cy: number, dy: number): Promise<number> {
  const before = (await serverPlan(user, planId)).version;
  await drawWith(page, "line", [
    [cx - 120, cy + dy],
    [cx + 120, cy + dy],
  ]);
  await expect.poll(async () => (await serverPlan(user, planId)).version, { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  return (await serverPlan(user, planId)).version;
}

const layerIds = (page: Page, name: string) => page.evaluate((n) => window.__planEditor!.layerFeatureIds(n), name);

test("several saves, an older version previewed with its change highlighted, restored as a new version", async ({ page }) => {
  const planId = await newPlan(user, "Historik");
  const { cx, cy } = await openEditor(page, user, planId);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  const first = await drawAndSave(page, planId, cx, cy, -80);
  const firstLine = (await storeContent(page)).lines[0]!.id;
  await drawAndSave(page, planId, cx, cy, 0);
  const last = await drawAndSave(page, planId, cx, cy, 80);
  const lineIds = (await storeContent(page)).lines.map((l) => l.id);
  expect(lineIds).toHaveLength(3);

  // Opened from the editor's menu, with the keyboard: the versions newest first, who and how many changed.
  await page.getByTestId("editor-more").focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("editor-action-history").focus();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("history-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading")).toHaveText("Versionshistorik");
  const entries = panel.getByTestId("history-entry");
  await expect(entries.first()).toHaveAttribute("data-version", String(last));
  await expect(entries.first()).toContainText("Nuværende");
  await expect(entries.first()).toContainText("Test Bruger");
  await expect(entries.first()).toContainText("1 element ændret");

  // The first line's version previewed: one line on the map, that line highlighted as added; editing pauses.
  const older = panel.locator(`[data-testid=history-entry][data-version="${first}"]`);
  await older.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("history-banner")).toContainText(`Du ser version ${first} fra`);
  await expect.poll(() => layerIds(page, "history-preview")).toEqual([firstLine]);
  await expect.poll(() => layerIds(page, "history-changes")).toEqual([`added:${firstLine}`]);
  await expect(page.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
  // The editor's own plan is untouched by the preview.
  expect((await storeContent(page)).lines).toHaveLength(3);
  expect(await axeViolations(page, { scope: "[data-testid=history-panel]" })).toEqual([]);
  expect(await axeViolations(page, { scope: "[data-testid=history-banner]" })).toEqual([]);
  await screenshotSizes(page, "/tmp/history-shots", "version-preview");

  // Close the preview: the plan is back and editable; preview again and restore, confirmed.
  await page.getByTestId("history-close-preview").click();
  await expect(page.getByTestId("plan-editor")).toHaveAttribute("data-mode", "edit");
  expect(await layerIds(page, "history-preview")).toEqual([]);
  await older.click();
  await page.getByTestId("history-restore").click();
  const dialog = page.getByTestId("history-restore-dialog");
  await expect(dialog).toContainText(`Gendan version ${first}?`);
  await dialog.getByRole("button", { name: "Gendan" }).click();
  await expect(dialog).toBeHidden();

  // The plan is that version's content, on the server and in the editor, as a new version at the top.
  await expect.poll(async () => (await storeContent(page)).lines.map((l) => l.id)).toEqual([firstLine]);
  const restored = await serverPlan(user, planId);
  expect(restored.version).toBe(last + 1);
  expect(restored.content.lines.map((l) => l.id)).toEqual([firstLine]);
  await expect(entries.first()).toHaveAttribute("data-version", String(last + 1));
  await expect(entries.first()).toContainText("Nuværende");
  await expect(page.getByTestId("plan-editor")).toHaveAttribute("data-mode", "edit");
  // The editor goes on saving on top of the restored version without a conflict.
  await drawAndSave(page, planId, cx, cy, 40);
  await expect(page.getByTestId("conflict-dialog")).toHaveCount(0);
  expect((await serverPlan(user, planId)).content.lines).toHaveLength(2);

  // The list follows the plan: the save just made is on top; the restore, previewed, shows the two lines
  // it removed ghosted (drawn from the version before it).
  await expect(entries.first()).toHaveAttribute("data-version", String(last + 2));
  await panel.locator(`[data-testid=history-entry][data-version="${last + 1}"]`).click();
  await expect(page.getByTestId("history-banner")).toContainText(`Du ser version ${last + 1} fra`);
  await expect
    .poll(() => layerIds(page, "history-changes"))
    .toEqual(
      lineIds
        .slice(1)
        .map((id) => `removed:${id}`)
        .sort(),
    );
  await page.getByTestId("history-close-preview").click();

  // Escape-free close with the keyboard: the close button.
  await panel.getByTestId("history-close").focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeHidden();
});

/**
 * The plan export in reach (issue 33, item 2): a labelled "Eksportér" / "Exportera" button on the
 * editor's toolbar opens the export panel, whose title block starts with the plan's project name,
 * unless that is the default project every user has ("Standardprojekt"), which names no project.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { apiCall } from "./api";
import { editorUser, openEditor, type EditorUser } from "./editor-support";
import { axeViolations, screenshotSizes } from "./organisation-support";

/** A plan in the project `projectId`. */
async function planIn(user: EditorUser, projectId: number, name: string): Promise<number> {
  const res = await apiCall(user.site, "POST", "/api/signplan", { name, project_id: projectId }, user.token);
  expect(res.status).toBe(201);
  return (res.json as { id: number }).id;
}

/** Opens the export panel with the toolbar's button, once the projects (for the title block) have been read. */
async function exportWithButton(page: Page, label: string) {
  const button = page.getByTestId("toolbar-export");
  await expect(button).toHaveText(label);
  const projects = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/project" && res.request().method() === "GET");
  await button.click();
  await expect(page.getByTestId("export-panel")).toBeVisible();
  expect((await projects).status()).toBe(200);
}

test("the toolbar's Eksportér opens the export with the project's name in the title block, but not Standardprojekt's", async ({
  page,
  browser,
}) => {
  const user = await editorUser(browser, "skilteplanen");
  const own = await apiCall(user.site, "POST", "/api/project", { name: "Vejarbejde Nørregade", isShared: false }, user.token);
  expect(own.status).toBe(201);

  // A plan of the named project: the title block says its name.
  await openEditor(page, user, await planIn(user, (own.json as { id: number }).id, "Etape 1"));
  await exportWithButton(page, "Eksportér");
  await expect(page.getByTestId("export-project-name")).toHaveValue("Vejarbejde Nørregade");
  expect(await axeViolations(page, { scope: "[data-testid=editor-toolbar]" })).toEqual([]);
  await screenshotSizes(page, test.info().outputPath(), "export-open");

  // A plan of the default project: the field stays empty for the user to fill in.
  await openEditor(page, user, await planIn(user, user.projectId, "Skitse"));
  await exportWithButton(page, "Eksportér");
  await expect(page.getByTestId("export-project-name")).toHaveValue("");
  // The project's name, had it been set, would have come by now: the list has arrived and rendered.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByTestId("export-project-name")).toHaveValue("");
});

test("the Swedish site's toolbar says Exportera and reaches the export from the keyboard", async ({ page, browser }) => {
  const user = await editorUser(browser, "ta-planen");
  await openEditor(page, user, await planIn(user, user.projectId, "Etapp 1"));
  const button = page.getByTestId("toolbar-export");
  await expect(button).toHaveText("Exportera");
  await screenshotSizes(page, test.info().outputPath(), "toolbar");
  // Back at the desktop size the phone's plan bar (with its own export button) gives way to the toolbar;
  // focusing before it has would focus a button about to go.
  await expect(page.getByTestId("editor-plan-bar")).toHaveCount(0);
  await expect(button).toHaveText("Exportera");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("export-panel")).toBeVisible();
  await expect(page.getByTestId("export-project-name")).toHaveValue("");
});

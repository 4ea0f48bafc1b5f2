/**
 * The project archive (/order-control/, issue 35) in a real browser, one full flow per site: a folder
 * made with Enter, files uploaded, opened by keyboard, renamed, downloaded byte for byte, a second
 * version, deleted after confirmation, the list view's selection, a saved plan opened in a new tab, axe
 * on both views, the Swedish texts on TA-planen, and screenshots at three sizes.
 */
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { danishIn } from "../support/danish-text";
import { archiveItem, archiveUser, openArchive, serverContents, textFile, type ArchiveUser } from "./archive-support";
import { newPlan } from "./editor-support";
import { expect, test } from "./fixtures";
import { axeViolations, screenshotSizes } from "./organisation-support";
import { siteTexts, siteUrl } from "./support";
import type { SiteId } from "@/sites/site-ids";

async function createFolder(page: Page, t: ReturnType<typeof siteTexts>, name: string) {
  await page.getByRole("button", { name: t("archive.newFolder") }).click();
  const dialog = page.getByTestId("archive-create-dialog");
  await expect(dialog.getByRole("heading", { name: t("archive.createDialog.title") })).toBeVisible();
  await dialog.getByLabel(t("archive.createDialog.name")).fill(name);
  await dialog.getByLabel(t("archive.createDialog.name")).press("Enter");
  await expect(dialog).toBeHidden();
  await expect(archiveItem(page, name)).toBeVisible();
}

async function fullFlow(page: Page, user: ArchiveUser, context: BrowserContext) {
  const site: SiteId = user.site;
  const t = siteTexts(site);
  const planId = await newPlan(user, "Gemt plan");
  await openArchive(page, user);
  // The saved plan is listed at the root; the breadcrumb starts with the project.
  await expect(archiveItem(page, "Gemt plan")).toBeVisible();
  await expect(page.getByTestId("archive-breadcrumb")).toContainText(site === "ta-planen" ? "Standardprojekt" : "Standardprojekt");
  await expect(page.getByTestId("archive-usage")).toContainText(site === "ta-planen" ? "av" : "af");

  await createFolder(page, t, "Tilladelser");
  // A name taken: the server's message in a toast at the bottom left; the dialog stays open.
  await page.getByRole("button", { name: t("archive.newFolder") }).click();
  const again = page.getByTestId("archive-create-dialog");
  await again.getByLabel(t("archive.createDialog.name")).fill("Tilladelser");
  await again.getByLabel(t("archive.createDialog.name")).press("Enter");
  const toast = page.locator(".Toastify__toast-container--bottom-left").getByText(t("api.archive.nameTaken", { name: "Tilladelser" }));
  await expect(toast).toBeVisible();
  await expect(again).toBeVisible();
  await again.getByRole("button", { name: t("archive.cancel") }).click();
  await expect(again).toBeHidden();

  // Files, several at once; the panel shows them while they upload.
  await page
    .getByTestId("archive-files-input")
    .setInputFiles([textFile("notat.txt", "første notat"), textFile("politi.pdf", "%PDF-1.4 test")]);
  await expect(archiveItem(page, "notat.txt")).toBeVisible();
  await expect(archiveItem(page, "politi.pdf")).toBeVisible();
  // Folders first, then newest first.
  const names = await page.getByTestId("archive-item").evaluateAll((els) => els.map((el) => el.getAttribute("data-name")));
  expect(names[0]).toBe("Tilladelser");

  // Into the folder by keyboard: the card's main button takes the focus and Enter opens it.
  await archiveItem(page, "Tilladelser").getByTestId("archive-open").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("archive-breadcrumb")).toContainText("Tilladelser");
  await expect(page).toHaveURL(/path=\d+/);
  await page.getByTestId("archive-files-input").setInputFiles([textFile("inde.txt", "i mappen")]);
  await expect(archiveItem(page, "inde.txt")).toBeVisible();
  const folder = (await serverContents(user)).folders.find((f) => f.name === "Tilladelser")!;
  expect((await serverContents(user)).files.find((f) => f.name === "inde.txt")?.folderId).toBe(folder.id);
  // Back up by the breadcrumb.
  await page.getByTestId("archive-breadcrumb").getByRole("button", { name: "Standardprojekt" }).click();
  await expect(archiveItem(page, "notat.txt")).toBeVisible();

  // Rename: the field holds the current name; Enter submits.
  await archiveItem(page, "notat.txt").getByTestId("archive-rename").click();
  const rename = page.getByTestId("archive-rename-dialog");
  await expect(rename.getByLabel(t("archive.renameDialog.name"))).toHaveValue("notat.txt");
  await rename.getByLabel(t("archive.renameDialog.name")).fill("referat.txt");
  await rename.getByLabel(t("archive.renameDialog.name")).press("Enter");
  await expect(archiveItem(page, "referat.txt")).toBeVisible();
  await expect(archiveItem(page, "notat.txt")).toHaveCount(0);

  // Download: the same bytes.
  const downloaded = page.waitForEvent("download");
  await archiveItem(page, "referat.txt").getByTestId("archive-download").click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe("referat.txt");
  expect(readFileSync((await download.path())!, "utf8")).toBe("første notat");

  // The same name again: a second version, listed newest first, each downloadable.
  await page.getByTestId("archive-files-input").setInputFiles([textFile("referat.txt", "anden udgave")]);
  await expect(archiveItem(page, "referat.txt").getByTestId("archive-versions")).toHaveText(t("archive.versions", { count: 2 }));
  await archiveItem(page, "referat.txt").getByTestId("archive-versions").click();
  const versions = page.getByTestId("archive-versions-dialog");
  await expect(versions.getByTestId("archive-version")).toHaveCount(2);
  const older = page.waitForEvent("download");
  await versions.getByTestId("archive-version-download").nth(1).click();
  expect(readFileSync((await (await older).path())!, "utf8")).toBe("første notat");
  await versions.getByRole("button", { name: t("archive.versionsDialog.close") }).click();

  // Delete, after the confirmation.
  await archiveItem(page, "politi.pdf").getByTestId("archive-delete").click();
  const confirm = page.getByTestId("archive-delete-dialog");
  await expect(confirm).toContainText("politi.pdf");
  await confirm.getByRole("button", { name: t("archive.deleteDialog.delete") }).click();
  await expect(archiveItem(page, "politi.pdf")).toHaveCount(0);
  expect((await serverContents(user)).files.some((f) => f.name === "politi.pdf")).toBe(false);

  // axe on the grid.
  expect(await axeViolations(page)).toEqual([]);

  // The list view: columns, the select-all box and its indeterminate state.
  await page.getByTestId("archive-list-view").click();
  const table = page.getByTestId("archive-table");
  await expect(table.getByRole("columnheader", { name: t("archive.columns.modified") })).toBeVisible();
  await archiveItem(page, "referat.txt").getByTestId("archive-select").locator("input").check();
  const all = page.getByRole("checkbox", { name: t("archive.selectAll") });
  await expect(all).toHaveAttribute("data-indeterminate", "true");
  await all.check();
  await expect(page.getByTestId("archive-item").locator("input[type=checkbox]:not(:checked)")).toHaveCount(0);
  await all.uncheck();
  await expect(page.getByTestId("archive-item").locator("input[type=checkbox]:checked")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  // A name of one word stays on one line in the list at every size (a squeezed name column once broke
  // them a letter a line on a tablet, beside the dates and actions that do not wrap).
  for (const [width, height] of [
    [1400, 900],
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const name of ["Tilladelser", "referat.txt"]) {
      const lines = await archiveItem(page, name)
        .getByText(name, { exact: true })
        .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, `${name} at ${width} px`).toBe(1);
    }
  }
  await screenshotSizes(page, "test-results/archive-screens", `${site}-list`);
  await page.getByTestId("archive-grid-view").click();
  await screenshotSizes(page, "test-results/archive-screens", `${site}-grid`);

  // A saved plan opens the site's app in a new tab.
  const opened = context.waitForEvent("page");
  await archiveItem(page, "Gemt plan").getByTestId("archive-open").click();
  const tab = await opened;
  await tab.waitForLoadState("domcontentloaded");
  expect(tab.url()).toBe(siteUrl(site, `/app?plan=${planId}`));
  await tab.close();
  return t;
}

test("skilteplanen: the whole archive flow", async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const user = await archiveUser(browser, "skilteplanen");
  await fullFlow(page, user, context);
});

test("kloakplanen: the whole archive flow", async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const user = await archiveUser(browser, "kloakplanen");
  await fullFlow(page, user, context);
});

test("ta-planen: the whole archive flow, in Swedish", async ({ page, browser, context }) => {
  test.setTimeout(120_000);
  const user = await archiveUser(browser, "ta-planen");
  const t = await fullFlow(page, user, context);
  await expect(page.getByRole("button", { name: t("archive.uploadFolder") })).toHaveText(t("archive.uploadFolder"));
  expect(t("archive.uploadFolder")).toBe("Ladda upp mapp");
  const text = await page.evaluate(() => document.body.innerText);
  // The user's own names (Danish on purpose in the shared flow) are not the site's texts.
  const shown = text.replace(/Tilladelser|referat\.txt|inde\.txt|Gemt plan|første notat/g, "");
  expect(danishIn(shown)).toEqual([]);
});

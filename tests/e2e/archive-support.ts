/**
 * What the archive's browser tests share: a confirmed user with their default project, the archive
 * screen opened on it, the project's contents as the server holds them, and the screen's texts.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { apiCall } from "./api";
import { editorUser, type EditorUser } from "./editor-support";
import { expect } from "./fixtures";
import { siteUrl, storeTokenInPage, waitForHydration } from "./support";
import type { ArchiveContentsDto } from "@/lib/schemas/archive";
import type { SiteId } from "@/sites/site-ids";

export type ArchiveUser = EditorUser;

export const archiveUser = (browser: Browser, site: SiteId): Promise<ArchiveUser> => editorUser(browser, site);

export async function openArchive(page: Page, user: ArchiveUser, query = `?project=${user.projectId}`): Promise<void> {
  await storeTokenInPage(page, user.site, user.token);
  await page.goto(siteUrl(user.site, `/order-control${query}`));
  await expect(page.getByTestId("archive-screen")).toBeVisible();
  await waitForHydration(page.getByTestId("archive-main"));
  await archiveLoaded(page);
}

/** Waits until the archive has loaded, or the screen says why there is none (its file inputs exist only with one). */
export async function archiveLoaded(page: Page): Promise<void> {
  await expect(
    page.locator('[data-testid="archive-usage"], [data-testid="archive-not-found"], [data-testid="archive-no-project"]').first(),
  ).toBeVisible();
}

export async function serverContents(user: ArchiveUser, projectId = user.projectId): Promise<ArchiveContentsDto> {
  const res = await apiCall(user.site, "GET", `/api/archive/contents/${projectId}`, undefined, user.token);
  expect(res.status).toBe(200);
  return res.json as ArchiveContentsDto;
}

/** An item of the current folder, by its name. */
export const archiveItem = (page: Page, name: string): Locator => page.locator(`[data-testid="archive-item"][data-name="${name}"]`);

/** Files for setInputFiles: name, type and bytes. */
export const textFile = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

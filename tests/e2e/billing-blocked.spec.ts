/**
 * A blocked account in the browser (issue 31; core §2 "blocked-account dialog"): the dialog says why
 * and how to reactivate; the editor opens the plan read-only with a banner, every editing tool disabled,
 * and still exports; a reactivation lifts the block in the open editor without a reload. A change the
 * server refuses because a block began while the user edited is kept, shown as waiting, and saved once
 * the account is reactivated. A member of a blocked organisation is told whom to ask.
 */
import type { Locator, Page, Request } from "@playwright/test";
import { test, expect } from "./fixtures";
import { apiCall } from "./api";
import { setTrialDaysLeft } from "./billing-support";
import { acceptPaymentThroughApi, screenshots } from "./billing-shell-support";
import { drawWith, editorUser, newPlan, openEditor, putContent, serverPlan, storeContent, type EditorUser } from "./editor-support";
import { openExportPanel, saveDownload } from "./export-support";
import { addMembersInDatabase, axeViolations, userIdOf } from "./organisation-support";
import { createVerifiedUser, siteTexts, siteUrl, storeTokenInPage } from "./support";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";

const site = "skilteplanen";
const t = siteTexts(site);

/** A line across the middle of the map (Odense at street zoom, where openEditor puts the view). */
const LINE: [number, number][] = [
  [10.3852, 55.4017],
  [10.3858, 55.4019],
];

/** Presses Tab until `target` has the focus (a few presses at most), the focus never leaving `dialog` on the way. */
async function tabTo(page: Page, dialog: Locator, target: Locator): Promise<void> {
  for (let presses = 0; presses < 5; presses++) {
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), "the focus is in the dialog").toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Saves of the plan the page sends (PATCH with the changed elements, or PUT /api/signplan/{id}). */
function countSaves(page: Page, planId: number): { count: () => number } {
  let count = 0;
  page.on("request", (request: Request) => {
    if (["PATCH", "PUT"].includes(request.method()) && new URL(request.url()).pathname === `/api/signplan/${planId}`) count += 1;
  });
  return { count: () => count };
}

test("blocked: the dialog says why, the editor opens read-only, exports, and turns editable again at reactivation", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await editorUser(browser, site);
  const id = userIdOf(user.token);
  // The plan exists before the block, with a line in it to select.
  const planId = await newPlan(user, "Spærret plan");
  await putContent(user, planId, (content) => ({ ...content, lines: [{ ...EXAMPLE_ELEMENTS.line, id: "l-1", coordinates: LINE }] }));
  setTrialDaysLeft(id, -1);

  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  const dialog = page.getByTestId("blocked-account-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("blocked-reason")).toHaveText(t("billingStatus.blocked.reason.trialEnded", { product: "Skilteplanen" }));
  await expect(dialog).toContainText(t("billingStatus.blocked.still"));
  await expect(dialog).toContainText(t("billingStatus.blocked.how"));
  const reactivate = page.getByTestId("blocked-reactivate");
  await expect(reactivate).toHaveAttribute("href", "/organisation?tab=invoices");
  expect(await axeViolations(page, { scope: '[data-testid="blocked-account-dialog"]' })).toEqual([]);
  await screenshots(page, "blocked-dialog");

  // Keyboard only: the focus is held in the dialog, Tab reaches both its buttons, Enter on Close closes it.
  await tabTo(page, dialog, reactivate);
  await tabTo(page, dialog, dialog.getByRole("button", { name: t("billingStatus.blocked.close") }));
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);

  // The editor: the plan, read-only, with the banner; the tools there but disabled.
  const editor = page.getByTestId("plan-editor");
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(editor).toHaveAttribute("data-mode", "view");
  const banner = page.getByTestId("blocked-banner");
  await expect(banner).toHaveText(new RegExp(t("billingStatus.editor.banner")));
  await expect(page.getByTestId("blocked-banner-reactivate")).toHaveAttribute("href", "/organisation?tab=invoices");
  await expect(page.getByTestId("tool-line")).toBeDisabled();
  await expect(page.getByTestId("undo")).toBeDisabled();
  await expect(page.getByTestId("tool-select")).toBeEnabled();
  expect(await axeViolations(page, { scope: '[data-testid="blocked-banner"]' })).toEqual([]);
  await screenshots(page, "blocked-editor");
  // The banner's "Why?" opens the dialog again.
  await page.getByTestId("blocked-banner-why").click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Selecting still works; deleting does not (the button is disabled, the key does nothing).
  await page.evaluate(() => {
    window.__planEditor!.setCenter([10.3855, 55.4018]);
    window.__planEditor!.setZoom(18);
  });
  await page.evaluate(() => window.__planEditor!.rendered());
  const [x, y] = (await page.evaluate((p) => window.__planEditor!.pixelOf(p), [
    (LINE[0]![0] + LINE[1]![0]) / 2,
    (LINE[0]![1] + LINE[1]![1]) / 2,
  ] as [number, number]))!;
  await page.mouse.click(x, y);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.getSelection())).toEqual(["l-1"]);
  await expect(page.getByTestId("delete")).toBeDisabled();
  await page.keyboard.press("Delete");
  expect((await storeContent(page)).lines.map((l) => l.id)).toEqual(["l-1"]);
  await page.getByTestId("editor-more").click();
  await expect(page.getByTestId("editor-action-reset")).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("editor-action-export-plan")).not.toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");

  // An export still downloads (exports are stored even while blocked).
  await openExportPanel(page);
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const file = await saveDownload(await downloading);
  expect(file.endsWith(".pdf")).toBe(true);
  await page.getByTestId("export-close").click();

  // Reactivated elsewhere (the same user's token, through the API) while the editor stays open.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await acceptPaymentThroughApi(site, user.token);
  await expect(banner).toHaveCount(0);
  await expect(editor).toHaveAttribute("data-mode", "edit");
  await expect(page.getByTestId("tool-line")).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Editable again: a new line is drawn and saved.
  const box = (await page.getByTestId("map").boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await drawWith(page, "line", [
    [cx - 80, cy + 60],
    [cx + 80, cy + 60],
  ]);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  await expect.poll(async () => (await serverPlan(user, planId)).content.lines.length).toBe(2);
});

test("a change refused because a block began while editing is kept, shown as waiting, and saved after reactivation", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user: EditorUser = await editorUser(browser, site);
  const planId = await newPlan(user, "Plan under spærring");
  const { cx, cy } = await openEditor(page, user, planId);
  // openEditor's centre and zoom are saved as the plan's view: that save must land before the block
  // begins, or it, not the line, is the refused change, and the editor locks before the line is drawn.
  await expect
    .poll(async () => JSON.stringify((await serverPlan(user, planId)).content.mapView))
    .toBe(JSON.stringify((await storeContent(page)).mapView));
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  const saves = countSaves(page, planId);

  // The block begins now; the editor does not know it yet, and the user draws.
  setTrialDaysLeft(userIdOf(user.token), -1);
  await drawWith(page, "line", [
    [cx - 60, cy],
    [cx + 60, cy],
  ]);
  const saveState = page.getByTestId("save-state");
  await expect(saveState).toHaveAttribute("data-state", "blocked");
  await expect(page.getByTestId("save-state-label")).toHaveText(t("editorSync.saveState.blocked"));
  // The refusal made the app ask block-status: the editor is read-only and the dialog says why.
  await expect(page.getByTestId("blocked-banner")).toBeVisible();
  await expect(page.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
  await expect(page.getByTestId("blocked-account-dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  // Kept in the editor, not on the server.
  expect((await storeContent(page)).lines).toHaveLength(1);
  expect((await serverPlan(user, planId)).content.lines).toHaveLength(0);
  // Waiting, not hammering: one refused save, and nothing more while the block lasts (a refocus asks block-status, not the plan).
  const refused = saves.count();
  expect(refused).toBe(1);
  // The wait is set up before the focus: the answer may come before a later listener would hear it.
  const asked = page.waitForResponse((res) => res.url().includes("/api/users/block-status"), { timeout: 15_000 });
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await asked;
  await expect(saveState).toHaveAttribute("data-state", "blocked");
  expect(saves.count()).toBe(refused);
  await screenshots(page, "blocked-waiting");

  // Reactivated: the waiting change goes out by itself.
  await acceptPaymentThroughApi(site, user.token);
  await expect(saveState).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("blocked-banner")).toHaveCount(0);
  const saved = (await serverPlan(user, planId)).content.lines;
  expect(saved).toHaveLength(1);
  expect(saved).toEqual((await storeContent(page)).lines);
});

test("a member of a blocked organisation is told to ask the owner, and gets no reactivate button", async ({ page, browser }) => {
  const owner = await createVerifiedUser(await browser.newPage(), site);
  const member = await createVerifiedUser(await browser.newPage(), site);
  await apiCall(site, "PUT", "/api/auth/update-profile", { name: "Ejer Olsen" }, owner.token);
  const created = await apiCall(
    site,
    "POST",
    "/api/users/createOrganization",
    { name: `Vejfirma ${Date.now()}`, cvr_number: "24256790" },
    owner.token,
  );
  expect(created.status).toBe(201);
  addMembersInDatabase((created.json as { id: number }).id, [{ id: userIdOf(member.token) }]);
  setTrialDaysLeft(userIdOf(member.token), -2);

  await storeTokenInPage(page, site, member.token);
  await page.goto(siteUrl(site, "/functions"));
  const dialog = page.getByTestId("blocked-account-dialog");
  await expect(dialog).toBeVisible();
  const ownerName = ((await apiCall(site, "GET", "/api/users/block-status", undefined, member.token)).json as { ownerName: string })
    .ownerName;
  expect(ownerName).toBeTruthy();
  await expect(page.getByTestId("blocked-how")).toHaveText(t("billingStatus.blocked.askOwner", { owner: ownerName }));
  await expect(page.getByTestId("blocked-reactivate")).toHaveCount(0);
  expect(await axeViolations(page, { scope: '[data-testid="blocked-account-dialog"]' })).toEqual([]);
  await screenshots(page, "blocked-dialog-member");
  // Keyboard: Close is reached with Tab without leaving the dialog, Escape closes it.
  await tabTo(page, dialog, dialog.getByRole("button", { name: t("billingStatus.blocked.close") }));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

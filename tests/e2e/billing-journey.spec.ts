/**
 * The whole way back from a block, as a customer goes it (issue 31): the trial has ended and the plan is
 * open in the editor, read-only; in a second tab the customer opens Konto → Fakturaer, gives the invoice
 * details, accepts the subscription and the terms; the editor's tab turns editable without a reload and
 * saves a new line, and the invoice's PDF downloads from the list and reads back with its number and total.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { openInvoicesTab, plain } from "./billing-account-support";
import { setTrialDaysLeft } from "./billing-support";
import { drawWith, editorUser, newPlan, serverPlan } from "./editor-support";
import { saveDownload } from "./export-support";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { userIdOf } from "./organisation-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";

const site = "skilteplanen";
const t = siteTexts(site);

test("blocked → invoice details → accepted in another tab: the open editor becomes editable and saves, and the invoice PDF downloads", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await editorUser(browser, site);
  const planId = await newPlan(user, "Plan under genaktivering");
  setTrialDaysLeft(userIdOf(user.token), -1);

  // The editor, blocked: the dialog on arrival, then the read-only plan with its banner.
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("blocked-account-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  const editor = page.getByTestId("plan-editor");
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(editor).toHaveAttribute("data-mode", "view");
  await expect(page.getByTestId("blocked-banner")).toBeVisible();
  await expect(page.getByTestId("tool-line")).toBeDisabled();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // The invoices tab in a second tab of the same browser: the details first, then the acceptance.
  const account = await page.context().newPage();
  await openInvoicesTab(account, site, { ...user, id: userIdOf(user.token) });
  await expect(account.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.blocked"));
  const form = account.getByTestId("subscribe-details-form");
  await expect(form).toBeVisible();
  await form.getByTestId("details-company-name").fill("Vejfirma ApS");
  await form.getByTestId("details-company-number").fill("24256790");
  await form.getByTestId("details-name").fill("Bo Jensen");
  await form.getByTestId("details-address").fill("Vejen 1");
  await form.getByTestId("details-zip").fill("5000");
  await form.getByTestId("details-city").fill("Odense");
  await form.getByTestId("details-invoice-email").fill("faktura@vejfirma.dk");
  await form.getByRole("button", { name: t("billingAccount.details.saveAndContinue") }).click();
  const accept = account.getByTestId("accept-subscription");
  await expect(accept).toBeVisible();
  await accept.getByRole("checkbox").check();
  await accept.getByRole("button", { name: t("billingAccount.subscribe.button") }).click();
  await expect(account.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.active"));

  // The editor's tab, untouched: editable again in the same document, and a new line is saved.
  await expect(page.getByTestId("blocked-banner")).toHaveCount(0);
  await expect(editor).toHaveAttribute("data-mode", "edit");
  await expect(page.getByTestId("tool-line")).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  const box = (await page.getByTestId("map").boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await drawWith(page, "line", [
    [cx - 80, cy + 40],
    [cx + 80, cy + 40],
  ]);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  await expect.poll(async () => (await serverPlan(user, planId)).content.lines.length).toBe(1);
  const blockStatus = await apiCall(site, "GET", "/api/users/block-status", undefined, user.token);
  expect(blockStatus.json).toMatchObject({ blocked: false, status: "active" });

  // The invoice's PDF from the list, as the customer downloads it: its number and total in the text.
  const invoices = (await apiCall(site, "GET", "/api/users/invoices", undefined, user.token)).json as { number: number }[];
  expect(invoices).toHaveLength(1);
  const row = account.getByTestId("invoice-row");
  expect(plain(await row.getByTestId("invoice-amount").textContent())).toBe("3.118,75 kr.");
  const downloading = account.waitForEvent("download");
  await row.getByTestId("invoice-pdf").click();
  const file = await saveDownload(await downloading);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  const text = plain(execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]).toString()).replace(/[\u00a0\u202f]/g, " ");
  expect(text).toContain(String(invoices[0]!.number));
  expect(text).toContain("3.118,75 kr.");
  expect(text).toContain("Vejfirma ApS");
});

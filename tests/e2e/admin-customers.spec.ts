/**
 * Staff help a customer in the admin area (issue 32), in a real browser: search (beyond ASCII), open the
 * customer's page, block with a reason (which the customer's own app then shows), unblock, extend the
 * trial, and find each action in the audit log; an action refused by the server shows its message and
 * writes no audit row. axe on the list, a customer's page and the audit log; screenshots for a look.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { auditRowsOf, inDatabase, staffUser } from "./admin-support";
import { apiCall } from "./api";
import { axeViolations, organisationWith, screenshotSizes, verifiedUser, type User } from "./organisation-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";

const site = "skilteplanen";
const t = siteTexts(site);
const SHOTS = "/tmp/admin-customers-shots";
const tag = `e2e${Date.now().toString(36)}`;

let staff: User;
let customer: User;
let colleague: User;
const customerName = `Søren Østergaard ${tag}`;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  staff = await staffUser(page, site);
  customer = await verifiedUser(page, site);
  colleague = await verifiedUser(page, site);
  await page.close();
  inDatabase((db) => {
    db.prepare("UPDATE users SET name = ? WHERE id = ?").run(customerName, customer.id);
    db.prepare("UPDATE users SET name = ? WHERE id = ?").run(`Åsa Kollega ${tag}`, colleague.id);
  });
  await organisationWith(site, customer, [{ user: colleague }], `Vejfirma ${tag} ApS`);
});

async function openAdmin(page: Page, path = "/admin") {
  await storeTokenInPage(page, site, staff.token);
  await page.goto(siteUrl(site, path));
  await expect(page.getByTestId("admin-page")).toBeVisible();
}

/** Opens an action's dialog from the customer's page, fills it, confirms, and waits for the toast. */
async function act(page: Page, action: string, done: string, fill?: (dialog: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  await page.getByTestId(`admin-open-${action}`).click();
  const dialog = page.getByTestId(`admin-action-${action}`);
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole("button", { name: t(`admin.customers.actions.${action}.confirm`) }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test("staff find a customer by name in capitals, block, unblock and extend the trial; each action is in the audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openAdmin(page);
  const search = page.getByTestId("admin-customer-search");
  await search.fill(`ØSTERGAARD ${tag.toUpperCase()}`);
  await expect(page).toHaveURL(/[?&]q=%C3%98STERGAARD/);
  const row = page.getByTestId("admin-customer-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customerName);
  await expect(row).toContainText(`Vejfirma ${tag} ApS`);
  await expect(row).toContainText(t("admin.customers.roles.owner"));
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "customers-list");
  await page.setViewportSize({ width: 1400, height: 900 });

  // A reload keeps the search; the row opens the customer's page.
  await page.reload();
  await expect(page.getByTestId("admin-customer-row")).toHaveCount(1);
  await page.getByTestId("admin-customer-row").getByRole("cell").nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?customer=${customer.id}&q=`));
  const customerPage = page.getByTestId("admin-customer-page");
  await expect(customerPage).toBeVisible();
  await expect(page.getByTestId("admin-customer-name")).toHaveText(customerName);
  await expect(page.getByTestId("admin-customer-role")).toHaveText(t("admin.customers.roles.owner"));
  await expect(page.getByTestId("admin-customer-confirmed")).toHaveText(t("admin.customers.confirmedYes"));
  await expect(page.getByTestId("admin-customer-plans")).toHaveText("0");
  // Staff see counts only: nothing on the page links to a plan.
  await expect(customerPage.locator('a[href*="/app"]')).toHaveCount(0);
  // The owner is not offered "make owner"; their colleague's page does offer it.
  await expect(page.getByTestId("admin-open-makeOwner")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "customer-page");
  await page.setViewportSize({ width: 1400, height: 900 });

  // Back leads to the same search.
  await page.getByTestId("admin-customer-back").click();
  await expect(page.getByTestId("admin-customer-row")).toHaveCount(1);
  await expect(page.getByTestId("admin-customer-search")).toHaveValue(`ØSTERGAARD ${tag.toUpperCase()}`);
  await page.getByTestId("admin-customer-row").getByRole("link", { name: customerName }).click();
  await expect(customerPage).toBeVisible();

  // Block: the reason is required, and the customer's own app shows it.
  const reason = `Misbrug af delt login (sag ${tag})`;
  await page.getByTestId("admin-open-block").click();
  const blockDialog = page.getByTestId("admin-action-block");
  await blockDialog.getByRole("button", { name: t("admin.customers.actions.block.confirm") }).click();
  await expect(blockDialog.getByText(t("admin.customers.actions.block.reasonInvalid", { max: 500 }))).toBeVisible();
  expect(await axeViolations(page, { scope: '[data-testid="admin-action-block"]' })).toEqual([]);
  await screenshotSizes(page, SHOTS, "block-dialog");
  await page.setViewportSize({ width: 1400, height: 900 });
  await blockDialog.getByRole("button", { name: t("admin.customers.actions.cancel") }).click();
  await act(page, "block", t("admin.customers.actions.block.done"), (dialog) => dialog.getByTestId("admin-block-reason").fill(reason));
  await expect(page.getByTestId("admin-customer-block-reason")).toContainText(reason);
  await expect(page.getByTestId("admin-customer-staff-block")).toBeVisible();

  const customerContext = await browser.newContext();
  const own = await customerContext.newPage();
  await storeTokenInPage(own, site, customer.token);
  await own.goto(siteUrl(site, "/app"));
  await expect(own.getByTestId("trial-bar")).toHaveAttribute("data-state", "blocked");
  const blockedDialog = own.getByTestId("blocked-account-dialog");
  if (!(await blockedDialog.isVisible())) await own.getByTestId("trial-bar-action").click();
  await expect(own.getByTestId("blocked-reason")).toHaveText(t("billingStatus.blocked.reason.staff", { product: "Skilteplanen", reason }));

  // Unblock, then extend the trial by 10 days.
  await act(page, "unblock", t("admin.customers.actions.unblock.done"));
  await expect(page.getByTestId("admin-customer-block")).toHaveText(t("admin.customers.billing.notBlocked"));
  await own.reload();
  await expect(own.getByTestId("trial-bar")).toHaveAttribute("data-state", "days");
  await customerContext.close();

  const trialBefore = await page.getByTestId("admin-customer-trial").textContent();
  await act(page, "extendTrial", t("admin.customers.actions.extendTrial.done", { days: 10 }), async (dialog) => {
    await dialog.getByTestId("admin-trial-days").fill("10");
  });
  await expect(page.getByTestId("admin-customer-trial")).not.toHaveText(trialBefore ?? "");
  await expect(page.getByTestId("admin-customer-trial")).toContainText(/2[34] dage/);

  // The audit log: newest first, the action names in words, before → after readable.
  await page.getByTestId("admin-nav-audit").click();
  await expect(page).toHaveURL(siteUrl(site, "/admin?tab=audit"));
  // The record's type with its id: an invoice, a feedback message or a catalogue change that other tests
  // act on meanwhile may have the same id.
  await page.getByRole("combobox", { name: t("admin.audit.targetType") }).click();
  await page.getByRole("option", { name: t("admin.audit.targetTypes.user") }).click();
  await page.getByTestId("admin-audit-target-id").fill(String(customer.id));
  await page.getByTestId("admin-audit-apply").click();
  const rows = page.getByTestId("admin-audit-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute("data-action", "customer.extendTrial");
  await expect(rows.nth(1)).toHaveAttribute("data-action", "customer.unblock");
  await expect(rows.nth(2)).toHaveAttribute("data-action", "customer.block");
  await expect(rows.nth(0).getByTestId("admin-audit-action-name")).toHaveText(t("admin.audit.actions.customer.extendTrial"));
  await expect(rows.nth(2).getByTestId("admin-audit-action-name")).toHaveText(t("admin.audit.actions.customer.block"));
  await expect(rows.nth(2)).toContainText(staff.email);
  await expect(rows.nth(2)).toContainText(reason);
  await expect(rows.nth(1).getByTestId("admin-audit-change")).toContainText(`${reason} → ${t("admin.audit.none")}`);
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "audit-log");

  // A click on the staff member filters by them: every row is theirs.
  await page.getByTestId("admin-audit-target-id").fill("");
  const answer = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === "/api/admin/audit" && url.searchParams.get("adminId") === String(staff.id);
  });
  await rows.nth(0).getByRole("button", { name: staff.email }).click();
  await answer;
  await expect(page.getByTestId("admin-audit-admin-id")).toHaveValue(String(staff.id));
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  for (const row of await rows.all()) await expect(row).toContainText(staff.email);
});

test("a refused action shows the server's message and writes no audit row", async ({ page }) => {
  // Blocked by staff, then unblocked elsewhere while this page's unblock dialog is open.
  expect((await apiCall(site, "POST", `/api/admin/customers/${colleague.id}/block`, { reason: "Test" }, staff.token)).status).toBe(200);
  await openAdmin(page, `/admin?customer=${colleague.id}`);
  await page.getByTestId("admin-open-unblock").click();
  const dialog = page.getByTestId("admin-action-unblock");
  await expect(dialog).toBeVisible();
  expect((await apiCall(site, "POST", `/api/admin/customers/${colleague.id}/unblock`, undefined, staff.token)).status).toBe(200);
  const before = auditRowsOf("user", colleague.id);
  await dialog.getByRole("button", { name: t("admin.customers.actions.unblock.confirm") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("api.admin.notBlocked"));
  await expect(dialog).toBeVisible();
  expect(auditRowsOf("user", colleague.id)).toEqual(before);
});

test("staff make a member the owner on a written request; the log names the reference", async ({ page }) => {
  await openAdmin(page, `/admin?customer=${colleague.id}`);
  await expect(page.getByTestId("admin-customer-role")).toHaveText(t("admin.customers.roles.member"));
  await page.getByTestId("admin-open-makeOwner").click();
  const dialog = page.getByTestId("admin-action-makeOwner");
  await dialog.getByRole("button", { name: t("admin.customers.actions.makeOwner.confirm") }).click();
  await expect(dialog.getByText(t("admin.customers.actions.makeOwner.referenceInvalid", { max: 200 }))).toBeVisible();
  await dialog.getByTestId("admin-owner-reference").fill(`Brev ${tag}`);
  await dialog.getByRole("button", { name: t("admin.customers.actions.makeOwner.confirm") }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("admin-customer-role")).toHaveText(t("admin.customers.roles.owner"));
  await expect(page.getByTestId("admin-open-makeOwner")).toHaveCount(0);
  expect(auditRowsOf("organisation", (await organisationIdOf(colleague.id))!)[0]).toEqual({
    action: "organisation.changeOwner",
    admin_id: staff.id,
    reason: `Brev ${tag}`,
  });
});

async function organisationIdOf(userId: number): Promise<number | undefined> {
  return inDatabase(
    (db) =>
      (
        db.prepare("SELECT organisation_id FROM organisation_members WHERE user_id = ?").get(userId) as
          { organisation_id: number } | undefined
      )?.organisation_id,
  );
}

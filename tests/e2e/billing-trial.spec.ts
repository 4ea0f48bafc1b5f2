/**
 * The free-trial bar and the trial reminder (core §2, §4; content §4; issue 31): the bar's days, its
 * "one day left" wording and the expired text, in Danish and in Swedish; no bar for a paying user; the
 * reminder in the last three days, once, and not again the same day once put aside.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { setTrialDaysLeft } from "./billing-support";
import { acceptPaymentThroughApi, screenshots } from "./billing-shell-support";
import { axeViolations, userIdOf } from "./organisation-support";
import { createVerifiedUser, siteTexts, siteUrl, storeTokenInPage, waitForHydration } from "./support";
import type { SiteId } from "@/sites/site-ids";

test.describe.configure({ mode: "serial" });

/** Opens a page of the site as the user, and waits until block-status has been asked and the page is live. */
async function openAs(page: Page, site: SiteId, token: string, path = "/functions"): Promise<void> {
  await storeTokenInPage(page, site, token);
  const answered = page.waitForResponse((res) => res.url().includes("/api/users/block-status") && res.ok());
  await page.goto(siteUrl(site, path));
  await answered;
  await waitForHydration(page.getByTestId("user-menu-button"));
}

test("the bar counts the days, says 'one day left' at 1 and the expired text at the end; the reminder shows once", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const user = await createVerifiedUser(page, site);
  const id = userIdOf(user.token);
  const bar = page.getByTestId("trial-bar");

  setTrialDaysLeft(id, 14);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText(t("billingStatus.trialBar.daysLeft", { days: 14 }));
  await expect(page.getByTestId("trial-bar-text")).toHaveText("14 dage tilbage af din gratis prøveperiode");
  await expect(bar).toHaveAttribute("data-state", "days");
  // The way to the subscription, for a user who pays for themselves.
  await expect(page.getByTestId("trial-bar-action")).toHaveAttribute("href", "/organisation?tab=invoices");
  await expect(page.getByTestId("trial-bar-action")).toHaveText(t("billingStatus.trialBar.choose"));
  await expect(page.getByTestId("billing-reminder")).toHaveCount(0);
  expect(await axeViolations(page, { scope: '[data-testid="trial-bar"]' })).toEqual([]);
  await screenshots(page, "trial-bar-14");

  // Two days left: the reminder, once; put aside, it stays away on reload the same day.
  setTrialDaysLeft(id, 2);
  await openAs(page, site, user.token);
  const reminder = page.getByTestId("billing-reminder");
  await expect(reminder).toBeVisible();
  await expect(page.getByTestId("billing-reminder-text")).toHaveText(t("billingStatus.reminder.trial.text", { days: 2 }));
  await expect(page.getByTestId("billing-reminder-action")).toHaveAttribute("href", "/organisation?tab=invoices");
  expect(await axeViolations(page, { scope: '[data-testid="billing-reminder"]' })).toEqual([]);
  await screenshots(page, "trial-reminder");
  await reminder.getByRole("button", { name: t("billingStatus.reminder.later") }).click();
  await expect(reminder).toHaveCount(0);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText(t("billingStatus.trialBar.daysLeft", { days: 2 }));
  // The reminder was asked for on the first load only: put aside today, it is not even asked again.
  await expect(page.getByTestId("billing-reminder")).toHaveCount(0);

  // One day left: the singular wording.
  setTrialDaysLeft(id, 1);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText("Én dag tilbage af din gratis prøveperiode");
  await expect(page.getByTestId("trial-bar-text")).toHaveText(t("billingStatus.trialBar.daysLeft", { days: 1 }));

  // Ended: the expired text (and the blocked-account dialog, whose own tests are in billing-blocked.spec.ts).
  setTrialDaysLeft(id, 0);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText(t("billingStatus.trialBar.expired"));
  await expect(bar).toHaveAttribute("data-state", "expired");
  await page
    .getByTestId("blocked-account-dialog")
    .getByRole("button", { name: t("billingStatus.blocked.close") })
    .click();
  await expect(page.getByTestId("blocked-account-dialog")).toHaveCount(0);
  expect(await axeViolations(page, { scope: '[data-testid="trial-bar"]' })).toEqual([]);
  await screenshots(page, "trial-bar-expired");
  // The bar's button opens the dialog again.
  await page.getByTestId("trial-bar-action").click();
  await expect(page.getByTestId("blocked-account-dialog")).toBeVisible();
});

test("on TA-planen the bar speaks Swedish", async ({ page }) => {
  const site = "ta-planen";
  const t = siteTexts(site);
  const user = await createVerifiedUser(page, site);
  const id = userIdOf(user.token);

  setTrialDaysLeft(id, 9);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText("9 dagar kvar av din kostnadsfria provperiod");
  await expect(page.getByTestId("trial-bar-action")).toHaveText("Välj prenumeration");

  setTrialDaysLeft(id, 1);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText(t("billingStatus.trialBar.daysLeft", { days: 1 }));
  await expect(page.getByTestId("trial-bar-text")).toHaveText("En dag kvar av din kostnadsfria provperiod");
  // The last days' reminder, in Swedish too.
  await expect(page.getByTestId("billing-reminder-text")).toHaveText(t("billingStatus.reminder.trial.text", { days: 1 }));
  await page.getByTestId("billing-reminder").getByRole("button", { name: "Senare" }).click();

  setTrialDaysLeft(id, -3);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("trial-bar-text")).toHaveText("Din kostnadsfria provperiod har löpt ut");
  await expect(page.getByTestId("blocked-reason")).toHaveText(t("billingStatus.blocked.reason.trialEnded", { product: "TA-planen" }));
  await screenshots(page, "trial-bar-sv-expired");
});

test("a paying user sees no bar", async ({ page }) => {
  const site = "skilteplanen";
  const user = await createVerifiedUser(page, site);
  setTrialDaysLeft(userIdOf(user.token), 5);
  await acceptPaymentThroughApi(site, user.token);
  await openAs(page, site, user.token);
  await expect(page.getByTestId("user-menu-button")).toBeVisible();
  await expect(page.getByTestId("trial-bar")).toHaveCount(0);
  // Nor a reminder, though the trial's own days would be in its last week.
  await expect(page.getByTestId("billing-reminder")).toHaveCount(0);
});

/**
 * The admin guard in a real browser (core §2, issue 32): 'Loading...' while the admin check is asked,
 * then the admin area for staff; anyone else is sent away with replace, so the browser's back button
 * does not return to /admin.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { staffUser } from "./admin-support";
import { verifiedUser, type User } from "./organisation-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";

const site = "skilteplanen";
const t = siteTexts(site);

/** Holds the admin check's answer back long enough to see the guard wait. */
async function slowAdminCheck(page: Page) {
  await page.route("**/api/users/adminStatus/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

let staff: User;
let customer: User;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  staff = await staffUser(page, site);
  customer = await verifiedUser(page, site);
  await page.close();
});

test("staff see 'Loading...' while the guard asks, then the admin area", async ({ page }) => {
  await storeTokenInPage(page, site, staff.token);
  await slowAdminCheck(page);
  await page.goto(siteUrl(site, "/admin"));
  await expect(page.getByText(t("admin.loading"))).toBeVisible();
  await expect(page.getByTestId("admin-page")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: t("admin.title") })).toBeVisible();
  await expect(page.getByTestId("admin-customer-table")).toBeVisible();
  await expect(page.getByText(t("admin.loading"))).toHaveCount(0);
});

test("a signed-in customer sees 'Loading...', is sent to / with replace, and back does not return to /admin", async ({ page }) => {
  await storeTokenInPage(page, site, customer.token);
  await page.goto(siteUrl(site, "/prices"));
  await slowAdminCheck(page);
  await page.goto(siteUrl(site, "/admin"));
  await expect(page.getByText(t("admin.loading"))).toBeVisible();
  await expect(page).toHaveURL(siteUrl(site, "/"));
  await expect(page.getByTestId("admin-page")).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(siteUrl(site, "/prices"));
});

test("an anonymous visitor is sent to / with replace, and back does not return to /admin", async ({ page }) => {
  await page.goto(siteUrl(site, "/prices"));
  await page.goto(siteUrl(site, "/admin"));
  await expect(page).toHaveURL(siteUrl(site, "/"));
  await expect(page.getByTestId("admin-page")).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(siteUrl(site, "/prices"));
});

test("the admin API answers a customer as an unknown path, whatever the page shows", async ({ page }) => {
  await storeTokenInPage(page, site, customer.token);
  const status = await page.evaluate(async (token) => {
    const res = await fetch("/api/admin/customers", { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }, customer.token);
  expect(status).toBe(404);
});

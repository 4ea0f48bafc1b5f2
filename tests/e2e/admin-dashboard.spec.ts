import { staffUser, testDb } from "./admin-support";
import { expect, test } from "./fixtures";
import { axeViolations, screenshotSizes } from "./organisation-support";
import { siteTexts, siteUrl } from "./support";

// The admin area's key figures at /admin/dashboard (issue 32): the cards, the chart's svg and the table
// for staff, from sign-ups made in the database on known Copenhagen days (in 2033, far from the
// accounts other tests make now); the site selector and the day/week switch change the numbers and are
// kept in the address. Screenshots at two sizes go to /tmp/admin-dashboard-shots for a look.

const SHOTS = "/tmp/admin-dashboard-shots";

function signUps(rows: [site: string, createdAt: string][]) {
  const db = testDb();
  try {
    const insert = db.prepare(
      "INSERT INTO users (email, name, password_hash, is_verified, registered_site, first_login_at, created_at, updated_at) VALUES (?, 'Dashboard', 'x', 1, ?, ?, ?, ?)",
    );
    rows.forEach(([site, at], i) => insert.run(`dashboard-${Date.now()}-${i}@example.dk`, site, at, at, at));
  } finally {
    db.close();
  }
}

test("renders the figures and the chart for staff; site and day/week change the numbers and stay in the address", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  // Monday 7 – Sunday 20 March 2033 (ISO weeks 10 and 11); Copenhagen is UTC+1 then.
  signUps([
    ["skilteplanen", "2033-03-07T10:00:00.000Z"],
    ["skilteplanen", "2033-03-07T22:30:00.000Z"], // 23:30 on the 7th
    ["skilteplanen", "2033-03-15T10:00:00.000Z"],
    ["ta-planen", "2033-03-08T10:00:00.000Z"],
    ["ta-planen", "2033-03-20T22:59:00.000Z"], // 23:59 on the 20th
    ["ta-planen", "2033-03-20T23:00:00.000Z"], // the 21st: after the range
  ]);
  await staffUser(page, site);

  await page.goto(siteUrl(site, "/admin/dashboard?from=2033-03-07&to=2033-03-20"));
  const figures = page.getByTestId("key-figures");
  await expect(figures).toHaveAttribute("data-site", "all");
  await expect(page.getByTestId("key-figure-signUps-value")).toHaveText("5");
  await expect(page.getByTestId("key-figure-trialsStarted-value")).toHaveText("5");
  await expect(page.getByTestId("key-figures-chart").locator("svg").first()).toBeVisible();
  await expect(page.getByTestId("key-figures-row")).toHaveCount(14);
  await expect(page.locator('[data-testid=key-figures-row][data-key="2033-03-07"] [data-figure=signUps]')).toHaveText("2");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "dashboard-day");
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.getByTestId("key-figures-by-week").click();
  await expect(page).toHaveURL(/[?&]by=week/);
  await expect(figures).toHaveAttribute("data-by", "week");
  await expect(page.getByTestId("key-figures-row")).toHaveCount(2);
  await expect(page.locator('[data-testid=key-figures-row][data-key="2033-W10"] [data-figure=signUps]')).toHaveText("3");
  await expect(page.locator('[data-testid=key-figures-row][data-key="2033-W11"] [data-figure=signUps]')).toHaveText("2");
  await expect(page.getByRole("heading", { name: t("admin.keyFigures.table.week") })).toBeVisible();

  await page.getByLabel(t("admin.keyFigures.site")).click();
  await page.getByRole("option", { name: "TA-planen" }).click();
  await expect(page).toHaveURL(/[?&]site=ta-planen/);
  await expect(figures).toHaveAttribute("data-site", "ta-planen");
  await expect(page.getByTestId("key-figure-signUps-value")).toHaveText("2");
  await expect(page.locator('[data-testid=key-figures-row][data-key="2033-W10"] [data-figure=signUps]')).toHaveText("1");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "dashboard-week-ta");

  // The address holds the choice: a reload shows the same.
  await page.reload();
  await expect(figures).toHaveAttribute("data-site", "ta-planen");
  await expect(figures).toHaveAttribute("data-by", "week");
  await expect(page.getByTestId("key-figure-signUps-value")).toHaveText("2");
  await page.getByTestId("key-figures-by-day").click();
  await expect(page).not.toHaveURL(/by=week/);
  await expect(page.getByTestId("key-figures-row")).toHaveCount(14);
  await expect(page.locator('[data-testid=key-figures-row][data-key="2033-03-20"] [data-figure=signUps]')).toHaveText("1");
});

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { axeViolations, screenshotSizes } from "./organisation-support";
import { createVerifiedUser, siteTexts, siteUrl, storeTokenInPage, type TestUser } from "./support";
import { SITE_IDS, type SiteId } from "@/sites/site-ids";

// A new customer's first steps on each site (issue 33, item 6): after confirming the e-mail, /app shows
// the empty first project with a welcome that says what to do first; the new-plan dialog says paper size
// and scale only matter with a background; "Ny plan" opens the plan it made; a plan name the project
// already has is refused with a message.

const SHOTS = "/tmp/project-start-shots";

test.describe.configure({ mode: "serial" });

const users = new Map<SiteId, TestUser & { token: string }>();

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  for (const site of SITE_IDS) users.set(site, await createVerifiedUser(page, site));
  await page.close();
});

async function openApp(page: Page, site: SiteId) {
  await storeTokenInPage(page, site, users.get(site)!.token);
  await page.goto(siteUrl(site, "/app"));
  const modal = page.getByTestId("project-modal");
  await expect(modal).toBeVisible();
  return modal;
}

async function plansOf(site: SiteId): Promise<{ id: number; name: string }[]> {
  return (await apiCall(site, "GET", "/api/signplan", undefined, users.get(site)!.token)).json as { id: number; name: string }[];
}

for (const site of SITE_IDS) {
  test(`${site}: the empty first project welcomes the new user, and "Ny plan" opens the plan it made`, async ({ page }) => {
    const t = siteTexts(site);
    const modal = await openApp(page, site);
    const welcome = modal.getByTestId("projects-welcome");
    await expect(welcome).toContainText(t("projects.welcome.title"));
    await expect(welcome).toContainText(t("projects.welcome.text", { button: t("projects.newPlan") }));
    await expect(modal.getByText(t("projects.empty.plans"))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotSizes(page, SHOTS, `${site}-welcome`);

    await modal.getByRole("button", { name: t("projects.newPlan") }).click();
    const dialog = page.getByTestId("new-plan-dialog");
    // Said before the fields it is about.
    await expect(dialog.getByTestId("paper-scale-hint")).toHaveText(t("projects.planForm.backgroundScaleHint"));
    expect(await axeViolations(page)).toEqual([]);
    await screenshotSizes(page, SHOTS, `${site}-new-plan-dialog`);
    const name = `Første plan ${site}`;
    await dialog.getByRole("textbox", { name: t("projects.planForm.name") }).fill(name);
    await dialog.getByRole("button", { name: t("projects.planForm.create") }).click();

    // Straight into the editor on the new plan.
    await expect(dialog).toBeHidden();
    await expect(modal).toBeHidden();
    const [created] = await plansOf(site);
    expect(created!.name).toBe(name);
    await expect(page).toHaveURL(siteUrl(site, `/app?plan=${created!.id}`));
    await expect(page.getByTestId("editor-plan-name")).toHaveText(name);
    await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  });
}

test("a plan name the project already has gets a message, and no second plan is made", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const modal = await openApp(page, site);
  // No longer a newcomer: the project has a plan.
  await expect(modal.getByTestId("plan-row")).toHaveCount(1);
  await expect(modal.getByTestId("projects-welcome")).toHaveCount(0);
  await modal.getByRole("button", { name: t("projects.newPlan") }).click();
  const dialog = page.getByTestId("new-plan-dialog");
  await dialog.getByRole("textbox", { name: t("projects.planForm.name") }).fill("første plan SKILTEPLANEN");
  await dialog.getByRole("button", { name: t("projects.planForm.create") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("api.plans.nameTaken", { name: "første plan SKILTEPLANEN" }));
  await expect(dialog).toBeVisible();
  await screenshotSizes(page, SHOTS, "duplicate-name");
  expect(await plansOf(site)).toHaveLength(1);
});

import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { apiCall } from "./api";
import { axeViolations, organisationWith, screenshotSizes, VALID_CVR, VALID_ORGNR, verifiedUser, type User } from "./organisation-support";
import { expect, test } from "./fixtures";
import { outboxSnapshot, registerUser, siteTexts, siteUrl, storeTokenInPage, waitForMailLink } from "./support";

// The account page and the first organisation (issue 30, core §2): /create-first-organisation after
// the first entry (skippable), /organisation's four tabs by keyboard and by address, the organisation's
// name and number with the specification's Danish messages, what a member does not see, the members
// list, deleting an organisation and an account; axe on every tab. Screenshots of each tab at three
// sizes go to /tmp/organisation-page-shots for a look.

const OTHER_CVR = "12345674";
const SHOTS = "/tmp/organisation-page-shots";

function db() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
}

const shoot = (page: Page, name: string) => screenshotSizes(page, SHOTS, name);

test.describe("the first organisation", () => {
  test("offered on confirming the e-mail: the Danish messages, then created, then on to the app", async ({ page }) => {
    const site = "skilteplanen";
    const t = siteTexts(site);
    const before = outboxSnapshot();
    const user = await registerUser(page, site);
    await page.goto(siteUrl(site, await waitForMailLink(user.email, "/encourage-verify-email", { ignore: before })));
    await expect(page).toHaveURL(siteUrl(site, "/create-first-organisation"));
    const form = page.getByTestId("create-organisation-form");
    await expect(form).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "create-first-organisation");

    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(form.getByText("Organisationsnavn er påkrævet")).toBeVisible();
    await form.getByTestId("organisation-name").fill("Skilte og Veje ApS");
    await form.getByTestId("organisation-number").fill("1234");
    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(form.getByText("CVR-nummer skal være 8 cifre")).toBeVisible();
    await form.getByTestId("organisation-number").fill(VALID_CVR);
    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(page).toHaveURL(siteUrl(site, "/app"));

    const token = await page.evaluate(() => localStorage.getItem("token"));
    const mine = await apiCall(site, "GET", "/api/users/organization", undefined, token!);
    expect(mine.json).toMatchObject({ name: "Skilte og Veje ApS", cvr_number: VALID_CVR, role: "owner" });
  });

  test("offered at the first login of a confirmed account, and skipped to the app; not offered again", async ({ page }) => {
    const site = "skilteplanen";
    const t = siteTexts(site);
    const user = await registerUser(page, site);
    // Confirmed without the link's login (as a password reset confirms it): the first login is still to come.
    const conn = db();
    try {
      conn.prepare("UPDATE users SET is_verified = 1 WHERE email = ?").run(user.email.toLowerCase());
    } finally {
      conn.close();
    }
    const logIn = async () => {
      await page.goto(siteUrl(site, "/login"));
      await page.getByRole("textbox", { name: t("auth.fields.email"), exact: true }).fill(user.email);
      await page.getByRole("textbox", { name: t("auth.fields.password"), exact: true }).fill(user.password);
      await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
    };
    await logIn();
    await expect(page).toHaveURL(siteUrl(site, "/create-first-organisation"));
    await page.getByTestId("skip-organisation").click();
    await expect(page).toHaveURL(siteUrl(site, "/app"));
    await page.evaluate(() => localStorage.removeItem("token"));
    await logIn();
    await expect(page).toHaveURL(siteUrl(site, "/app"));
  });

  test("ta-planen asks for an organisationsnummer, in Swedish", async ({ page }) => {
    const site = "ta-planen";
    const t = siteTexts(site);
    const before = outboxSnapshot();
    const user = await registerUser(page, site);
    await page.goto(siteUrl(site, await waitForMailLink(user.email, "/encourage-verify-email", { ignore: before })));
    await expect(page).toHaveURL(siteUrl(site, "/create-first-organisation"));
    const form = page.getByTestId("create-organisation-form");
    await expect(form.getByLabel(t("organisationPage.form.orgNumberLabel"))).toBeVisible();
    await form.getByTestId("organisation-name").fill("Vägarbeten AB");
    await form.getByTestId("organisation-number").fill(VALID_CVR);
    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(form.getByText(t("validation.orgNumberDigits"))).toBeVisible();
    await form.getByTestId("organisation-number").fill("5560160681");
    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(form.getByText(t("validation.orgNumberChecksum"))).toBeVisible();
    await form.getByTestId("organisation-number").fill(VALID_ORGNR);
    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(page).toHaveURL(siteUrl(site, "/app"));
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect((await apiCall(site, "GET", "/api/users/organization", undefined, token!)).json).toMatchObject({ cvr_number: VALID_ORGNR });
  });
});

test.describe("/organisation with an owner, an administrator and a member", () => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  let owner: User;
  let admin: User;
  let member: User;

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    owner = await verifiedUser(page, site);
    admin = await verifiedUser(page, site);
    member = await verifiedUser(page, site);
    await page.close();
    await organisationWith(site, owner, [{ user: admin, admin: true }, { user: member }]);
  });

  test("the tabs answer the keyboard and the address, and axe finds nothing serious on any", async ({ page }) => {
    test.setTimeout(120_000);
    await storeTokenInPage(page, site, owner.token);
    await page.goto(siteUrl(site, "/organisation"));
    const tabs = page.getByRole("tablist", { name: t("organisationPage.tabs.label") });
    await expect(page.getByRole("tab", { name: t("organisationPage.tabs.details") })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("organisation-name")).toHaveValue("Vejfirma ApS");
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "tab-details");

    // Arrow keys move between the tabs (MUI's roving focus), and the address follows.
    await page.getByRole("tab", { name: t("organisationPage.tabs.details") }).focus();
    const order = ["members", "invoices", "delete"] as const;
    for (const key of order) {
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tab", { name: t(`organisationPage.tabs.${key}`) })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(siteUrl(site, `/organisation?tab=${key}`));
      const panel = page.getByRole("tabpanel");
      await expect(panel).toHaveAttribute("aria-labelledby", `account-tab-${key}`);
      if (key === "members") await expect(page.getByTestId("member-row")).toHaveCount(3);
      if (key === "invoices") await expect(page.getByTestId("invoices-empty")).toContainText(t("organisationPage.invoices.emptyText"));
      expect(await axeViolations(page), key).toEqual([]);
      await shoot(page, `tab-${key}`);
    }
    await expect(tabs).toBeVisible();

    // A linked tab opens by its address.
    await page.goto(siteUrl(site, "/organisation?tab=members"));
    await expect(page.getByRole("tab", { name: t("organisationPage.tabs.members") })).toHaveAttribute("aria-selected", "true");
  });

  test("the owner edits name and CVR, with the specification's Danish messages", async ({ page }) => {
    await storeTokenInPage(page, site, owner.token);
    await page.goto(siteUrl(site, "/organisation"));
    const form = page.getByTestId("organisation-form");
    const save = form.getByRole("button", { name: t("organisationPage.organisation.save") });
    await form.getByTestId("organisation-name").fill("");
    await save.click();
    await expect(form.getByText("Organisationsnavn er påkrævet")).toBeVisible();
    await form.getByTestId("organisation-name").fill("Vejfirma Nord ApS");
    await form.getByTestId("organisation-number").fill("123456");
    await save.click();
    await expect(form.getByText("CVR-nummer skal være 8 cifre")).toBeVisible();
    await form.getByTestId("organisation-number").fill("12345678");
    await save.click();
    await expect(form.getByText(t("validation.cvrChecksum"))).toBeVisible();
    await form.getByTestId("organisation-number").fill(OTHER_CVR);
    await save.click();
    await expect(form.getByText(t("organisationPage.organisation.saved"))).toBeVisible();
    const mine = await apiCall(site, "GET", "/api/users/organization", undefined, owner.token);
    expect(mine.json).toMatchObject({ name: "Vejfirma Nord ApS", cvr_number: OTHER_CVR });
    // Back as it was, for the other tests of this group.
    await form.getByTestId("organisation-name").fill("Vejfirma ApS");
    await form.getByTestId("organisation-number").fill(VALID_CVR);
    await save.click();
    await expect(form.getByText(t("organisationPage.organisation.saved"))).toBeVisible();
    // The owner manages the logo and may delete the organisation.
    await expect(page.getByTestId("organisation-logo")).toBeVisible();
    await expect(page.getByTestId("organisation-danger-zone")).toBeVisible();
  });

  test("a member sees the organisation but no edit controls, and no actions on others", async ({ page }) => {
    await storeTokenInPage(page, site, member.token);
    await page.goto(siteUrl(site, "/organisation"));
    await expect(page.getByTestId("organisation-role")).toHaveText(t("organisationPage.organisation.roles.member"));
    await expect(page.getByTestId("organisation-name")).toHaveValue("Vejfirma ApS");
    await expect(page.getByTestId("organisation-name")).toBeDisabled();
    await expect(page.getByTestId("organisation-number")).toBeDisabled();
    await expect(page.getByRole("button", { name: t("organisationPage.organisation.save") })).toHaveCount(0);
    await expect(page.getByTestId("organisation-logo")).toHaveCount(0);
    await expect(page.getByTestId("organisation-danger-zone")).toHaveCount(0);

    await page.getByRole("tab", { name: t("organisationPage.tabs.members") }).click();
    await expect(page.getByTestId("member-row")).toHaveCount(3);
    await expect(page.getByTestId("member-actions")).toHaveCount(0);
    // A member may invite (core §6) and may leave.
    await expect(page.getByTestId("invite-form")).toBeVisible();
    await expect(page.getByTestId("leave-organisation")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "member-tab-members");
  });

  test("the members list: owner first and marked, the administrator flagged, joined dates; the actions the table allows", async ({
    page,
  }) => {
    await storeTokenInPage(page, site, owner.token);
    await page.goto(siteUrl(site, "/organisation?tab=members"));
    const rows = page.getByTestId("member-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByTestId("member-email")).toHaveText(owner.email);
    await expect(rows.nth(0).getByTestId("member-owner")).toHaveText(t("organisationPage.members.owner"));
    const adminRow = rows.filter({ hasText: admin.email });
    await expect(adminRow.getByTestId("member-admin")).toHaveText(t("organisationPage.members.admin"));
    const memberRow = rows.filter({ hasText: member.email });
    await expect(memberRow.getByTestId("member-admin")).toHaveCount(0);
    await expect(memberRow).toContainText(t("organisationPage.members.joined", { date: "" }).trim());
    // Nobody acts on the owner; the owner may make administrators, transfer and remove.
    await expect(rows.nth(0).getByTestId("member-actions")).toHaveCount(0);
    await memberRow.getByTestId("member-actions").click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      t("organisationPage.members.makeAdmin"),
      t("organisationPage.members.transfer"),
      t("organisationPage.members.remove"),
    ]);
    await page.keyboard.press("Escape");
    await adminRow.getByTestId("member-actions").click();
    await expect(menu.getByRole("menuitem")).toHaveText([
      t("organisationPage.members.unmakeAdmin"),
      t("organisationPage.members.transfer"),
      t("organisationPage.members.remove"),
    ]);
    await page.keyboard.press("Escape");
    // The transfer's dialog says a link is mailed to the member; cancelled here.
    await memberRow.getByTestId("member-actions").click();
    await menu.getByRole("menuitem", { name: t("organisationPage.members.transfer") }).click();
    const transfer = page.getByTestId("transfer-dialog");
    await expect(transfer).toContainText(member.email);
    await transfer.getByRole("button", { name: t("organisationPage.cancel") }).click();
    await expect(transfer).toBeHidden();
  });

  test("the owner makes a member an administrator and back, and a member leaves after confirming", async ({ page, browser }) => {
    const setup = await browser.newPage();
    const colleague = await verifiedUser(setup, site);
    await setup.close();
    const conn = db();
    try {
      const org = conn.prepare("SELECT organisation_id FROM organisation_members WHERE user_id = ?").get(owner.id) as {
        organisation_id: number;
      };
      conn
        .prepare("INSERT INTO organisation_members (organisation_id, user_id, is_admin, joined_at) VALUES (?, ?, 0, ?)")
        .run(org.organisation_id, colleague.id, new Date().toISOString());
    } finally {
      conn.close();
    }
    await storeTokenInPage(page, site, owner.token);
    await page.goto(siteUrl(site, "/organisation?tab=members"));
    const row = page.getByTestId("member-row").filter({ hasText: colleague.email });
    await row.getByTestId("member-actions").click();
    await page.getByRole("menuitem", { name: t("organisationPage.members.makeAdmin") }).click();
    await expect(page.getByText(t("api.membership.madeAdmin", { name: colleague.name }))).toBeVisible();
    await expect(row.getByTestId("member-admin")).toBeVisible();
    await row.getByTestId("member-actions").click();
    await page.getByRole("menuitem", { name: t("organisationPage.members.unmakeAdmin") }).click();
    await expect(row.getByTestId("member-admin")).toHaveCount(0);

    // The colleague leaves: the confirm dialog, then no organisation.
    await storeTokenInPage(page, site, colleague.token);
    await page.goto(siteUrl(site, "/organisation?tab=members"));
    await page.getByTestId("leave-organisation").click();
    const dialog = page.getByTestId("leave-dialog");
    await dialog.getByRole("button", { name: t("organisationPage.members.leave") }).click();
    await expect(page.getByTestId("members-no-organisation")).toBeVisible();
    expect((await apiCall(site, "GET", "/api/users/organization", undefined, colleague.token)).status).toBe(404);
  });

  test("an administrator removes a member after confirming", async ({ page, browser }) => {
    const setup = await browser.newPage();
    const leaving = await verifiedUser(setup, site);
    await setup.close();
    const conn = db();
    try {
      const org = conn.prepare("SELECT organisation_id FROM organisation_members WHERE user_id = ?").get(owner.id) as {
        organisation_id: number;
      };
      conn
        .prepare("INSERT INTO organisation_members (organisation_id, user_id, is_admin, joined_at) VALUES (?, ?, 0, ?)")
        .run(org.organisation_id, leaving.id, new Date().toISOString());
    } finally {
      conn.close();
    }
    await storeTokenInPage(page, site, admin.token);
    await page.goto(siteUrl(site, "/organisation?tab=members"));
    const row = page.getByTestId("member-row").filter({ hasText: leaving.email });
    await row.getByTestId("member-actions").click();
    // An administrator does not transfer ownership (the owner's alone).
    await expect(page.getByRole("menuitem", { name: t("organisationPage.members.transfer") })).toHaveCount(0);
    await page.getByRole("menuitem", { name: t("organisationPage.members.remove") }).click();
    const dialog = page.getByTestId("remove-member-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: t("organisationPage.members.remove") }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("member-row").filter({ hasText: leaving.email })).toHaveCount(0);
    expect((await apiCall(site, "GET", "/api/users/organization", undefined, leaving.token)).status).toBe(404);
  });

  test("deleting the account: the owner of an organisation with members is told to hand it over first", async ({ page }) => {
    await storeTokenInPage(page, site, owner.token);
    await page.goto(siteUrl(site, "/organisation?tab=delete"));
    await page.getByTestId("delete-account").click();
    const dialog = page.getByTestId("delete-account-dialog");
    await expect(dialog).toContainText(t("organisationPage.deleteAccount.whatHappens"));
    await dialog.getByTestId("delete-account-password").fill(owner.password);
    await dialog.getByRole("button", { name: t("organisationPage.deleteAccount.confirm") }).click();
    await expect(dialog.getByTestId("owner-has-members")).toContainText(
      "Du ejer en organisation med andre medlemmer. Overdrag ejerskabet eller slet organisationen, før du sletter din konto.",
    );
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, "delete-account-owner-warning");
    await dialog.getByTestId("to-members-tab").click();
    await expect(page).toHaveURL(siteUrl(site, "/organisation?tab=members"));
    expect((await apiCall(site, "GET", "/api/users/organization", undefined, owner.token)).status).toBe(200);
  });
});

test("deleting the account of a lone user: logged out, on the front page, and the account is gone", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const user = await verifiedUser(page, site);
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, "/organisation?tab=delete"));
  await expect(page.getByTestId("delete-account-consequences").first()).toContainText(t("organisationPage.deleteAccount.privateGo"));
  await page.getByTestId("delete-account").click();
  const dialog = page.getByTestId("delete-account-dialog");
  await dialog.getByTestId("delete-account-password").fill("wrong-password");
  await dialog.getByRole("button", { name: t("organisationPage.deleteAccount.confirm") }).click();
  await expect(dialog.getByText("Adgangskoden er forkert.")).toBeVisible();
  await dialog.getByTestId("delete-account-password").fill(user.password);
  await dialog.getByRole("button", { name: t("organisationPage.deleteAccount.confirm") }).click();
  await expect(page).toHaveURL(siteUrl(site, "/"));
  await expect(page.getByText("Din konto er slettet.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  expect((await apiCall(site, "POST", "/api/auth/login", { email: user.email, password: user.password })).status).toBe(401);
});

test("the owner deletes the organisation after typing its name", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const owner = await verifiedUser(page, site);
  const member = await verifiedUser(page, site);
  await organisationWith(site, owner, [{ user: member }], "Slettes ApS");
  await storeTokenInPage(page, site, owner.token);
  await page.goto(siteUrl(site, "/organisation"));
  await page.getByTestId("delete-organisation").click();
  const dialog = page.getByTestId("delete-organisation-dialog");
  await expect(dialog).toContainText(t("organisationPage.deleteOrganisation.missingSigns"));
  const confirm = dialog.getByRole("button", { name: t("organisationPage.deleteOrganisation.confirm") });
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId("delete-organisation-name").fill("Slettes");
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId("delete-organisation-name").fill("Slettes ApS");
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("no-organisation")).toBeVisible();
  expect((await apiCall(site, "GET", "/api/users/organization", undefined, member.token)).status).toBe(404);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, "tab-details-no-organisation");
});

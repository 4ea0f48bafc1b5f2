import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  createVerifiedUser,
  forgedToken,
  outboxSnapshot,
  registerUser,
  siteTexts,
  siteUrl,
  storeTokenInPage,
  uniqueEmail,
  waitForMailLink,
  type TestUser,
} from "./support";
import type { SiteId } from "@/sites/site-ids";

// Accounts in the browser (core §2, §4, §5, §8): sign-up, e-mail confirmation, login, logout,
// password reset, the guards, the shared error handling and the feedback dialog.
//
// The server limits sign-ups to 10 per hour and IP address; every test run starts with a fresh
// database, and this file registers 6 accounts (and tries a 7th), so keep new tests to existing users.

/** The specification's Danish texts, quoted verbatim (core §8). */
const SPEC = {
  loggedOut: "Du er blevet logget ud. Log venligst ind igen.",
  passwordsDoNotMatch: "Adgangskoderne er ikke ens",
  passwordTooShort: "Adgangskoden skal være mindst 6 tegn",
  adminLoading: "Loading...",
} as const;

/** A form field by its label (password inputs count as text boxes in the accessibility tree). */
const field = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });

async function logIn(page: Page, site: SiteId, email: string, password: string) {
  const t = siteTexts(site);
  await field(page, t("auth.fields.email")).fill(email);
  await field(page, t("auth.fields.password")).fill(password);
  await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
}

/** /app without an open plan opens the project modal by itself; the header lies behind it until it is closed. */
async function closeProjectModal(page: Page, site: SiteId) {
  const modal = page.getByTestId("project-modal");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: siteTexts(site)("projects.close") }).click();
  await expect(modal).toBeHidden();
}

async function logOut(page: Page, site: SiteId) {
  if (new URL(page.url()).pathname === "/app") await closeProjectModal(page, site);
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("menuitem", { name: siteTexts(site)("header.logout") }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
}

test("the Danish catalogue holds the specification's texts verbatim", () => {
  const t = siteTexts("skilteplanen");
  expect(t("apiClient.loggedOut")).toBe(SPEC.loggedOut);
  expect(t("validation.passwordsDoNotMatch")).toBe(SPEC.passwordsDoNotMatch);
  expect(t("validation.passwordTooShort")).toBe(SPEC.passwordTooShort);
  expect(t("apiClient.notInOrganisation")).toBe("Du er ikke tilknyttet en organisation");
  expect(t("admin.loading")).toBe(SPEC.adminLoading);
});

for (const site of ["skilteplanen", "ta-planen"] as const) {
  test(`${site}: register, confirm the e-mail, log in and out, reset the password, log in with the new one`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = siteTexts(site);
    const email = uniqueEmail(site);
    const [password, newPassword] = ["first-secret", "second-secret"];

    // Sign up: on to the page that asks to confirm the e-mail.
    const beforeSignUp = outboxSnapshot();
    await page.goto(siteUrl(site, "/register"));
    await field(page, t("auth.fields.name")).fill("Test Person");
    await field(page, t("auth.fields.email")).fill(email);
    await field(page, t("auth.fields.password")).fill(password);
    await field(page, t("auth.fields.password")).press("Enter");
    await expect(page).toHaveURL(/\/encourage-verify-email\?email=/);
    await expect(page.getByTestId("verify-email-text")).toHaveText(t("auth.verifyEmail.sentTo", { email }));

    // The link in the e-mail confirms the address and logs in; the first organisation is offered
    // (core §2), and skipping it opens the app.
    await page.goto(siteUrl(site, await waitForMailLink(email, "/encourage-verify-email", { ignore: beforeSignUp })));
    await expect(page).toHaveURL(/\/create-first-organisation$/);
    await page.getByRole("button", { name: t("organisationPage.createFirst.skip") }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByTestId("app-page")).toBeVisible();

    await logOut(page, site);
    await logIn(page, site, email, password);
    await expect(page).toHaveURL(/\/app$/);
    await logOut(page, site);

    // Forgotten password: always the same confirmation.
    const beforeReset = outboxSnapshot();
    await page.getByRole("link", { name: t("auth.login.forgotPassword") }).click();
    await expect(page).toHaveURL(/\/request-password-reset$/);
    await field(page, t("auth.fields.email")).fill(email);
    await page.getByRole("button", { name: t("auth.requestReset.submit") }).click();
    await expect(page.getByTestId("reset-requested")).toHaveText(t("auth.requestReset.sent"));

    // The reset link: both rules of the form, then the new password.
    const resetLink = await waitForMailLink(email, "/reset-password", { ignore: beforeReset });
    await page.goto(siteUrl(site, resetLink));
    const submit = page.getByRole("button", { name: t("auth.resetPassword.submit") });
    await field(page, t("auth.fields.newPassword")).fill("abc");
    await field(page, t("auth.fields.confirmPassword")).fill("abc");
    await submit.click();
    await expect(page.getByText(t("validation.passwordTooShort"))).toBeVisible();
    await field(page, t("auth.fields.newPassword")).fill(newPassword);
    await field(page, t("auth.fields.confirmPassword")).fill(`${newPassword}-typo`);
    await submit.click();
    await expect(page.getByText(t("validation.passwordsDoNotMatch"))).toBeVisible();
    await field(page, t("auth.fields.confirmPassword")).fill(newPassword);
    await submit.click();
    await expect(page).toHaveURL(/\/login\?reset=done$/);
    await expect(page.getByText(t("auth.login.passwordChanged"))).toBeVisible();

    // A used link is refused, with a way to ask for a new one.
    await page.goto(siteUrl(site, resetLink));
    await expect(page.getByTestId("invalid-link")).toHaveText(t("auth.resetPassword.invalidLink"));
    await expect(page.getByRole("link", { name: t("auth.resetPassword.requestNewLink") })).toHaveAttribute(
      "href",
      "/request-password-reset",
    );

    // The old password no longer works; the new one does.
    await page.goto(siteUrl(site, "/login"));
    await logIn(page, site, email, password);
    await expect(page.getByTestId("form-error")).toHaveText(t("auth.login.invalidCredentials"));
    await logIn(page, site, email, newPassword);
    await expect(page).toHaveURL(/\/app$/);
  });
}

test("register checks every field before sending, in the specification's words", async ({ page }) => {
  const t = siteTexts("skilteplanen");
  const sent: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/auth/register")) sent.push(req.url());
  });
  await page.goto(siteUrl("skilteplanen", "/register"));
  const submit = page.getByRole("button", { name: t("auth.register.submit") });

  await submit.click();
  await expect(page.getByText(t("validation.nameRequired"))).toBeVisible();
  await expect(page.getByText(t("validation.emailRequired"))).toBeVisible();
  await expect(page.getByText(SPEC.passwordTooShort)).toBeVisible();

  await field(page, t("auth.fields.name")).fill("Anna");
  await field(page, t("auth.fields.email")).fill("anna@");
  await field(page, t("auth.fields.password")).fill("12345");
  await submit.click();
  await expect(page.getByText(t("validation.nameRequired"))).toHaveCount(0);
  await expect(page.getByText(t("validation.emailInvalid"))).toBeVisible();
  await expect(page.getByText(SPEC.passwordTooShort)).toBeVisible();

  // The show/hide button reveals what was typed.
  await page.getByRole("button", { name: t("auth.fields.showPassword") }).click();
  await expect(field(page, t("auth.fields.password"))).toHaveAttribute("type", "text");
  expect(sent).toEqual([]);
});

test("the reset page refuses an unknown link, and one without a token", async ({ page }) => {
  const t = siteTexts("skilteplanen");
  await page.goto(siteUrl("skilteplanen", "/reset-password?token=not-a-real-token-at-all-0123456789"));
  await expect(page.getByTestId("invalid-link")).toHaveText(t("auth.resetPassword.invalidLink"));
  await page.goto(siteUrl("skilteplanen", "/reset-password"));
  await expect(page.getByTestId("invalid-link")).toBeVisible();
});

test("signing up on kloakplanen with an e-mail from skilteplanen looks like any sign-up; the owner's e-mail leads to the sister-site notice, and the same login works", async ({
  page,
}) => {
  const user = await registerUser(page, "skilteplanen");
  const t = siteTexts("kloakplanen");
  const beforeSignUp = outboxSnapshot();
  await page.goto(siteUrl("kloakplanen", "/register"));
  await field(page, t("auth.fields.name")).fill(user.name);
  await field(page, t("auth.fields.email")).fill(user.email);
  await field(page, t("auth.fields.password")).fill(user.password);
  await page.getByRole("button", { name: t("auth.register.submit") }).click();
  // The page says what it says after any sign-up: nothing tells a stranger that the account exists.
  await expect(page).toHaveURL(/\/encourage-verify-email\?email=/);
  await expect(page.getByTestId("verify-email-text")).toHaveText(t("auth.verifyEmail.sentTo", { email: user.email }));

  // The owner's e-mail links to this site's login page, which shows the notice.
  await page.goto(siteUrl("kloakplanen", await waitForMailLink(user.email, "/login", { ignore: beforeSignUp })));
  const dialog = page.getByRole("dialog", { name: t("auth.sisterSite.title") });
  await expect(dialog).toContainText(
    t("auth.sisterSite.text", { email: user.email, sisterProduct: "Skilteplanen", product: "Kloakplanen" }),
  );
  await dialog.getByRole("button", { name: t("auth.sisterSite.login") }).click();
  await expect(dialog).toBeHidden();

  // The account logs in here too (its e-mail is not confirmed yet, so the page says so).
  await logIn(page, "kloakplanen", user.email, user.password);
  await expect(page.getByTestId("unverified-notice")).toContainText(user.email);
});

test("an unconfirmed user is offered the link again at login, and the guard sends them to confirm", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const user = await registerUser(page, site);
  const beforeResend = outboxSnapshot();
  await page.goto(siteUrl(site, "/login"));
  await logIn(page, site, user.email, user.password);

  const notice = page.getByTestId("unverified-notice");
  await expect(notice).toContainText(t("auth.login.notVerified", { email: user.email }));
  await expect(page).toHaveURL(/\/login$/);
  await notice.getByRole("button", { name: t("auth.resend.button") }).click();
  await expect(notice.getByRole("status")).toHaveText(t("auth.resend.success", { email: user.email }));
  await waitForMailLink(user.email, "/encourage-verify-email", { ignore: beforeResend });

  await page.goto(siteUrl(site, "/app"));
  await expect(page).toHaveURL(siteUrl(site, `/encourage-verify-email?email=${encodeURIComponent(user.email)}&source=protected-route`));
  await expect(page.getByTestId("protected-route-notice")).toHaveText(t("auth.verifyEmail.protectedRoute"));
  await expect(page.getByTestId("app-page")).toHaveCount(0);
});

test.describe("a confirmed user", () => {
  // One account for these tests (sign-ups are rate-limited): run them in order in one worker.
  test.describe.configure({ mode: "default" });
  const site = "skilteplanen";
  const t = siteTexts(site);
  let user: TestUser & { token: string };

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    user = await createVerifiedUser(page, site);
    await page.close();
  });

  test("a protected page without a token goes to the login page, and back after logging in", async ({ page }) => {
    await page.goto(siteUrl(site, "/organisation"));
    await expect(page).toHaveURL(siteUrl(site, "/login?from=%2Forganisation"));
    await logIn(page, site, user.email, user.password);
    await expect(page).toHaveURL(siteUrl(site, "/organisation"));
    await expect(page.getByTestId("account-email")).toHaveText(user.email);
  });

  test("the feedback dialog refuses an empty message, thanks for a real one and closes by itself", async ({ page }) => {
    await storeTokenInPage(page, site, user.token);
    await page.goto(siteUrl(site, "/app"));
    await closeProjectModal(page, site);
    await page.getByTestId("user-menu-button").click();
    await page.getByRole("menuitem", { name: t("header.feedback") }).click();

    const dialog = page.getByRole("dialog", { name: t("feedbackDialog.title") });
    const message = dialog.getByRole("textbox", { name: t("feedbackDialog.label") });
    const send = dialog.getByRole("button", { name: t("feedbackDialog.send"), exact: true });
    await message.fill("   ");
    await send.click();
    await expect(dialog.getByText(t("validation.feedbackEmpty"))).toBeVisible();

    const posted = page.waitForRequest((req) => req.url().endsWith("/api/contact/feedback") && req.method() === "POST");
    await message.fill("Det ville være rart med flere skilte.");
    await send.click();
    const body = (await posted).postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({ message: "Det ville være rart med flere skilte.", name: user.name, email: user.email });
    expect(body.page).toBe(`${site}.localhost:${new URL(page.url()).port}/app`);
    await expect(dialog.getByText(t("feedbackDialog.success"))).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 3000 });

    // Opened again, the dialog starts empty.
    await page.getByTestId("user-menu-button").click();
    await page.getByRole("menuitem", { name: t("header.feedback") }).click();
    await expect(page.getByRole("dialog").getByRole("textbox", { name: t("feedbackDialog.label") })).toHaveValue("");
  });

  test("the admin area shows 'Loading...' while it asks, then sends a non-admin to the front page", async ({ page }) => {
    await storeTokenInPage(page, site, user.token);
    await page.route("**/api/users/adminStatus/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500)); // long enough to see the guard wait
      await route.continue();
    });
    await page.goto(siteUrl(site, "/admin"));
    await expect(page.getByText(SPEC.adminLoading)).toBeVisible();
    await expect(page).toHaveURL(siteUrl(site, "/"));
    await expect(page.getByTestId("admin-page")).toHaveCount(0);
  });

  test("the account page changes the name and the password", async ({ page }) => {
    await storeTokenInPage(page, site, user.token);
    await page.goto(siteUrl(site, "/organisation"));
    const nameForm = page.getByTestId("name-form");
    await field(nameForm, t("auth.fields.name")).fill("Nyt Navn");
    await nameForm.getByRole("button", { name: t("account.saveName") }).click();
    await expect(nameForm.getByText(t("account.nameSaved"))).toBeVisible();
    await expect(page.getByTestId("account-name")).toHaveText("Nyt Navn");

    const passwordForm = page.getByTestId("password-form");
    const save = passwordForm.getByRole("button", { name: t("account.savePassword") });
    await save.click();
    await expect(passwordForm.getByText(t("validation.allPasswordFieldsRequired")).first()).toBeVisible();
    await field(passwordForm, t("auth.fields.currentPassword")).fill("wrong-password");
    await field(passwordForm, t("auth.fields.newPassword")).fill("third-secret");
    await field(passwordForm, t("auth.fields.confirmPassword")).fill("third-secret");
    await save.click();
    await expect(passwordForm.getByText(t("api.auth.wrongCurrentPassword"))).toBeVisible();
    await expect(page).toHaveURL(siteUrl(site, "/organisation")); // a wrong password is no logout

    await field(passwordForm, t("auth.fields.currentPassword")).fill(user.password);
    await save.click();
    await expect(passwordForm.getByText(t("account.passwordSaved"))).toBeVisible();
    user.password = "third-secret";
    user.token = (await page.evaluate(() => localStorage.getItem("token")))!;
  });
});

test.describe("an unusable session ends with the logged-out notice and the login page", () => {
  test("a stored token that is not a token, on a protected page", async ({ page }) => {
    await storeTokenInPage(page, "skilteplanen", "garbage");
    await page.goto(siteUrl("skilteplanen", "/app"));
    await expect(page.getByText(SPEC.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(siteUrl("skilteplanen", "/login?from=%2Fapp"));
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("an expired token, on a protected page", async ({ page }) => {
    const expired = forgedToken({
      id: 1,
      email: "old@example.dk",
      isVerified: true,
      name: "Old",
      organizationId: null,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    await storeTokenInPage(page, "skilteplanen", expired);
    await page.goto(siteUrl("skilteplanen", "/organisation"));
    await expect(page.getByText(SPEC.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(siteUrl("skilteplanen", "/login?from=%2Forganisation"));
  });

  test("a token the server refuses (401), in the shared error handling", async ({ page }) => {
    const forged = forgedToken({
      id: 1,
      email: "x@example.dk",
      isVerified: true,
      name: "X",
      organizationId: null,
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    await storeTokenInPage(page, "ta-planen", forged);
    await page.goto(siteUrl("ta-planen", "/admin"));
    await expect(page.getByText(siteTexts("ta-planen")("apiClient.loggedOut"))).toBeVisible();
    await expect(page).toHaveURL(siteUrl("ta-planen", "/login?from=%2Fadmin"));
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

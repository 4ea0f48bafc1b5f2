import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { apiCall } from "./api";
import { expect, test } from "./fixtures";
import { axeViolations } from "./organisation-support";
import {
  createVerifiedUser,
  outboxSnapshot,
  siteTexts,
  siteUrl,
  storeTokenInPage,
  uniqueEmail,
  waitForMailLink,
  waitForHydration,
} from "./support";

// Invitations in the browser (issue 30): the header's dot badge appears without a reload when an
// organisation invites the logged-in user (the socket), its dialog accepts and lands on /organisation;
// and a new address registers from the mailed link with the e-mail filled in, confirms it and is a member.

const site = "skilteplanen" as const;
const t = siteTexts(site);
const VALID_CVR = "24256790";
const SHOTS = process.env.INVITE_SCREENSHOTS_DIR ?? path.join(tmpdir(), "invite-shots");
const SIZES = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Fails on any serious accessibility problem axe-core finds inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  expect(await axeViolations(page, { scope: selector })).toEqual([]);
}

/**
 * Resolves when socket.io confirms the page's connection (its CONNECT packet, "40{…}", over polling or
 * the websocket): from then on the server has the user in their room and an event reaches them.
 */
function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("response", (res) => {
      if (res.url().includes("/socket.io/"))
        void res
          .text()
          .then((body) => body.includes("40{") && resolve())
          .catch(() => undefined);
    });
    page.on("websocket", (ws) => ws.on("framereceived", (frame) => String(frame.payload).startsWith("40{") && resolve()));
  });
}

async function screenshots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** An owner with an organisation, made through the API. */
async function ownerWithOrganisation(page: Page) {
  const owner = await createVerifiedUser(page, site);
  const org = await apiCall(
    site,
    "POST",
    "/api/users/createOrganization",
    { name: "Vejfirma Fyn ApS", cvr_number: VALID_CVR },
    owner.token,
  );
  expect(org.status).toBe(201);
  return { ...owner, organisationId: (org.json as { id: number }).id };
}

test("a logged-in invitee sees the dot badge appear without a reload, accepts in the dialog and lands on /organisation", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerWithOrganisation(page);
  const context = await browser.newContext({ viewport: SIZES[0] });
  const invitee = await context.newPage();
  try {
    const user = await createVerifiedUser(invitee, site);
    const connected = socketConnected(invitee);
    await storeTokenInPage(invitee, site, user.token);
    await invitee.goto(siteUrl(site, "/guides"));
    const menuButton = invitee.getByTestId("user-menu-button");
    await expect(menuButton).toHaveAccessibleName(t("header.userMenu"));
    await connected;

    const invite = await apiCall(site, "POST", "/api/users/invite", { email: user.email }, owner.token);
    expect(invite.status).toBe(201);

    // No reload: the event arrives over the socket.
    await expect(menuButton).toHaveAccessibleName(t("invites.userMenuWithInvite"), { timeout: 10_000 });
    await expect(invitee.locator(".MuiBadge-dot:not(.MuiBadge-invisible)")).toBeVisible();
    await waitForHydration(menuButton);
    await menuButton.click();
    await invitee.getByRole("menuitem", { name: t("invites.menuItem", { organisation: "Vejfirma Fyn ApS" }) }).click();
    const dialog = invitee.getByRole("dialog", { name: t("invites.dialog.title") });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("pending-invite-organisation")).toContainText("Vejfirma Fyn ApS");
    await expect(dialog.getByTestId("pending-invite-organisation")).toContainText(t("invites.companyNumber", { number: VALID_CVR }));
    await expect(dialog).toContainText(t("invites.dialog.text", { inviter: owner.name }));
    await expectAccessible(invitee, "[data-testid=pending-invite-dialog]");
    await screenshots(invitee, "pending-invite-dialog");

    await dialog.getByRole("button", { name: t("invites.dialog.accept") }).click();
    await expect(invitee).toHaveURL(/\/organisation$/);
    await expect(menuButton).toHaveAccessibleName(t("header.userMenu"));
    const mine = await apiCall(site, "GET", "/api/users/organization", undefined, user.token);
    expect(mine).toMatchObject({ status: 200, json: { id: owner.organisationId, role: "member" } });
  } finally {
    await context.close();
  }
});

test("a new address registers from the mailed link with the e-mail filled in, confirms it and is a member", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await ownerWithOrganisation(page);
  const email = uniqueEmail("invited");
  const before = outboxSnapshot();
  expect((await apiCall(site, "POST", "/api/users/invite", { email }, owner.token)).status).toBe(201);
  const link = await waitForMailLink(email, "/invitation", { ignore: before });

  const context = await browser.newContext({ viewport: SIZES[0] });
  const visitor = await context.newPage();
  try {
    await visitor.goto(siteUrl(site, link));
    const card = visitor.getByTestId("invitation-page");
    await expect(card.getByTestId("invitation-details")).toContainText("Vejfirma Fyn ApS");
    await expect(card).toContainText(
      t("invites.page.invitedBy", { inviter: owner.name, email, organisation: "Vejfirma Fyn ApS", product: "Skilteplanen" }),
    );
    await expect(card.getByTestId("invitation-next-step")).toHaveText(
      t("invites.page.noAccount", { email, organisation: "Vejfirma Fyn ApS" }),
    );
    await expectAccessible(visitor, "[data-testid=invitation-page]");
    await screenshots(visitor, "invitation-page");

    const register = card.getByRole("link", { name: t("invites.page.register") });
    await waitForHydration(register);
    await register.click();
    await expect(visitor).toHaveURL(/\/register\?/);
    const emailField = visitor.getByRole("textbox", { name: t("auth.fields.email"), exact: true });
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute("readonly", "");
    await expect(visitor.getByTestId("register-from-invite")).toBeVisible();
    await visitor.getByRole("textbox", { name: t("auth.fields.name"), exact: true }).fill("Nina Ny");
    const beforeVerify = outboxSnapshot();
    const password = visitor.getByRole("textbox", { name: t("auth.fields.password"), exact: true });
    await password.fill("ny-hemmelig");
    await password.press("Enter");
    await expect(visitor).toHaveURL(/\/encourage-verify-email\?email=/);

    const verify = await waitForMailLink(email, "/encourage-verify-email", { ignore: beforeVerify });
    await visitor.goto(siteUrl(site, verify));
    await expect(visitor).toHaveURL(/\/organisation$/, { timeout: 15_000 });
    const token = await visitor.evaluate(() => localStorage.getItem("token"));
    const mine = await apiCall(site, "GET", "/api/users/organization", undefined, token!);
    expect(mine).toMatchObject({ status: 200, json: { id: owner.organisationId, role: "member" } });

    // The link has done its work: the page says so.
    await visitor.goto(siteUrl(site, link));
    await expect(visitor.getByTestId("invitation-state")).toHaveText(t("invites.page.state.accepted"));
  } finally {
    await context.close();
  }
});

test("someone logged in with another e-mail is told so and may log out; then the page offers logging in", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const owner = await ownerWithOrganisation(page);
  const context = await browser.newContext({ viewport: SIZES[0] });
  const other = await context.newPage();
  try {
    const invited = await createVerifiedUser(other, site);
    const before = outboxSnapshot();
    expect((await apiCall(site, "POST", "/api/users/invite", { email: invited.email }, owner.token)).status).toBe(201);
    const link = await waitForMailLink(invited.email, "/invitation", { ignore: before });
    await storeTokenInPage(other, site, owner.token);
    await other.goto(siteUrl(site, link));
    await expect(other.getByTestId("invitation-other-user")).toHaveText(
      t("invites.page.otherUser", { current: owner.email, email: invited.email }),
    );
    const logout = other.getByRole("button", { name: t("invites.page.logout") });
    await waitForHydration(logout);
    await logout.click();
    await expect(other.getByTestId("invitation-next-step")).toHaveText(t("invites.page.hasAccount", { email: invited.email }));
    await expect(other.getByTestId("invitation-page").getByRole("link", { name: t("invites.page.login") })).toHaveAttribute(
      "href",
      /\/login\?from=%2Finvitation%3Ftoken%3D/,
    );
  } finally {
    await context.close();
  }
});

import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { addMembersInDatabase, axeViolations, userIdOf } from "./organisation-support";
import { createVerifiedUser, outboxSnapshot, siteTexts, siteUrl, storeTokenInPage, waitForMailLink, type TestUser } from "./support";

// Access that follows membership at once, and the ownership transfer's page (issue 30): a member with a
// shared plan open in the editor is removed by the owner, and within a second their editor is read-only
// with a message and without drawing tools, and a reload finds no plan; then a member confirms an
// ownership transfer in the browser, through the login page, and the old owner is an administrator.

const site = "skilteplanen";
const t = siteTexts(site);
type User = TestUser & { token: string; id: number };

async function makeUser(browser: Browser): Promise<User> {
  const page = await browser.newPage();
  const user = await createVerifiedUser(page, site);
  await page.close();
  return { ...user, id: userIdOf(user.token) };
}

test.describe.configure({ mode: "serial" });

const ORGANISATION = `Vejfirma ${Date.now().toString(36)}`;
let owner: User;
let member: User;
let heir: User;
let planId: number;

test.beforeAll(async ({ browser }) => {
  [owner, member, heir] = [await makeUser(browser), await makeUser(browser), await makeUser(browser)];
  const created = await apiCall(site, "POST", "/api/users/createOrganization", { name: ORGANISATION, cvr_number: "24256790" }, owner.token);
  expect(created.status).toBe(201);
  const organisationId = (created.json as { id: number }).id;
  // Invitations have their own tests; here the members are added in the database, as the API tests do.
  addMembersInDatabase(organisationId, [member, heir]);
  const project = await apiCall(site, "POST", "/api/project", { name: "Fælles projekt", isShared: true }, owner.token);
  expect(project.status).toBe(201);
  const plan = await apiCall(
    site,
    "POST",
    "/api/signplan",
    { name: "Fælles plan", project_id: (project.json as { id: number }).id },
    owner.token,
  );
  expect(plan.status).toBe(201);
  planId = (plan.json as { id: number }).id;
});

async function openEditor(page: Page, user: User) {
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
}

test("a removed member's open editor turns read-only within a second; a reload finds no plan", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  try {
    await openEditor(page, member);
    const editor = page.getByTestId("plan-editor");
    await expect(editor).toHaveAttribute("data-mode", "edit");
    await expect(page.getByTestId("tool-line")).toBeEnabled();
    // The editor follows the plan's room: a save by the owner reaches it (so the removal below is heard
    // through the room, not found out at a later join).
    const current = (await apiCall(site, "GET", `/api/signplan/${planId}`, undefined, owner.token)).json as { version: number };
    const renamed = await apiCall(
      site,
      "PUT",
      `/api/signplan/${planId}`,
      { version: current.version, name: "Fælles plan, ny" },
      owner.token,
    );
    expect(renamed.status).toBe(200);
    // Brought in without a reload (issue 36): the editor is at the rename's version.
    const renamedVersion = (renamed.json as { version: number }).version;
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-version", String(renamedVersion), { timeout: 15_000 });

    const removed = await apiCall(site, "DELETE", "/api/users/removeUser", { userId: member.id }, owner.token);
    expect(removed.status).toBe(200);
    const answeredAt = Date.now();

    await expect(page.getByTestId("access-lost")).toHaveText(t("editor.accessLost"), { timeout: 1000 });
    expect(Date.now() - answeredAt).toBeLessThan(1000);
    await expect(editor).toHaveAttribute("data-mode", "view");
    await expect(page.getByTestId("view-only-badge")).toHaveText(t("editor.viewOnly"));
    // No drawing tools, no toolbar, no save state: nothing to draw or save with.
    await expect(page.getByTestId("editor-toolbar")).toHaveCount(0);
    await expect(page.locator("[data-testid^='tool-']")).toHaveCount(0);
    await expect(page.getByTestId("save-state")).toHaveCount(0);
    await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
    await page.screenshot({ path: "/tmp/editor-access-lost.png" });

    await page.reload();
    await expect(page.getByTestId("plan-load-error")).toHaveText(t("api.plans.planNotFound"));
  } finally {
    await page.context().close();
  }
});

test("the transfer page: log in first, see what moves, confirm; the old owner is an administrator", async ({ browser }) => {
  const before = outboxSnapshot();
  const requested = await apiCall(site, "POST", "/api/users/transferOwnership", { userId: heir.id }, owner.token);
  expect(requested.status).toBe(200);
  const link = await waitForMailLink(heir.email, "/transfer-ownership", { ignore: before });

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  try {
    // Protected: to the login page, and back to the link after logging in.
    await page.goto(siteUrl(site, link));
    await expect(page).toHaveURL(siteUrl(site, `/login?from=${encodeURIComponent(link)}`));
    await page.getByRole("textbox", { name: t("auth.fields.email"), exact: true }).fill(heir.email);
    await page.getByRole("textbox", { name: t("auth.fields.password"), exact: true }).fill(heir.password);
    await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
    await expect(page).toHaveURL(siteUrl(site, link));

    const preview = page.getByTestId("transfer-preview");
    await expect(preview).toContainText(t("transfer.intro", { from: owner.name, organisation: ORGANISATION }));
    await expect(preview).toContainText(t("transfer.companyNumber", { number: "24256790" }));
    const moves = page.getByTestId("transfer-moves").locator("li");
    await expect(moves).toHaveText([
      t("transfer.movesLogo", { hasLogo: "false" }),
      t("transfer.movesSigns", { count: 0 }),
      t("transfer.movesProjects", { count: 1 }),
    ]);
    await expect(preview).toContainText(t("transfer.movesBilling", { product: "Skilteplanen" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("transfer.title"));
    expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"], all: true })).toEqual([]);
    await page.screenshot({ path: "/tmp/transfer-ownership-1400x900.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/transfer-ownership-390x844.png", fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId("transfer-confirm").click();
    await expect(page).toHaveURL(siteUrl(site, "/organisation"));
    const role = async (user: User) =>
      ((await apiCall(site, "GET", "/api/users/organization", undefined, user.token)).json as { role: string }).role;
    expect(await role(heir)).toBe("owner");
    expect(await role(owner)).toBe("admin");

    // The link is used up: opened again, the page says so.
    await page.goto(siteUrl(site, link));
    await expect(page.getByTestId("transfer-error")).toHaveText(t("api.transfer.linkUsed"));
  } finally {
    await context.close();
  }
});

test("on ta-planen the transfer page speaks Swedish, also when the link is not valid", async ({ browser }) => {
  const sv = siteTexts("ta-planen");
  const page = await browser.newPage();
  try {
    const user = await createVerifiedUser(page, "ta-planen");
    await storeTokenInPage(page, "ta-planen", user.token);
    await page.goto(siteUrl("ta-planen", "/transfer-ownership?token=no-such-link"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sv("transfer.title"));
    await expect(page.getByTestId("transfer-error")).toHaveText(sv("api.transfer.linkInvalid"));
    await page.goto(siteUrl("ta-planen", "/transfer-ownership"));
    await expect(page.getByTestId("transfer-error")).toHaveText(sv("transfer.missingToken"));
    expect(sv("api.transfer.linkInvalid")).toBe("Länken för överlåtelse av ägarskap är ogiltig. Öppna länken från e-postmeddelandet igen.");
  } finally {
    await page.close();
  }
});

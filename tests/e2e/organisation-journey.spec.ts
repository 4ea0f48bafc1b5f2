import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { drawWith, storeContent } from "./editor-support";
import type { PlanContent } from "@/lib/elements/plan-content";
import { outboxSnapshot, registerUser, siteTexts, siteUrl, uniqueEmail, waitForHydration, waitForMailLink } from "./support";

// The organisation's whole journey in a real browser, two people in two browser contexts (issue 30):
// an owner registers and creates the first organisation, invites a colleague from the members tab; the
// colleague registers from the mailed link and lands in the organisation on confirming; the owner shares
// a project; both have its plan open and the colleague's drawing reaches the owner; the owner removes the
// colleague, whose open editor turns read-only within a second and whose reload finds no plan.

const site = "skilteplanen";
const t = siteTexts(site);
const ORGANISATION = `Vejfirma ${Date.now().toString(36)} ApS`;
const VALID_CVR = "24256790";
const VIEWPORT = { width: 1400, height: 900 };

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem("token")) as Promise<string>;

/** Opens the plan in the editor at a fixed place and waits until the plan is loaded and saved. */
async function openPlan(page: Page, planId: number): Promise<{ map: Locator; cx: number; cy: number }> {
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  const map = page.getByTestId("map");
  await expect(map).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  await page.evaluate(() => {
    window.__planEditor!.setCenter([10.38551, 55.40178]);
    window.__planEditor!.setZoom(18);
  });
  await page.evaluate(() => window.__planEditor!.rendered());
  const box = (await map.boundingBox())!;
  return { map, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

test("create, invite, register from the link, share, edit one plan together, remove: the removed member's editor turns read-only", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext({ viewport: VIEWPORT });
  const memberContext = await browser.newContext({ viewport: VIEWPORT });
  try {
    // 1. The owner registers, confirms, and creates the first organisation where the app offers it.
    const owner = await ownerContext.newPage();
    const beforeOwner = outboxSnapshot();
    const ownerUser = await registerUser(owner, site);
    await owner.goto(siteUrl(site, await waitForMailLink(ownerUser.email, "/encourage-verify-email", { ignore: beforeOwner })));
    await expect(owner).toHaveURL(siteUrl(site, "/create-first-organisation"));
    const form = owner.getByTestId("create-organisation-form");
    // The browser tests' server has no company register: the look-up says so and the form is filled by hand.
    const lookup = form.getByTestId("company-lookup");
    await waitForHydration(lookup);
    await lookup.getByTestId("company-lookup-search").fill(VALID_CVR);
    await lookup.getByTestId("company-lookup-button").click();
    await expect(lookup.getByTestId("company-lookup-error")).toHaveText(t("api.companyLookup.unavailable"));
    await form.getByTestId("organisation-name").fill(ORGANISATION);
    await form.getByTestId("organisation-number").fill(VALID_CVR);
    await form.getByRole("button", { name: t("organisationPage.createFirst.create") }).click();
    await expect(owner).toHaveURL(siteUrl(site, "/app"));
    const ownerToken = await tokenOf(owner);

    // 2. The owner invites a colleague by e-mail from the members tab; the invitation is listed as pending.
    const colleagueEmail = uniqueEmail("colleague");
    await owner.goto(siteUrl(site, "/organisation?tab=members"));
    const invite = owner.getByTestId("invite-form");
    await waitForHydration(invite);
    const beforeInvite = outboxSnapshot();
    await invite.getByRole("textbox", { name: t("organisationPage.members.inviteEmail") }).fill(colleagueEmail);
    await invite.getByRole("button", { name: t("organisationPage.members.invite") }).click();
    await expect(owner.getByTestId("pending-invite").filter({ hasText: colleagueEmail })).toBeVisible();
    const link = await waitForMailLink(colleagueEmail, "/invitation", { ignore: beforeInvite });

    // 3. The colleague opens the link, registers with the e-mail filled in, confirms, and is a member.
    const member = await memberContext.newPage();
    await member.goto(siteUrl(site, link));
    const register = member.getByTestId("invitation-page").getByRole("link", { name: t("invites.page.register") });
    await waitForHydration(register);
    await register.click();
    const email = member.getByRole("textbox", { name: t("auth.fields.email"), exact: true });
    await expect(email).toHaveValue(colleagueEmail);
    await member.getByRole("textbox", { name: t("auth.fields.name"), exact: true }).fill("Kollega Kim");
    const beforeVerify = outboxSnapshot();
    const password = member.getByRole("textbox", { name: t("auth.fields.password"), exact: true });
    await password.fill("kollega-hemmelig");
    await password.press("Enter");
    await expect(member).toHaveURL(/\/encourage-verify-email\?email=/);
    await member.goto(siteUrl(site, await waitForMailLink(colleagueEmail, "/encourage-verify-email", { ignore: beforeVerify })));
    await expect(member).toHaveURL(siteUrl(site, "/organisation"), { timeout: 15_000 });
    const memberToken = await tokenOf(member);
    expect((await apiCall(site, "GET", "/api/users/organization", undefined, memberToken)).json).toMatchObject({
      name: ORGANISATION,
      role: "member",
    });
    await owner.reload();
    await expect(owner.getByTestId("member-row").filter({ hasText: colleagueEmail })).toBeVisible();
    await expect(owner.getByTestId("pending-invite")).toHaveCount(0);

    // 4. The owner shares a project with the organisation in the project modal (sharing is permanent).
    const projectName = `Vestergade ${Date.now().toString(36)}`;
    const project = await apiCall(site, "POST", "/api/project", { name: projectName }, ownerToken);
    expect(project.status).toBe(201);
    const plan = await apiCall(
      site,
      "POST",
      "/api/signplan",
      { name: "Afspærring", project_id: (project.json as { id: number }).id },
      ownerToken,
    );
    expect(plan.status).toBe(201);
    const planId = (plan.json as { id: number }).id;
    // Before sharing, the colleague cannot open the owner's plan.
    expect((await apiCall(site, "GET", `/api/signplan/${planId}`, undefined, memberToken)).status).toBe(404);
    await owner.goto(siteUrl(site, "/app"));
    const modal = owner.getByTestId("project-modal");
    await expect(modal).toBeVisible();
    const row = modal.getByTestId("project-row").filter({ has: owner.getByText(projectName, { exact: true }) });
    await row.getByRole("button", { name: t("projects.actions.menu", { name: projectName }) }).click();
    await owner.getByRole("menuitem", { name: t("projects.actions.share"), exact: true }).click();
    const share = owner.getByTestId("share-project-dialog");
    await share.getByRole("button", { name: t("projects.shareProject.confirm") }).click();
    await expect(share).toBeHidden();
    expect((await apiCall(site, "GET", `/api/signplan/${planId}`, undefined, memberToken)).status).toBe(200);

    // 5. Both open the plan; the colleague draws a line and the owner's editor hears of it.
    await openPlan(owner, planId);
    const { cx, cy } = await openPlan(member, planId);
    await expect(member.getByTestId("plan-editor")).toHaveAttribute("data-mode", "edit");
    await drawWith(member, "line", [
      [cx - 120, cy],
      [cx + 120, cy + 40],
    ]);
    await expect(member.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    await expect.poll(async () => (await storeContent(owner)).lines.length, { timeout: 15_000 }).toBe(1);
    // The colleague's line is on the server and in the owner's open editor (loaded without a reload).
    const saved = (await apiCall(site, "GET", `/api/signplan/${planId}`, undefined, ownerToken)).json as { content: PlanContent };
    expect(saved.content.lines).toHaveLength(1);
    expect((await storeContent(owner)).lines).toEqual(saved.content.lines);

    // 6. The owner removes the colleague on the members tab; the colleague's open editor turns read-only.
    const admin = await ownerContext.newPage();
    await admin.goto(siteUrl(site, "/organisation?tab=members"));
    const memberRow = admin.getByTestId("member-row").filter({ hasText: colleagueEmail });
    await waitForHydration(memberRow.getByTestId("member-actions"));
    await memberRow.getByTestId("member-actions").click();
    await admin.getByRole("menuitem", { name: t("organisationPage.members.remove") }).click();
    const confirm = admin.getByTestId("remove-member-dialog");
    await confirm.getByRole("button", { name: t("organisationPage.members.remove") }).click();
    await expect(confirm).toBeHidden();
    const removedAt = Date.now();
    await expect(member.getByTestId("access-lost")).toHaveText(t("editor.accessLost"), { timeout: 2000 });
    expect(Date.now() - removedAt).toBeLessThan(1500);
    await expect(member.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
    await expect(member.locator("[data-testid^='tool-']")).toHaveCount(0);

    // 7. The removed colleague's next request finds nothing: a reload shows the plan as not found.
    await member.reload();
    await expect(member.getByTestId("plan-load-error")).toHaveText(t("api.plans.planNotFound"));
    expect((await apiCall(site, "GET", `/api/signplan/${planId}`, undefined, memberToken)).status).toBe(404);
  } finally {
    await ownerContext.close();
    await memberContext.close();
  }
});

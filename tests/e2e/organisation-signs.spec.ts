import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { addMembersInDatabase, userIdOf } from "./organisation-support";
import { editorUser, newPlan, openEditor, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { SignElement } from "@/lib/elements/sign";
import type { OrganisationSignGalleryDto } from "@/lib/schemas/signs";

// The organisation's sign gallery (issue 30, content §6: "administrators add and remove signs that every
// member sees in the gallery; members see but do not change them"): an administrator adds a sign, a
// member finds it in "Organisationens skilte" without the add and remove controls and places it, the
// administrator removes it, and after a reload the member's gallery no longer offers it while the
// placed sign stays on the plan.

const site = "skilteplanen";
const t = siteTexts(site);

let owner: EditorUser;
let admin: EditorUser;
let member: EditorUser;

test.beforeAll(async ({ browser }) => {
  [owner, admin, member] = [await editorUser(browser), await editorUser(browser), await editorUser(browser)];
  const created = await apiCall(
    site,
    "POST",
    "/api/users/createOrganization",
    { name: "Vejfirma ApS", cvr_number: "24256790" },
    owner.token,
  );
  expect(created.status).toBe(201);
  // Invitations have their own tests; here the other two join in the database, as the API tests' support does.
  addMembersInDatabase((created.json as { id: number }).id, [{ id: userIdOf(admin.token), admin: true }, { id: userIdOf(member.token) }]);
});

const orangePng = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 120, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

async function openOrganisationSection(page: Page) {
  await page.getByTestId("sign-gallery-button").click();
  const gallery = page.getByTestId("sign-gallery");
  await gallery.getByTestId("sign-section-organisation").click();
  return gallery;
}

const organisationTiles = (page: Page) => page.getByTestId("sign-gallery").locator("[data-testid^=sign-tile-organisation_]");

test("an administrator adds a sign; a member sees and places it without controls; removed, it leaves the member's gallery", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const adminPage = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  const memberPage = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  try {
    // The administrator: an empty section that says how to fill it, and the upload.
    await openEditor(adminPage, admin, await newPlan(admin, "Administratorens plan"));
    const adminGallery = await openOrganisationSection(adminPage);
    await expect(adminGallery.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noOrganisationManage"));
    await adminGallery
      .getByTestId("organisation-sign-file")
      .setInputFiles({ name: "Firmaskilt.png", mimeType: "image/png", buffer: await orangePng() });
    const dialog = adminPage.getByTestId("organisation-sign-dialog");
    await expect(dialog.getByTestId("organisation-sign-name")).toHaveValue("Firmaskilt");
    await dialog.getByTestId("organisation-sign-name").fill("Vejfirmaets omkørsel");
    await dialog.getByRole("button", { name: t("editorSigns.organisationUpload.submit") }).click();
    await expect(dialog).toBeHidden();
    await expect(organisationTiles(adminPage)).toHaveCount(1);
    await expect(organisationTiles(adminPage)).toHaveAttribute("aria-label", "Vejfirmaets omkørsel");
    const imageUrl = (await organisationTiles(adminPage).getAttribute("data-image-url"))!;
    const tileTestId = (await organisationTiles(adminPage).getAttribute("data-testid"))!;
    await adminPage.screenshot({ path: "/tmp/organisation-signs-admin-1400x900.png" });

    // The member: the sign is there, the add and remove controls are not.
    const memberPlan = await newPlan(member, "Medlemmets plan");
    const { cx, cy } = await openEditor(memberPage, member, memberPlan);
    const memberGallery = await openOrganisationSection(memberPage);
    await expect(organisationTiles(memberPage)).toHaveCount(1);
    await expect(memberGallery.locator(`[data-image-url="${imageUrl}"]`)).toHaveAttribute("aria-label", "Vejfirmaets omkørsel");
    await expect(memberGallery.getByTestId("organisation-sign-upload-button")).toHaveCount(0);
    await expect(memberGallery.locator("[data-testid^=sign-tile-delete-]")).toHaveCount(0);
    await memberPage.screenshot({ path: "/tmp/organisation-signs-member-1400x900.png" });
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await memberPage.screenshot({ path: "/tmp/organisation-signs-member-390x844.png" });
    await memberPage.setViewportSize({ width: 1400, height: 900 });
    // The server says the same (it refuses their uploads and removals; tests/api/signs).
    const asMember = (await apiCall(site, "GET", "/api/organisation-signs", undefined, member.token)).json as OrganisationSignGalleryDto;
    expect([asMember.canManage, asMember.signs.map((s) => s.name)]).toEqual([false, ["Vejfirmaets omkørsel"]]);

    // Placed by the member, right of the gallery.
    await memberGallery.getByTestId(tileTestId).click();
    await memberPage.mouse.click(cx + 300, cy);
    await expect.poll(async () => (await storeContent(memberPage)).signs.length).toBe(1);
    const placed = (await storeContent(memberPage)).signs[0] as SignElement;
    expect(placed.imageUrl).toBe(imageUrl);
    expect(((await savedPlan(memberPage, member, memberPlan)).signs as SignElement[]).map((s) => s.imageUrl)).toEqual([imageUrl]);

    // The administrator removes it, after confirming.
    await organisationTiles(adminPage).hover();
    await adminGallery.getByTestId(tileTestId.replace("sign-tile-", "sign-tile-delete-")).click();
    const confirm = adminPage.getByTestId("organisation-sign-delete-dialog");
    await expect(confirm).toContainText(t("editorSigns.organisationUpload.deleteText", { name: "Vejfirmaets omkørsel" }));
    await adminPage.screenshot({ path: "/tmp/organisation-signs-admin-delete-1400x900.png" });
    await confirm.getByRole("button", { name: t("editorSigns.organisationUpload.deleteConfirm") }).click();
    await expect(confirm).toBeHidden();
    await expect(organisationTiles(adminPage)).toHaveCount(0);

    // After a reload the member's gallery no longer has it; the placed sign stays on the plan.
    await memberPage.reload();
    await expect(memberPage.getByTestId("map")).toHaveAttribute("data-ready", "true");
    const reloaded = await openOrganisationSection(memberPage);
    await expect(reloaded.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noOrganisation"));
    await expect(organisationTiles(memberPage)).toHaveCount(0);
    expect(((await storeContent(memberPage)).signs as SignElement[]).map((s) => s.imageUrl)).toEqual([imageUrl]);
  } finally {
    await adminPage.context().close();
    await memberPage.context().close();
  }
});

test("a user in no organisation gets no organisation section", async ({ page }) => {
  const loner = await editorUser(page.context().browser()!);
  await openEditor(page, loner, await newPlan(loner, "Alene"));
  await page.getByTestId("sign-gallery-button").click();
  await expect(page.getByTestId("sign-gallery").getByTestId("sign-section-personal")).toBeVisible();
  await expect(page.getByTestId("sign-section-organisation")).toHaveCount(0);
});

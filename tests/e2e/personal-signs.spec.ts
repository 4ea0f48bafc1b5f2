import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { editorUser, newPlan, openEditor, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { SignElement } from "@/lib/elements/sign";
import type { PersonalSignDto } from "@/lib/schemas/signs";

// Personal signs from the gallery (issue 17: "Personal signs can be uploaded from the gallery (PNG, JPG
// or WEBP, with the specification's messages for a wrong type and a read error)"): the upload in "Mine
// skilte", placing the new sign, the reload, and the refusals, in the server's words.

const t = siteTexts("skilteplanen");

let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

/** A colour no base map or catalogue sign shows, so the sign's own picture can be found on the map. */
const MAGENTA = { r: 213, g: 0, b: 249 };
const magentaPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: { ...MAGENTA, alpha: 1 } } })
    .png()
    .toBuffer();

async function openPersonalSection(page: Page) {
  await page.getByTestId("sign-gallery-button").click();
  const gallery = page.getByTestId("sign-gallery");
  await gallery.getByTestId("sign-section-personal").click();
  return gallery;
}

/** Pixels of the sign's colour in a square around a page pixel. */
async function magentaAround(page: Page, [x, y]: [number, number]): Promise<number> {
  const half = 25;
  const shot = await page.screenshot({ clip: { x: x - half, y: y - half, width: 2 * half, height: 2 * half } });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) if (data[i]! > 170 && data[i + 1]! < 70 && data[i + 2]! > 190) count += 1;
  return count;
}

test("a PNG uploaded in Mine skilte is shown there, ready to place; placed on the map it stays after a reload", async ({
  page,
}, testInfo) => {
  const planId = await newPlan(user, "Eget skilt");
  const { cx, cy } = await openEditor(page, user, planId, 20);
  const gallery = await openPersonalSection(page);
  await expect(gallery.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noPersonal"));

  await gallery.getByTestId("personal-sign-file").setInputFiles({
    name: "Omkørsel_Nørregade.png",
    mimeType: "image/png",
    buffer: await magentaPng(),
  });
  const dialog = page.getByTestId("personal-sign-dialog");
  const name = dialog.getByTestId("personal-sign-name");
  // The name comes from the file's; the picture is shown as the browser draws it.
  await expect(name).toHaveValue("Omkørsel Nørregade");
  await expect(dialog.getByTestId("personal-sign-preview")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await name.fill("Omkørsel ad Nørregade");
  await page.screenshot({ path: testInfo.outputPath("naming.png") });
  await dialog.getByRole("button", { name: t("editorSigns.upload.submit") }).click();
  await expect(dialog).toBeHidden();

  // In the section, chosen, and placement has begun.
  const tile = gallery.locator("[data-testid^=sign-tile-personal_]");
  await expect(tile).toHaveCount(1);
  await expect(tile).toHaveAttribute("aria-label", "Omkørsel ad Nørregade");
  await expect(tile).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  const imageUrl = (await tile.getAttribute("data-image-url"))!;
  const listed = (await apiCall("skilteplanen", "GET", "/api/personal-signs", undefined, user.token)).json as PersonalSignDto[];
  // Newest first on the server too.
  expect([listed[0]?.name, listed[0]?.gallery_image_url]).toEqual(["Omkørsel ad Nørregade", imageUrl]);

  // Right of the gallery: the click places the uploaded sign there, drawn from its own picture.
  const at: [number, number] = [cx + 200, cy];
  await page.mouse.click(...at);
  await expect.poll(async () => (await storeContent(page)).signs.length).toBe(1);
  const placed = (await storeContent(page)).signs[0] as SignElement;
  expect(placed.imageUrl).toBe(imageUrl);
  await page.getByTestId("sign-gallery-close").click();
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: testInfo.outputPath("placed.png") });
  expect(await magentaAround(page, at)).toBeGreaterThan(100);

  // Saved, and the same after a reload, picture included.
  const saved = await savedPlan(page, user, planId);
  expect((saved.signs as SignElement[]).map((s) => s.imageUrl)).toEqual([imageUrl]);
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect((await storeContent(page)).signs).toEqual([placed]);
  await page.evaluate(() => window.__planEditor!.rendered());
  const [px, py] = (await page.evaluate((p) => window.__planEditor!.pixelOf(p), placed.position as [number, number]))!;
  expect(await magentaAround(page, [px, py])).toBeGreaterThan(100);
  // The gallery still has it.
  await openPersonalSection(page);
  await expect(page.getByTestId("sign-gallery").locator(`[data-image-url="${imageUrl}"]`)).toBeVisible();
});

test("a text file named .png gets the wrong-type message; a cut-off PNG the read error; nothing is added", async ({ page }) => {
  const planId = await newPlan(user, "Forkerte filer");
  await openEditor(page, user, planId);
  const gallery = await openPersonalSection(page);
  const before = ((await apiCall("skilteplanen", "GET", "/api/personal-signs", undefined, user.token)).json as PersonalSignDto[]).length;

  // Refused in the browser, before any upload.
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/personal-signs")) uploads.push(request.url());
  });
  await gallery.getByTestId("personal-sign-file").setInputFiles({
    name: "skilt.png",
    mimeType: "image/png",
    buffer: Buffer.from("Dette er ikke et billede, kun tekst.\n"),
  });
  await expect(gallery.getByTestId("personal-sign-upload-refusal")).toHaveText(t("api.signs.invalidType"));
  await expect(gallery.getByTestId("personal-sign-upload-refusal")).toHaveText("Ugyldig filtype. Vælg en PNG-, JPG- eller WEBP-fil.");
  await expect(page.getByTestId("personal-sign-dialog")).toHaveCount(0);
  expect(uploads).toEqual([]);

  // A PNG cut off after its header looks right to the browser; the server cannot read it and says so.
  const png = await magentaPng();
  await gallery.getByTestId("personal-sign-file").setInputFiles({ name: "halvt.png", mimeType: "image/png", buffer: png.subarray(0, 40) });
  await expect(gallery.getByTestId("personal-sign-upload-refusal")).toHaveCount(0);
  const dialog = page.getByTestId("personal-sign-dialog");
  await expect(dialog.getByTestId("personal-sign-name")).toHaveValue("halvt");
  await expect(dialog.getByTestId("personal-sign-preview")).not.toHaveAttribute("src");
  await dialog.getByRole("button", { name: t("editorSigns.upload.submit") }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Filen kunne ikke læses.");
  expect(uploads).toHaveLength(1);
  await dialog.getByRole("button", { name: t("editorSigns.upload.cancel") }).click();
  await expect(dialog).toBeHidden();

  const after = (await apiCall("skilteplanen", "GET", "/api/personal-signs", undefined, user.token)).json as PersonalSignDto[];
  expect(after).toHaveLength(before);
});

test("a personal sign is deleted from the gallery after a confirmation; a placed copy keeps its picture", async ({ page }) => {
  const planId = await newPlan(user, "Slet eget skilt");
  const { cx, cy } = await openEditor(page, user, planId, 20);
  const gallery = await openPersonalSection(page);
  await gallery.getByTestId("personal-sign-file").setInputFiles({ name: "slettes.png", mimeType: "image/png", buffer: await magentaPng() });
  await page
    .getByTestId("personal-sign-dialog")
    .getByRole("button", { name: t("editorSigns.upload.submit") })
    .click();
  const tile = gallery.locator("[data-testid^=sign-tile-personal_]").filter({ hasText: "slettes" });
  await expect(tile).toBeVisible();
  const imageUrl = (await tile.getAttribute("data-image-url"))!;
  const at: [number, number] = [cx + 200, cy];
  await page.mouse.click(...at);
  await expect.poll(async () => (await storeContent(page)).signs.length).toBe(1);

  const tileId = (await tile.getAttribute("data-testid"))!.replace("sign-tile-", "");
  await gallery.getByTestId(`sign-tile-delete-${tileId}`).click();
  const confirm = page.getByTestId("personal-sign-delete-dialog");
  await expect(confirm).toContainText("»slettes«");
  await confirm.getByRole("button", { name: t("editorSigns.upload.deleteConfirm") }).click();
  await expect(confirm).toBeHidden();
  await expect(gallery.locator(`[data-image-url="${imageUrl}"]`)).toHaveCount(0);
  const listed = (await apiCall("skilteplanen", "GET", "/api/personal-signs", undefined, user.token)).json as PersonalSignDto[];
  expect(listed.map((s) => s.gallery_image_url)).not.toContain(imageUrl);

  // The placed copy is still drawn from its picture.
  await page.getByTestId("sign-gallery-close").click();
  await page.evaluate(() => window.__planEditor!.rendered());
  expect(await magentaAround(page, at)).toBeGreaterThan(100);
});

import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { apiCall } from "./api";
import { editorUser, newPlan, openEditor, storeContent, type EditorUser } from "./editor-support";
import { expect, test } from "./fixtures";
import { axeViolations, userIdOf, verifiedUser, type User } from "./organisation-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";
import type { SignElement } from "@/lib/elements/sign";
import type { CatalogueSign } from "@/lib/signs/types";

// The sign catalogue in the admin area (issue 32; content §1: a missing sign is added within 24 hours):
// staff add a sign to skilteplanen's catalogue from /admin; a customer of skilteplanen finds it in the
// editor's gallery by its code and places it; TA-planen's gallery does not offer it; staff undo the
// addition, and the gallery no longer offers it while the placed sign still draws.

const t = siteTexts("skilteplanen");
const CODE = "Z 917";
const NAME = "Omkørsel for cyklister";

/** A colour no base map or catalogue sign shows, so the added sign's own picture can be found on the map. */
const MAGENTA = { r: 213, g: 0, b: 249 };
const magentaPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: { ...MAGENTA, alpha: 1 } } })
    .png()
    .toBuffer();

async function magentaAround(page: Page, [x, y]: [number, number]): Promise<number> {
  const half = 25;
  const shot = await page.screenshot({ clip: { x: x - half, y: y - half, width: 2 * half, height: 2 * half } });
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) if (data[i]! > 170 && data[i + 1]! < 70 && data[i + 2]! > 190) count += 1;
  return count;
}

function makeStaff(user: User): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(user.id);
  } finally {
    db.close();
  }
}

const additionsOf = async (site: "skilteplanen" | "ta-planen") =>
  (await apiCall(site, "GET", `/api/signs/catalogue-additions?site=${site}`)).json as CatalogueSign[];

async function searchGallery(page: Page, query: string) {
  await page.getByTestId("sign-gallery-button").click();
  const gallery = page.getByTestId("sign-gallery");
  await gallery.getByTestId("sign-search").fill(query);
  await expect(gallery.getByTestId("sign-result-count")).toBeVisible();
  return gallery;
}

let staff: User;
let customer: EditorUser;
let swede: EditorUser;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  staff = await verifiedUser(page, "skilteplanen");
  await page.close();
  makeStaff(staff);
  customer = await editorUser(browser, "skilteplanen");
  swede = await editorUser(browser, "ta-planen");
});

test("staff add a missing sign to skilteplanen; a customer finds and places it; TA-planen lacks it; undone, the gallery drops it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  expect(userIdOf(staff.token)).toBe(staff.id);

  // --- staff: the catalogue screen, axe, and "Tilføj skilt" -------------------------------------------
  await storeTokenInPage(page, "skilteplanen", staff.token);
  await page.goto(siteUrl("skilteplanen", "/admin?tab=signs"));
  const section = page.getByTestId("admin-section-signs");
  await expect(section.getByTestId("admin-sign").first()).toBeVisible();
  await expect(section.getByTestId("admin-signs-history")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await section.getByTestId("admin-signs-add").click();
  const dialog = page.getByTestId("admin-add-sign");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("admin-add-sign-code").fill(CODE);
  await dialog.getByTestId("admin-add-sign-name").fill(NAME);
  await dialog.getByTestId("admin-add-sign-height").fill("0,8");
  await dialog.getByTestId("admin-add-sign-width").fill("0,8");
  await dialog.getByTestId("admin-add-sign-file").setInputFiles({ name: "z917.png", mimeType: "image/png", buffer: await magentaPng() });
  await expect(dialog.getByTestId("admin-add-sign-preview")).toBeVisible();
  expect(await axeViolations(page, { scope: "[data-testid=admin-add-sign]" })).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("add-dialog.png") });

  // A built-in code is refused in the server's words, and the dialog stays open.
  await dialog.getByTestId("admin-add-sign-code").fill("a 11");
  await dialog.getByRole("button", { name: t("admin.signs.dialog.confirm") }).click();
  await expect(dialog.getByRole("alert")).toHaveText(t("api.admin.signs.codeTaken", { code: "a 11" }));
  await dialog.getByTestId("admin-add-sign-code").fill(CODE);
  await dialog.getByRole("button", { name: t("admin.signs.dialog.confirm") }).click();
  await expect(dialog).toBeHidden();

  const added = (await additionsOf("skilteplanen")).find((s) => s.code === CODE)!;
  expect(added).toMatchObject({ name: NAME, category: "A", initialHeightInMeters: 0.8, initialWidthInMeters: 0.8 });
  await expect(section.getByTestId("admin-sign").first()).toHaveAttribute("data-sign-id", added.id);
  const change = section.getByTestId("admin-sign-change").first();
  await expect(change).toContainText(`${t("admin.signs.actions.add")} · ${CODE}`);
  await expect(change).toContainText(staff.email);

  await section.getByTestId("admin-signs-search").fill("z917");
  await expect(section.getByTestId("admin-sign")).toHaveCount(1);
  await section.getByTestId("admin-signs-search").fill("");
  expect(await axeViolations(page)).toEqual([]);
  for (const [width, height] of [
    [1400, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    await page.screenshot({ path: testInfo.outputPath(`admin-signs-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // --- a customer of skilteplanen: found by its code in the gallery, placed at its default size -----
  const editor = await browser.newPage();
  const planId = await newPlan(customer, "Med nyt skilt");
  const { cx, cy } = await openEditor(editor, customer, planId, 21);
  const gallery = await searchGallery(editor, CODE);
  const tile = gallery.getByTestId(`sign-tile-${added.id}`);
  await expect(tile).toBeVisible();
  await expect(tile).toHaveAttribute("data-image-url", added.imageUrl);
  await tile.click();
  const at: [number, number] = [cx + 200, cy];
  await editor.mouse.click(...at);
  await expect.poll(async () => (await storeContent(editor)).signs.length).toBe(1);
  const placed = (await storeContent(editor)).signs[0] as SignElement;
  expect([placed.imageUrl, placed.heightInMeters, placed.widthInMeters]).toEqual([added.imageUrl, 0.8, 0.8]);
  await editor.getByTestId("sign-gallery-close").click();
  await editor.evaluate(() => window.__planEditor!.rendered());
  expect(await magentaAround(editor, at)).toBeGreaterThan(100);
  await editor.screenshot({ path: testInfo.outputPath("placed.png") });

  // --- TA-planen's gallery does not offer it ----------------------------------------------------------
  expect((await additionsOf("ta-planen")).map((s) => s.code)).not.toContain(CODE);
  const swedish = await browser.newPage();
  await openEditor(swedish, swede, await newPlan(swede, "TA-plan"));
  const seGallery = await searchGallery(swedish, CODE);
  await expect(seGallery.locator(`[data-image-url="${added.imageUrl}"]`)).toHaveCount(0);
  await expect(seGallery.getByTestId(`sign-tile-${added.id}`)).toHaveCount(0);
  await swedish.close();

  // --- staff undo the addition ------------------------------------------------------------------------
  await change.getByTestId("admin-sign-undo").click();
  await expect(change).toContainText(t("admin.signs.undone", { time: "" }).trim());
  await expect(change.getByTestId("admin-sign-undo")).toHaveCount(0);
  await expect(section.locator(`[data-sign-id="${added.id}"]`)).toHaveCount(0);
  expect((await additionsOf("skilteplanen")).map((s) => s.code)).not.toContain(CODE);

  // The customer's gallery no longer offers it; the placed sign still draws after a reload.
  await editor.reload();
  await expect(editor.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(((await storeContent(editor)).signs as SignElement[]).map((s) => s.imageUrl)).toEqual([added.imageUrl]);
  await editor.evaluate(() => window.__planEditor!.rendered());
  const [px, py] = (await editor.evaluate((p) => window.__planEditor!.pixelOf(p), placed.position as [number, number]))!;
  expect(await magentaAround(editor, [px, py])).toBeGreaterThan(100);
  const after = await searchGallery(editor, CODE);
  await expect(after.getByTestId(`sign-tile-${added.id}`)).toHaveCount(0);
  await expect(after.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noResults", { query: CODE }));
  await editor.close();
});

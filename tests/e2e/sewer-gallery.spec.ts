import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { SignElement } from "@/lib/elements/sign";
import { DK_SIGNS } from "@/lib/signs/dk";
import { SEWER_SYMBOLS } from "@/lib/signs/sewer";
import { SEWER_SYMBOL_CATEGORIES } from "@/lib/signs/types";

// Catalogues per site (issue 19): the sewer site's gallery offers the sewer symbols in their five
// categories and no traffic sign; the sign-plan sites offer no sewer symbol. The sign-list picker follows.

const symbol = (id: string) => {
  const found = SEWER_SYMBOLS.find((s) => s.id === id);
  if (!found) throw new Error(`sewer catalogue has no ${id}`);
  return found;
};
const a11 = DK_SIGNS.find((s) => s.id === "A11")!;
const tiles = "[data-testid^=sign-tile-]";

test.describe("on kloakplanen", () => {
  const t = siteTexts("kloakplanen");
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, "kloakplanen");
  });

  test("the gallery shows the five sewer categories, places a symbol, finds symbols by code, name and description, and offers no traffic sign", async ({
    page,
  }, testInfo) => {
    const planId = await newPlan(user, "Kloak");
    const { cx, cy } = await openEditor(page, user, planId, 21);

    await page.getByTestId("sign-gallery-button").click();
    const gallery = page.getByTestId("sign-gallery");
    await expect(gallery).toBeVisible();
    await expect(gallery.getByRole("heading")).toHaveText(t("editorSigns.gallery.title"));
    for (const category of SEWER_SYMBOL_CATEGORIES)
      await expect(gallery.getByTestId(`sign-section-${category}`)).toHaveText(t(`editorSigns.categories.${category}`));
    await expect(gallery.getByTestId("sign-section-A")).toHaveCount(0);

    // Opened on the first category (nothing used yet): the wells, every tile a sewer symbol.
    const well = symbol("rensebrond-425");
    const grid = gallery.getByTestId("sign-grid");
    const tile = grid.getByTestId(`sign-tile-${well.id}`);
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute("title", `${well.code} ${well.name}\n${well.description}`);
    const shown = await grid
      .locator(tiles)
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-testid")!.slice("sign-tile-".length)));
    expect(shown).toEqual(SEWER_SYMBOLS.filter((s) => s.category === "bronde_og_udskillere").map((s) => s.id));
    // Each category lists its own symbols (the image folder of lar is spelled LAR).
    await gallery.getByTestId("sign-section-lar").click();
    await expect(grid.getByTestId("sign-tile-faskine")).toHaveAttribute("data-image-url", "/signs/sewer/LAR/faskine.webp");
    await page.screenshot({ path: testInfo.outputPath("sewer-gallery.png") });

    // Placed with a click on the tile and one on the map, at its true size.
    await gallery.getByTestId("sign-section-bronde_og_udskillere").click();
    await tile.click();
    await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
    await page.mouse.click(cx, cy);
    await expect.poll(async () => ((await storeContent(page)).signs as SignElement[]).length).toBe(1);
    const placed = ((await storeContent(page)).signs as SignElement[])[0]!;
    expect(placed.imageUrl).toBe(well.imageUrl);
    expect([placed.widthInMeters, placed.heightInMeters]).toEqual([0.425, 0.425]);
    await page.evaluate(() => window.__planEditor!.rendered());
    await page.screenshot({ path: testInfo.outputPath("sewer-symbol-placed.png") });
    expect(((await savedPlan(page, user, planId)).signs as SignElement[]).map((s) => s.imageUrl)).toEqual([well.imageUrl]);

    // Search: by code (with or without the diameter sign), by name, by description.
    const search = gallery.getByTestId("sign-search");
    const found = () =>
      grid.locator(tiles).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-testid")!.slice("sign-tile-".length)));
    for (const query of ["RB Ø425", "rb 425"]) {
      await search.fill(query);
      await expect.poll(found).toEqual(["rensebrond-425"]);
    }
    await search.fill("HL");
    await expect.poll(async () => (await found())[0]).toBe("hojvandslukke");
    await search.fill("fedtudskiller");
    await expect.poll(found).toEqual(["fedtudskiller"]);
    await search.fill("storkøkken");
    await expect.poll(found).toEqual(expect.arrayContaining(["fedtudskiller", "stivelsesudskiller"]));
    expect((await found()).every((id) => SEWER_SYMBOLS.find((s) => s.id === id)?.description?.includes("storkøkken"))).toBe(true);

    // No traffic sign, whether searched by code or by name ("A 11" may find a symbol whose text holds an a
    // and 11, as Standrør Ø110 does, but never the sign).
    const sewerIds = new Set(SEWER_SYMBOLS.map((s) => s.id));
    for (const query of [a11.code, "A11"]) {
      await search.fill(query);
      await expect(gallery.getByTestId("sign-result-count")).toBeVisible();
      const ids = await found();
      expect(ids.filter((id) => !sewerIds.has(id))).toEqual([]);
    }
    await search.fill(a11.name);
    await expect(grid.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noResults", { query: a11.name }));
  });

  test("the sign-list picker offers the sewer symbols", async ({ page }) => {
    const planId = await newPlan(user, "Kloak, liste");
    await openEditor(page, user, planId);
    await page.getByTestId("editor-more").click();
    await page.getByTestId("editor-action-sign-lists").click();
    const dialog = page.getByTestId("sign-lists-dialog");
    await dialog.getByTestId("sign-list-new").click();
    const nameDialog = page.getByTestId("sign-list-name-dialog");
    await nameDialog.getByTestId("sign-list-name-input").fill("Brønde");
    await nameDialog.getByTestId("sign-list-name-input").press("Enter");
    await dialog.getByTestId("sign-list-add").click();
    const picker = page.getByTestId("sign-list-picker");
    for (const category of SEWER_SYMBOL_CATEGORIES) await expect(picker.getByTestId(`sign-section-${category}`)).toBeVisible();
    await picker.getByTestId("sign-search").fill(a11.name);
    await expect(picker.getByTestId("sign-grid-empty")).toBeVisible();
    const sandfang = symbol("sandfang-600");
    await picker.getByTestId("sign-search").fill("sf 600");
    await picker.getByTestId(`sign-tile-${sandfang.id}`).click();
    await picker.getByTestId("sign-gallery-close").click();
    await expect(dialog.getByTestId("sign-list-row-name")).toHaveText([`${sandfang.code} ${sandfang.name}`]);
  });
});

test.describe("on skilteplanen", () => {
  const t = siteTexts("skilteplanen");
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, "skilteplanen");
  });

  test("the gallery offers no sewer symbol", async ({ page }) => {
    const planId = await newPlan(user, "Skilte");
    await openEditor(page, user, planId);
    await page.getByTestId("sign-gallery-button").click();
    const gallery = page.getByTestId("sign-gallery");
    await expect(gallery.getByTestId("sign-section-A")).toHaveText(t("editorSigns.categories.A"));
    for (const category of SEWER_SYMBOL_CATEGORIES) await expect(gallery.getByTestId(`sign-section-${category}`)).toHaveCount(0);
    const search = gallery.getByTestId("sign-search");
    // The traffic signs are there…
    await search.fill(a11.code);
    await expect(gallery.getByTestId(`sign-tile-${a11.id}`)).toBeVisible();
    // …the sewer symbols are not, by name or by code.
    for (const query of ["Rensebrønd", "RB Ø425", "faskine"]) {
      await search.fill(query);
      await expect(gallery.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noResults", { query }));
    }
  });
});

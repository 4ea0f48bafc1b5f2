import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { SignElement } from "@/lib/elements/sign";
import { DK_SIGNS } from "@/lib/signs/dk";
import { SE_SIGNS } from "@/lib/signs/se";
import { DK_SIGN_CATEGORIES, SE_SIGN_CATEGORIES } from "@/lib/signs/types";

// Catalogues per site (issue 20): TA-planen's gallery offers the Swedish signs in their Swedish
// categories and no Danish sign; skilteplanen offers no Swedish sign.

const swedish = (id: string) => {
  const found = SE_SIGNS.find((s) => s.id === id);
  if (!found) throw new Error(`Swedish catalogue has no ${id}`);
  return found;
};
const a11 = DK_SIGNS.find((s) => s.id === "A11")!;
const a20 = swedish("se-A20");
const c31 = swedish("se-C31");
const tiles = "[data-testid^=sign-tile-]";

test.describe("on ta-planen", () => {
  const t = siteTexts("ta-planen");
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, "ta-planen");
  });

  test("the gallery shows the Swedish categories, places A20 at its normal size, finds A20 and C31 by code and name, and offers no Danish sign", async ({
    page,
  }, testInfo) => {
    const planId = await newPlan(user, "TA-plan");
    const { cx, cy } = await openEditor(page, user, planId, 21);

    await page.getByTestId("sign-gallery-button").click();
    const gallery = page.getByTestId("sign-gallery");
    await expect(gallery).toBeVisible();
    for (const category of SE_SIGN_CATEGORIES)
      await expect(gallery.getByTestId(`sign-section-${category}`)).toHaveText(t(`editorSigns.categories.${category}`));
    for (const category of DK_SIGN_CATEGORIES) await expect(gallery.getByTestId(`sign-section-${category}`)).toHaveCount(0);
    await expect(gallery.getByTestId("sign-section-se_A")).toHaveText("A Varningsmärken");

    // Opened on the warning signs, A20 Vägarbete first, every tile Swedish.
    const grid = gallery.getByTestId("sign-grid");
    const found = () =>
      grid.locator(tiles).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-testid")!.slice("sign-tile-".length)));
    await expect.poll(found).toEqual(SE_SIGNS.filter((s) => s.category === "se_A").map((s) => s.id));
    const tile = grid.getByTestId(`sign-tile-${a20.id}`);
    await expect(tile).toHaveAttribute("data-image-url", "/signs/se/A/se-A20.webp");
    await page.screenshot({ path: testInfo.outputPath("se-gallery.png") });

    await tile.click();
    await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
    await page.mouse.click(cx, cy);
    await expect.poll(async () => ((await storeContent(page)).signs as SignElement[]).length).toBe(1);
    const placed = ((await storeContent(page)).signs as SignElement[])[0]!;
    expect(placed.imageUrl).toBe(a20.imageUrl);
    expect([placed.widthInMeters, placed.heightInMeters]).toEqual([0.9, 0.779]);
    expect(((await savedPlan(page, user, planId)).signs as SignElement[]).map((s) => s.imageUrl)).toEqual([a20.imageUrl]);

    // Search by Swedish code and name (the gallery stays open after a placement).
    const search = gallery.getByTestId("sign-search");
    for (const query of ["A20", "a 20", "Vägarbete"]) {
      await search.fill(query);
      await expect.poll(async () => (await found())[0]).toBe(a20.id);
    }
    for (const query of ["C31", "hastighetsbegränsning"]) {
      await search.fill(query);
      await expect.poll(async () => (await found())[0]).toBe(c31.id);
    }
    await page.screenshot({ path: testInfo.outputPath("se-gallery-search.png") });

    // No Danish sign: "A 11" may find Swedish signs (A11 Varning för stenskott) but never the Danish A 11.
    for (const query of [a11.code, "A11"]) {
      await search.fill(query);
      await expect(gallery.getByTestId("sign-result-count")).toBeVisible();
      expect((await found()).filter((id) => !id.startsWith("se-"))).toEqual([]);
      await expect(grid.getByTestId(`sign-tile-${a11.id}`)).toHaveCount(0);
    }
    await search.fill(a11.name);
    await expect(grid.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noResults", { query: a11.name }));
  });
});

test.describe("on skilteplanen", () => {
  const t = siteTexts("skilteplanen");
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, "skilteplanen");
  });

  test("the gallery offers no Swedish sign", async ({ page }) => {
    const planId = await newPlan(user, "Skilte");
    await openEditor(page, user, planId);
    await page.getByTestId("sign-gallery-button").click();
    const gallery = page.getByTestId("sign-gallery");
    await expect(gallery.getByTestId("sign-section-A")).toHaveText(t("editorSigns.categories.A"));
    for (const category of SE_SIGN_CATEGORIES) await expect(gallery.getByTestId(`sign-section-${category}`)).toHaveCount(0);
    const search = gallery.getByTestId("sign-search");
    await search.fill("A20");
    await expect(gallery.getByTestId("sign-tile-A20")).toBeVisible();
    await expect(gallery.getByTestId(`sign-tile-${a20.id}`)).toHaveCount(0);
    for (const query of ["Vägarbete", "Markeringsskärm"]) {
      await search.fill(query);
      await expect(gallery.getByTestId("sign-grid-empty")).toHaveText(t("editorSigns.gallery.noResults", { query }));
    }
  });
});

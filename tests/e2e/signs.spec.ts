import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { apiCall } from "./api";
import { createVerifiedUser, siteTexts, siteUrl, storeTokenInPage, type TestUser } from "./support";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { SignElement } from "@/lib/elements/sign";
import { DK_SIGNS } from "@/lib/signs/dk";

// Signs in the editor (issue: the sign catalogue): the gallery (categories, search by code and name),
// placing by a click and by drag and drop, rotation in 5° steps, the sign editor (rotation, size,
// variant), the text prompt with its empty-sign prompt, a parametric C 55 with its value, undo/redo,
// the placeholder for an unknown sign, and autosave with an identical reload.

const site = "skilteplanen";
const t = siteTexts(site);

/** Catalogue entries the tests need, found by what they are, so a catalogue change does not break them. */
const byId = (id: string) => {
  const sign = DK_SIGNS.find((s) => s.id === id);
  if (!sign) throw new Error(`catalogue has no ${id}`);
  return sign;
};
const promptSign = () => DK_SIGNS.find((s) => s.shouldPromptForName && !s.parameter)!;
const variantSign = () => DK_SIGNS.find((s) => (s.subSigns?.length ?? 0) > 0)!;

let user: TestUser & { token: string };
let projectId: number;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  user = await createVerifiedUser(page, site);
  await page.close();
  const projects = (await apiCall(site, "GET", "/api/project", undefined, user.token)).json as { id: number }[];
  projectId = projects[0]!.id;
});

async function newPlan(name: string, signs?: unknown[]): Promise<number> {
  const res = await apiCall(site, "POST", "/api/signplan", { name, project_id: projectId }, user.token);
  expect(res.status).toBe(201);
  const id = (res.json as { id: number }).id;
  if (signs) {
    const loaded = (await apiCall(site, "GET", `/api/signplan/${id}`, undefined, user.token)).json as {
      version: number;
      content: PlanContent;
    };
    const mapView = { ...loaded.content.mapView, center: [10.38551, 55.40178], zoom: 21 };
    const put = await apiCall(
      site,
      "PUT",
      `/api/signplan/${id}`,
      { version: loaded.version, content: { ...loaded.content, mapView, signs } },
      user.token,
    );
    expect(put.status).toBe(200);
  }
  return id;
}

/** Opens the editor centred on Odense, zoomed in far enough that true-size signs are large on screen. */
async function openEditor(page: Page, planId: number, zoom = 21) {
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  const map = page.getByTestId("map");
  await expect(map).toHaveAttribute("data-ready", "true");
  await page.evaluate((z) => {
    window.__planEditor!.setCenter([10.38551, 55.40178]);
    window.__planEditor!.setZoom(z);
  }, zoom);
  await page.evaluate(() => window.__planEditor!.rendered());
  const box = (await map.boundingBox())!;
  return { map, box, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

const content = (page: Page) => page.evaluate(() => window.__planEditor!.getContent()) as Promise<PlanContent>;
const signs = async (page: Page) => (await content(page)).signs as SignElement[];
const pixelOf = (page: Page, position: [number, number]) => page.evaluate((p) => window.__planEditor!.pixelOf(p), position);

/** Opens the gallery and searches; answers the gallery. */
async function search(page: Page, query: string) {
  const gallery = page.getByTestId("sign-gallery");
  if (!(await gallery.isVisible())) await page.getByTestId("sign-gallery-button").click();
  await expect(gallery).toBeVisible();
  await gallery.getByTestId("sign-search").fill(query);
  return gallery;
}

/** Places a catalogue sign by a click on its tile, then on the map; waits until the store holds `count` signs. */
async function placeByClick(page: Page, id: string, query: string, at: [number, number]) {
  const gallery = await search(page, query);
  await gallery.getByTestId(`sign-tile-${id}`).click();
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  await page.mouse.click(at[0], at[1]);
}

test("the gallery finds signs by code and name; a click places A 11 where clicked, true to size; undo, redo and reload", async ({
  page,
}, testInfo) => {
  const planId = await newPlan("Skilte");
  const { cx, cy } = await openEditor(page, planId);

  await page.getByTestId("sign-gallery-button").click();
  const gallery = page.getByTestId("sign-gallery");
  await expect(gallery).toBeVisible();
  // The categories in the specification's order, with their Danish names.
  for (const category of ["A", "B", "C", "D", "E", "U", "M", "L", "temporary", "N"]) {
    await expect(gallery.getByTestId(`sign-section-${category}`)).toHaveText(t(`editorSigns.categories.${category}`));
  }
  await page.screenshot({ path: testInfo.outputPath("gallery.png") });

  // By code, however it is typed, and by name.
  for (const query of ["A 11", "a11", "A11"]) {
    await gallery.getByTestId("sign-search").fill(query);
    await expect(gallery.getByTestId("sign-grid").locator("[data-testid^=sign-tile-]").first()).toHaveAttribute(
      "data-testid",
      "sign-tile-A11",
    );
  }
  const a11 = byId("A11");
  await gallery.getByTestId("sign-search").fill(a11.name.slice(0, 10).toLowerCase());
  await expect(gallery.getByTestId("sign-tile-A11")).toBeVisible();
  await gallery.getByTestId("sign-search").fill("zzzz-intet");
  await expect(gallery.getByTestId("sign-grid-empty")).toBeVisible();

  // Escape leaves placement mode; a click on the map then places nothing.
  await gallery.getByTestId("sign-search").fill("A 11");
  await gallery.getByTestId("sign-tile-A11").click();
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("sign-placement-hint")).toBeHidden();
  await page.mouse.click(cx + 200, cy + 100);
  await page.waitForTimeout(400);
  expect(await signs(page)).toEqual([]);

  // Click the tile, then the map.
  await gallery.getByTestId("sign-tile-A11").click();
  await page.screenshot({ path: testInfo.outputPath("placing.png") });
  await page.mouse.click(cx + 150, cy);
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  await expect(page.getByTestId("sign-placement-hint")).toBeHidden();
  const placed = (await signs(page))[0]!;
  expect(placed.imageUrl.endsWith("/A11.webp")).toBe(true);
  expect(placed.rotation).toBe(0);
  expect(placed.heightInMeters).toBe(a11.initialHeightInMeters);
  expect(placed.widthInMeters).toBe(a11.initialWidthInMeters);
  const [px, py] = (await pixelOf(page, placed.position as [number, number]))!;
  expect(Math.abs(px - (cx + 150))).toBeLessThan(1.5);
  expect(Math.abs(py - cy)).toBeLessThan(1.5);
  // The new sign is selected, so the sign editor is offered.
  await expect(page.getByTestId("edit-sign")).toBeEnabled();
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: testInfo.outputPath("placed.png") });

  // The gallery remembers it under "recently used".
  await gallery.getByTestId("sign-search").fill("");
  await gallery.getByTestId("sign-section-recent").click();
  await expect(gallery.getByTestId("sign-tile-A11")).toBeVisible();

  // Undo removes the placement, redo brings it back identical.
  await gallery.getByTestId("sign-gallery-close").click();
  await page.getByTestId("undo").click();
  expect(await signs(page)).toEqual([]);
  await page.getByTestId("redo").click();
  expect(await signs(page)).toEqual([placed]);

  // Autosave, then a reload shows the same sign.
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(await signs(page)).toEqual([placed]);
});

test("a sign dragged from the gallery lands where it is dropped", async ({ page }) => {
  const planId = await newPlan("Træk og slip");
  const { map, box } = await openEditor(page, planId);
  const gallery = await search(page, "A 11");
  // Right of the gallery and below the base map's notices.
  const target = { x: box.width - 300, y: box.height - 200 };
  await gallery.getByTestId("sign-tile-A11").dragTo(map, { targetPosition: target });
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  const dropped = (await signs(page))[0]!;
  expect(dropped.imageUrl.endsWith("/A11.webp")).toBe(true);
  const [px, py] = (await pixelOf(page, dropped.position as [number, number]))!;
  expect(Math.abs(px - (box.x + target.x))).toBeLessThan(2);
  expect(Math.abs(py - (box.y + target.y))).toBeLessThan(2);
});

test("the rotate buttons turn a sign in 5° steps; the sign editor sets rotation, size and variant", async ({ page }, testInfo) => {
  const planId = await newPlan("Drej");
  const { cx, cy } = await openEditor(page, planId);
  const sign = variantSign();
  const at: [number, number] = [cx + 150, cy];
  await placeByClick(page, sign.id, sign.code, at);
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  const placed = (await signs(page))[0]!;
  await page.getByTestId("sign-gallery-close").click();

  await page.getByTestId("rotate-right").click();
  await expect.poll(async () => (await signs(page))[0]!.rotation).toBe(5);
  await page.getByTestId("rotate-right").click();
  await expect.poll(async () => (await signs(page))[0]!.rotation).toBe(10);
  await page.getByTestId("rotate-left").click();
  await page.getByTestId("rotate-left").click();
  await page.getByTestId("rotate-left").click();
  await expect.poll(async () => (await signs(page))[0]!.rotation).toBe(-5);
  // It turns in place: the position is untouched.
  expect((await signs(page))[0]!.position).toEqual(placed.position);

  // A double-click on the sign opens the sign editor (and does not zoom the map).
  const zoom = await page.evaluate(() => window.__planEditor!.getZoom());
  await page.mouse.dblclick(at[0], at[1]);
  const dialog = page.getByTestId("sign-edit-dialog");
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => window.__planEditor!.getZoom())).toBe(zoom);
  await dialog.getByTestId("sign-edit-rotation").fill("45");
  // Variant: the first of the catalogue's subSigns.
  await dialog.getByTestId("sign-edit-variant").locator("..").getByRole("combobox").click();
  const variant = sign.subSigns![0]!;
  await page.getByTestId(`sign-variant-${variant.id}`).click();
  // Size: follows the zoom.
  await dialog.getByTestId("sign-edit-size").locator("..").getByRole("combobox").click();
  await page.getByRole("option", { name: t("editorSigns.editDialog.followsZoom") }).click();
  await page.screenshot({ path: testInfo.outputPath("edit-dialog.png") });
  await dialog.getByTestId("sign-edit-save").click();
  await expect(dialog).toBeHidden();
  const edited = (await signs(page))[0]!;
  expect(edited.rotation).toBe(45);
  expect(edited.subSign?.imageUrl).toBe(variant.imageUrl);
  expect(edited.heightInMeters).toBeUndefined();
  expect(edited.widthInMeters).toBeUndefined();
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: testInfo.outputPath("rotated-variant.png") });

  // One save was one step: undo returns the sign as it was before the dialog.
  await page.getByTestId("undo").click();
  expect((await signs(page))[0]!.rotation).toBe(-5);
  expect((await signs(page))[0]!.subSign).toBeUndefined();
});

test("a sign that asks for its text: with text, and empty text with the empty-sign prompt", async ({ page }, testInfo) => {
  const planId = await newPlan("Tekst");
  const { cx, cy } = await openEditor(page, planId);
  const sign = promptSign();

  await placeByClick(page, sign.id, sign.code, [cx + 120, cy - 60]);
  const nameDialog = page.getByTestId("sign-name-dialog");
  await expect(nameDialog).toBeVisible();
  await nameDialog.getByTestId("sign-name-input").fill("Odense");
  await page.screenshot({ path: testInfo.outputPath("name-dialog.png") });
  await nameDialog.getByTestId("sign-name-submit").click();
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  expect((await signs(page))[0]!.name).toBe("Odense");

  // Empty: the empty-sign prompt; Back returns to the text, Place anyway places it without text.
  await placeByClick(page, sign.id, sign.code, [cx + 220, cy + 60]);
  await expect(nameDialog).toBeVisible();
  await nameDialog.getByTestId("sign-name-submit").click();
  const prompt = page.getByTestId("empty-sign-prompt");
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(t("editorSigns.emptySign.text"));
  await page.screenshot({ path: testInfo.outputPath("empty-sign-prompt.png") });
  await prompt.getByTestId("empty-sign-back").click();
  await expect(nameDialog).toBeVisible();
  expect(await signs(page)).toHaveLength(1);
  await nameDialog.getByTestId("sign-name-submit").click();
  await prompt.getByTestId("empty-sign-place").click();
  await expect.poll(async () => (await signs(page)).length).toBe(2);
  const empty = (await signs(page))[1]!;
  expect(empty.name).toBeUndefined();
  expect(empty.imageUrl).toBe(sign.imageUrl);
});

test("C 55 asks for its speed: a wrong value is refused, 80 places a speed limit of 80", async ({ page }, testInfo) => {
  const planId = await newPlan("Hastighed");
  const { cx, cy } = await openEditor(page, planId);
  const c55 = byId("C55");
  await placeByClick(page, "C55", "c55", [cx + 150, cy]);
  const dialog = page.getByTestId("sign-value-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("sign-value-input")).toHaveValue(c55.parameter!.defaultValue);
  await dialog.getByTestId("sign-value-input").fill("82");
  await dialog.getByTestId("sign-value-submit").click();
  await expect(dialog).toContainText(t("editorSigns.value.errors.speed"));
  await page.screenshot({ path: testInfo.outputPath("value-dialog.png") });
  expect(await signs(page)).toEqual([]);
  await dialog.getByTestId("sign-value-input").fill("80");
  await dialog.getByTestId("sign-value-submit").click();
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  const placed = (await signs(page))[0]!;
  expect(placed.text).toBe("80");
  expect(placed.imageUrl.endsWith("/C55.webp")).toBe(true);
  await page.getByTestId("sign-gallery-close").click();
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: testInfo.outputPath("c55-80.png") });
});

test("a plan with an unknown sign opens without error and shows the placeholder", async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const planId = await newPlan("Ukendt skilt", [
    { id: "u1", imageUrl: "/signs/dk/A/ZZ999.webp", position: [10.3857, 55.40178], rotation: 0, heightInMeters: 1 },
    { id: "u2", imageUrl: "/signs/dk/A/", position: [10.3853, 55.40178], rotation: 15 },
    { id: "k1", imageUrl: "/signs/dk/A/A11.webp", position: [10.38551, 55.4019], rotation: 0, heightInMeters: 0.606, widthInMeters: 0.7 },
  ]);
  await openEditor(page, planId);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.featureCount())).toBe(3);
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: testInfo.outputPath("placeholder.png") });
  expect(errors).toEqual([]);
  // What the map shows: A 11 in its own picture (a red border; the sign library the engine loads beside
  // the plan has drawn it), the unknown sign as the grey placeholder, with no red at all.
  const redAround = async (position: [number, number]) => {
    const [px, py] = (await pixelOf(page, position))!;
    const half = 30;
    const png = await page.screenshot({ clip: { x: px - half, y: py - half, width: 2 * half, height: 2 * half } });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < info.width * info.height * 3; i += 3) if (data[i]! > 170 && data[i + 1]! < 90 && data[i + 2]! < 90) red += 1;
    return red;
  };
  expect(await redAround([10.3857, 55.40178])).toBe(0);
  await page.evaluate(() => window.__planEditor!.setCenter([10.38551, 55.4019]));
  await page.evaluate(() => window.__planEditor!.rendered());
  expect(await redAround([10.38551, 55.4019])).toBeGreaterThan(50);
  await page.evaluate(() => window.__planEditor!.setCenter([10.38551, 55.40178]));
  await page.evaluate(() => window.__planEditor!.rendered());
  await expect(page.getByTestId("hidden-elements")).toHaveCount(0);

  // The placeholder can be selected and edited like any sign; the editor says it is unknown.
  const [x, y] = (await pixelOf(page, [10.3857, 55.40178]))!;
  await page.mouse.dblclick(x, y);
  const dialog = page.getByTestId("sign-edit-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("sign-edit-warning")).toHaveText(t("editorSigns.editDialog.unknownSign"));
});

/** Uploads a personal sign from inside the page (multipart with a real PNG); answers it. */
async function uploadPersonalSign(page: Page, token: string, name: string, baseSignId: string) {
  const png = [
    ...(await sharp({ create: { width: 48, height: 64, channels: 4, background: "#2e7d32" } })
      .png()
      .toBuffer()),
  ];
  const res = await page.evaluate(
    async ({ png, token, name, baseSignId, site }) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "mit-skilt.png");
      form.append("name", name);
      form.append("baseSignId", baseSignId);
      const answer = await fetch("/api/personal-signs", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "x-site": site },
        body: form,
      });
      return { status: answer.status, json: (await answer.json()) as { id: number; gallery_image_url: string } };
    },
    { png, token, name, baseSignId, site },
  );
  expect(res.status).toBe(201);
  return res.json;
}

test("a personal sign is placed from “Mine skilte”; once deleted, the sign editor opens its base sign with a warning", async ({ page }) => {
  const planId = await newPlan("Eget skilt");
  const { cx, cy } = await openEditor(page, planId);
  const own = await uploadPersonalSign(page, user.token, "Vores skilt", "A11");

  await page.getByTestId("sign-gallery-button").click();
  const gallery = page.getByTestId("sign-gallery");
  await gallery.getByTestId("sign-section-personal").click();
  await gallery.getByTestId(`sign-tile-personal_${own.id}`).click();
  await page.mouse.click(cx + 150, cy);
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  const placed = (await signs(page))[0]!;
  expect(placed.imageUrl).toBe(own.gallery_image_url);
  // No catalogue size and no standard size: it follows the zoom.
  expect(placed.heightInMeters).toBeUndefined();
  await gallery.getByTestId("sign-gallery-close").click();

  expect((await apiCall(site, "DELETE", `/api/personal-signs/${own.id}`, undefined, user.token)).status).toBe(200);
  await page.mouse.dblclick(cx + 150, cy);
  const dialog = page.getByTestId("sign-edit-dialog");
  await expect(dialog.getByTestId("sign-edit-warning")).toHaveText(t("editorSigns.editDialog.personalDeleted"));
  await expect(dialog.getByTestId("sign-edit-name")).toHaveText(`${byId("A11").code} ${byId("A11").name}`);
  await dialog.getByTestId("sign-edit-save").click();
  await expect(dialog).toBeHidden();
  expect((await signs(page))[0]!.imageUrl).toBe(byId("A11").imageUrl);
});

test("the standard sign size of the user's settings sizes new signs", async ({ page, browser }) => {
  const other = await createVerifiedUser(await browser.newPage(), site);
  expect((await apiCall(site, "PATCH", "/api/user-settings", { standardSignSize: 2 }, other.token)).status).toBe(200);
  const otherProject = ((await apiCall(site, "GET", "/api/project", undefined, other.token)).json as { id: number }[])[0]!.id;
  const plan = await apiCall(site, "POST", "/api/signplan", { name: "Standardstørrelse", project_id: otherProject }, other.token);
  await storeTokenInPage(page, site, other.token);
  await page.goto(siteUrl(site, `/app?plan=${(plan.json as { id: number }).id}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  const box = (await page.getByTestId("map").boundingBox())!;
  await placeByClick(page, "A11", "A 11", [box.x + box.width - 300, box.y + box.height / 2]);
  await expect.poll(async () => (await signs(page)).length).toBe(1);
  const a11 = byId("A11");
  const placed = (await signs(page))[0]!;
  expect(placed.heightInMeters).toBe(2);
  expect(placed.widthInMeters).toBeCloseTo((2 * a11.initialWidthInMeters!) / a11.initialHeightInMeters!, 3);
  // And the placement is remembered on the server as recently used.
  await expect
    .poll(
      async () =>
        ((await apiCall(site, "GET", "/api/user-settings", undefined, other.token)).json as { recentSigns: string[] }).recentSigns,
    )
    .toEqual([a11.imageUrl]);
});

test("the sign catalogue arrives before the first frame of a plan with signs, and only after it for a plan without", async ({ page }) => {
  // The catalogue's chunk is the script that holds A 11's name (Farligt vejkryds); when it arrived, against the map's first frame.
  const times = async () => {
    await page.waitForFunction(() => window.__planEditor?.firstFrame() != null);
    // Scripts the page loaded (not this test's own fetches of them, which add entries of their own).
    const timing = async () =>
      page.evaluate(async () => {
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
          (entry) => entry.initiatorType === "script" && new URL(entry.name).pathname.endsWith(".js"),
        );
        const texts = await Promise.all(scripts.map(async (entry) => (await fetch(entry.name)).text()));
        const catalogue = scripts.find((_, i) => texts[i]!.includes("Farligt vejkryds"));
        return catalogue
          ? { requested: catalogue.startTime, arrived: catalogue.responseEnd, frame: window.__planEditor!.firstFrame()!.at }
          : null;
      });
    let found: Awaited<ReturnType<typeof timing>> = null;
    await expect.poll(async () => (found = await timing())).not.toBeNull();
    return found!;
  };
  const withSign = await newPlan("Med skilt", [
    { id: "s1", imageUrl: "/signs/dk/A/A11.webp", position: [10.38551, 55.40178], rotation: 0 },
  ]);
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${withSign}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  const signed = await times();
  expect(signed.arrived).toBeLessThan(signed.frame);

  const without = await newPlan("Uden skilte", []);
  await page.goto(siteUrl(site, `/app?plan=${without}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  const plain = await times();
  expect(plain.requested).toBeGreaterThan(plain.frame);
  // The editor's sign tools have the catalogue all the same.
  const gallery = await search(page, "A 11");
  await expect(gallery.getByTestId("sign-tile-A11")).toBeVisible();
});

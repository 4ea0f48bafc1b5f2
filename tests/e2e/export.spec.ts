/**
 * Plan export (issue 18): a municipality measures the printed plan with a ruler. A 100 m ruler on an
 * A3 landscape page at 1:500 must measure 200 mm ± 1 mm: in Odense, in Kiruna (67.8° N, where Web
 * Mercator stretches the map 2.65 times) and with the map turned 30°. The page's text is real text with
 * the title block's values, and the signs stay vector.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import type { Browser, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { apiCall } from "./api";
import { drag, editorUser, newPlan, openEditor, putContent, type EditorUser } from "./editor-support";
import { siteUrl, storeTokenInPage } from "./support";
import { eastWest, measureRuler, openExportPanel, pdfImages, pdfPageSize, pdfText, rasterise, saveDownload } from "./export-support";
import { GROUND } from "./tile-server";
import { pageLayout } from "@/editor/export/page-layout";
import type { Position } from "@/lib/elements/common";
import type { ExportDto } from "@/lib/schemas/export";
import type { SiteId } from "@/sites/site-ids";

const users = new Map<SiteId, EditorUser>();
async function userOf(browser: Browser, site: SiteId) {
  let user = users.get(site);
  if (!user) {
    user = await editorUser(browser, site);
    users.set(site, user);
  }
  return user;
}

/** A plan with a 100 m ruler centred on `centre`, the map there at street zoom and turned by `rotation`. */
async function rulerPlan(user: EditorUser, name: string, centre: Position, rotation = 0) {
  const planId = await newPlan(user, name);
  const [a, b] = eastWest(centre, 100);
  await putContent(user, planId, (content) => ({
    ...content,
    rulers: [{ id: "ruler-100", coordinates: [a, b] }],
    mapView: { ...content.mapView, center: centre, zoom: 17, rotation },
  }));
  return planId;
}

async function exportPdf(page: Page): Promise<string> {
  await openExportPanel(page);
  await expect(page.getByTestId("export-scale")).toHaveValue("500");
  await expect(page.getByTestId("export-paper")).toHaveValue("A3");
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const file = await saveDownload(await downloading);
  expect(file.endsWith(".pdf")).toBe(true);
  return file;
}

for (const { title, site, centre, rotation } of [
  { title: "in Odense", site: "skilteplanen" as const, centre: [10.38551, 55.40178] as Position, rotation: 0 },
  { title: "in Kiruna on the Swedish site", site: "ta-planen" as const, centre: [20.2253, 67.8558] as Position, rotation: 0 },
  { title: "with the map turned 30°", site: "skilteplanen" as const, centre: [10.38551, 55.40178] as Position, rotation: 30 },
]) {
  test(`a 100 m ruler measures 200 mm on A3 at 1:500 ${title}`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const user = await userOf(browser, site);
    const planId = await rulerPlan(user, `Målebånd ${title}`, centre, rotation);
    await openEditor(page, user, planId, 17);
    await page.evaluate((c) => window.__planEditor!.setCenter(c), centre);
    const pdf = await exportPdf(page);

    const size = pdfPageSize(pdf);
    expect(size.width).toBeCloseTo(420, 0);
    expect(size.height).toBeCloseTo(297, 0);
    const layout = pageLayout("A3", true);
    const image = await rasterise(pdf, 300);
    const measured = measureRuler(image, layout.map);
    expect(measured).toBeGreaterThan(199);
    expect(measured).toBeLessThan(201);

    // The title block speaks the site's language and gives the site's national grid.
    const text = pdfText(pdf).replace(/\s+/g, " ");
    if (site === "ta-planen") {
      for (const expected of ["Skala 1:500 (A3)", "Koordinater (SWEREF 99 TM)", "Upprättad med TA-planen"])
        expect(text).toContain(expected);
      expect(text).not.toContain("Målestok");
    } else {
      for (const expected of ["Målestok 1:500 (A3)", "Koordinater (ETRS89 / UTM 32N)", "Udarbejdet med Skilteplanen"])
        expect(text).toContain(expected);
    }
  });
}

test("the page's text holds the title block and the legend, and its signs are vector", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await userOf(browser, "skilteplanen");
  const planId = await newPlan(user, "Ombygning af Vestergade");
  const centre: Position = [10.38551, 55.40178];
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [
      { id: "s1", imageUrl: "/signs/dk/A/A11.webp", position: [10.3853, 55.4018], rotation: 0, heightInMeters: 1.2 },
      { id: "s2", imageUrl: "/signs/dk/A/A11.webp", position: [10.3857, 55.4018], rotation: 0, heightInMeters: 1.2 },
    ],
    barriers: [
      {
        id: "b1",
        coordinates: [
          [10.3852, 55.4017],
          [10.3858, 55.4017],
        ],
        colour: "#ff0000",
      },
    ],
    planInfo: {
      responsiblePerson: "Mette Hansen",
      responsiblePhone: "20 30 40 50",
      contractor: "Vejbyg A/S",
      client: "Odense Kommune",
      planNumber: "VG-2026-014",
      phase: "inactive",
    },
    mapView: { ...content.mapView, center: centre, zoom: 18 },
  }));
  await openEditor(page, user, planId, 18);
  await openExportPanel(page);
  await page.getByTestId("export-project-address").fill("Vestergade 1–20, 5000 Odense C");
  await page.getByTestId("export-description").fill("Halv spærring af kørebanen ved ledningsarbejde.");
  await page.getByTestId("export-sign-inventory").check();
  // The company's logo, uploaded in the panel and printed on the title block.
  await page.getByRole("checkbox", { name: "Firmalogo" }).check();
  const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  await page.getByTestId("company-logo-file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByTestId("company-logo-image")).toBeVisible();
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);

  const text = pdfText(pdf).replace(/\s+/g, " ");
  for (const expected of [
    "Ombygning af Vestergade",
    "Vestergade 1–20, 5000 Odense C",
    "Halv spærring af kørebanen ved ledningsarbejde.",
    "Målestok 1:500 (A3)",
    "ETRS89 / UTM 32N",
    "Mette Hansen, tlf. 20 30 40 50",
    "Vejbyg A/S",
    "Odense Kommune",
    "VG-2026-014",
    "Inaktiv fase (nat og weekend)",
    "Signaturforklaring",
    "Afspærring",
    "A 11",
    "2 stk.",
    "Udarbejdet med Skilteplanen",
  ])
    expect(text).toContain(expected);
  // The rasters are the base map (one piece at A3, at least 100 dpi: no finer than its tiles have detail
  // for) and the logo; the two signs and the legend's picture are vector.
  const images = pdfImages(pdf);
  expect(images.length).toBe(2);
  expect(images[0]!.width).toBeGreaterThanOrEqual(Math.floor((pageLayout("A3", true).map.width / 25.4) * 100));
  expect(images[1]).toEqual({ width: 240, height: 80 });

  // The sign inventory follows the plan on a page of its own, A4 portrait.
  expect(pdfPageSize(pdf).pages).toBe(2);
  const inventory = execFileSync("pdftotext", ["-f", "2", "-l", "2", "-layout", pdf, "-"]).toString("utf8").replace(/\s+/g, " ");
  for (const expected of ["Skilteoversigt", "Ombygning af Vestergade", "A 11", "Farligt vejkryds", "I alt", "Side 1 af 1"])
    expect(inventory).toContain(expected);

  // Printed over the base map: the page's map area shows the tile server's ground, not white paper.
  const image = await rasterise(pdf, 50);
  const layout = pageLayout("A3", true);
  const ground = Math.round(0.299 * GROUND[0] + 0.587 * GROUND[1] + 0.114 * GROUND[2]);
  const sample = image.pixels[Math.round((layout.map.y + 20) * (50 / 25.4)) * image.width + Math.round((layout.map.x + 20) * (50 / 25.4))]!;
  expect(Math.abs(sample - ground)).toBeLessThan(12);
});

test("a JPG export is the page at its resolution, kept in the history, downloaded again and made again", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await userOf(browser, "skilteplanen");
  const planId = await rulerPlan(user, "Historik", [10.38551, 55.40178]);
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  await expect(page.getByTestId("export-tab-history")).toContainText("0");
  await page.getByTestId("export-format-jpg").click();
  await page.getByTestId("export-paper").locator("..").click();
  await page.getByRole("option", { name: "A4" }).click();
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const file = await saveDownload(await downloading);
  expect(file.endsWith(".jpg")).toBe(true);
  const { width, height, format } = await sharp(file).metadata();
  expect(format).toBe("jpeg");
  // A4 landscape at 300 dpi: 3508 × 2480 pixels.
  expect(width).toBe(3508);
  expect(height).toBe(2480);
  expect((await sharp(file).metadata()).density).toBe(300); // stated in its JFIF and EXIF headers, so it prints at A4

  await page.getByTestId("export-tab-history").click();
  await expect(page.getByTestId("export-history-item")).toHaveCount(1);
  await expect(page.getByTestId("export-history-item")).toContainText("JPG · A4");
  const again = page.waitForEvent("download");
  await page.getByTestId("export-history-download").click();
  const second = await saveDownload(await again);
  expect(readFileSync(second).equals(readFileSync(file))).toBe(true);

  // Its settings make the next export: back to the form with A4 and JPG chosen.
  await page.getByTestId("export-history-use").click();
  await expect(page.getByTestId("export-paper")).toHaveValue("A4");
  await expect(page.getByTestId("export-format-jpg")).toHaveAttribute("aria-pressed", "true");
});

test("resizing the window cancels a running export with its message, and cancel stops one", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await userOf(browser, "skilteplanen");
  const planId = await rulerPlan(user, "Afbrudt", [10.38551, 55.40178]);
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  // A0 at 1:5000: thousands of tiles, long enough to be interrupted.
  await page.getByTestId("export-paper").locator("..").click();
  await page.getByRole("option", { name: "A0" }).click();
  await page.getByTestId("export-scale").locator("..").click();
  await page.getByRole("option", { name: "1:5000" }).click();
  await page.getByTestId("export-submit").click();
  await expect(page.getByTestId("export-progress")).toBeVisible();
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width - 100, height: size.height });
  await expect(page.getByTestId("export-error")).toHaveText("Eksporten blev annulleret, fordi vinduets størrelse blev ændret.");
  await expect(page.getByTestId("export-submit")).toBeEnabled();

  await page.getByTestId("export-submit").click();
  await expect(page.getByTestId("export-progress")).toBeVisible();
  await page.getByTestId("export-cancel").click();
  await expect(page.getByTestId("export-error")).toHaveText("Eksporten blev annulleret.");
  await page.getByTestId("export-tab-history").click();
  await expect(page.getByTestId("export-history-empty")).toBeVisible();
});

test("export waits until the map is zoomed in far enough", async ({ page, browser }) => {
  const user = await userOf(browser, "skilteplanen");
  const planId = await rulerPlan(user, "Zoomet ud", [10.38551, 55.40178]);
  await openEditor(page, user, planId, 11);
  await openExportPanel(page);
  await expect(page.getByTestId("export-min-zoom")).toHaveText("Zoom længere ind for at eksportere (mindst zoomniveau 13).");
  await expect(page.getByTestId("export-submit")).toBeDisabled();
  await page.evaluate(() => window.__planEditor!.setZoom(16));
  await expect(page.getByTestId("export-min-zoom")).toHaveCount(0);
  await expect(page.getByTestId("export-submit")).toBeEnabled();
});

test("a plan on a background image exports the current screen without coordinates, over its image", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await userOf(browser, "skilteplanen");
  const created = await apiCall(
    user.site,
    "POST",
    "/api/signplan",
    { name: "På tegning", project_id: user.projectId, paperSize: "A3", scale: "1:500" },
    user.token,
  );
  expect(created.status).toBe(201);
  const planId = (created.json as { id: number }).id;
  // A 400 × 300 background in one colour, so the page shows whether it was printed.
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await storeTokenInPage(page, user.site, user.token);
  await page.goto(siteUrl(user.site, "/"));
  const status = await page.evaluate(
    async ({ planId, png, token }) => {
      const form = new FormData();
      form.append("file", new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: "image/png" }), "plan.png");
      return (
        await fetch(`/api/signplan/${planId}/background`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } })
      ).status;
    },
    { planId, png: png.toString("base64"), token: user.token },
  );
  expect(status).toBe(200);
  await page.goto(siteUrl(user.site, `/app?plan=${planId}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-background", "ready", { timeout: 20_000 });
  await openExportPanel(page);

  // Large area and coordinates are not offered, and say why.
  await expect(page.getByTestId("export-type-largeArea")).toBeDisabled();
  await expect(page.getByTestId("export-type-screenshot")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("checkbox", { name: "Koordinater" })).toBeDisabled();
  await expect(page.getByTestId("export-screenshot-scale")).toContainText("Målestok på papiret: 1:");

  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain("På tegning");
  expect(text).not.toContain("ETRS89");
  // The middle of the map area is the background's blue (as grey: 0.299 R + 0.587 G + 0.114 B).
  const image = await rasterise(pdf, 50);
  const layout = pageLayout("A3", true);
  const middle =
    image.pixels[
      Math.round((layout.map.y + layout.map.height / 2) * (50 / 25.4)) * image.width +
        Math.round((layout.map.x + layout.map.width / 2) * (50 / 25.4))
    ]!;
  expect(Math.abs(middle - Math.round(0.299 * 40 + 0.587 * 120 + 0.114 * 200))).toBeLessThan(12);
});

test("a company logo asked for but never uploaded stops the export with a message, in Swedish on ta-planen", async ({ page, browser }) => {
  const user = await userOf(browser, "ta-planen");
  const planId = await rulerPlan(user, "Utan logotyp", [18.0686, 59.3293]);
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  await page.getByRole("checkbox", { name: "Företagslogotyp" }).check();
  await expect(page.getByTestId("company-logo-none")).toBeVisible();
  await page.getByTestId("export-submit").click();
  await expect(page.getByTestId("export-error")).toHaveText(
    "Det finns ingen företagslogotyp att sätta på planen. Ladda upp en logotyp eller välj bort Företagslogotyp.",
  );
  await expect(page.getByTestId("export-progress")).toHaveCount(0);
});

/** The frame centre's easting and northing as the title block prints them ("Midte: E 587 738 N 6 140 376"). */
function printedCentre(pdf: string): [number, number] {
  const match = /E ([\d ]+?)\s+N ([\d ]+)/.exec(pdfText(pdf).replace(/\s+/g, " "))!;
  return [Number(match[1]!.replace(/ /g, "")), Number(match[2]!.replace(/ /g, "").trim())];
}

test("the print frame is dragged into place and turned before exporting, and the page follows it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await userOf(browser, "skilteplanen");
  const centre: Position = [10.38551, 55.40178];
  const planId = await rulerPlan(user, "Rammen flyttes", centre);
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  const first = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const [east0, north0] = printedCentre(await saveDownload(await first));

  // Drag the frame by its middle 120 px to the right: its centre moves east by 120 px of ground.
  const [x, y] = (await page.evaluate((c) => window.__planEditor!.pixelOf(c), centre))!;
  const metresPerPx = await page.evaluate(() => {
    const a = window.__planEditor!.pixelOf([10.38551, 55.40178])!;
    const b = window.__planEditor!.pixelOf([10.39551, 55.40178])!;
    // 0.01° of longitude at 55.4° N on WGS84: 632.9 m.
    return 632.9 / (b[0] - a[0]);
  });
  await drag(page, [x, y], [x + 120, y]);
  await page.getByTestId("export-turn-right").click();
  await page.getByTestId("export-turn-right").click();
  await expect(page.getByTestId("export-rotation")).toHaveText("Drejning: 10°");
  // The pointer leaves the button, as a hand going to Eksportér does: its tooltip can lie over that button.
  await page.getByTestId("export-rotation").hover();
  const second = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await second);
  const [east1, north1] = printedCentre(pdf);
  // UTM's grid is turned against geographic north by about 1.5° here, so a move due east shifts northing a little.
  expect(Math.abs(east1 - east0 - 120 * metresPerPx)).toBeLessThan(0.05 * 120 * metresPerPx + 2);
  expect(Math.abs(north1 - north0)).toBeLessThan(0.05 * 120 * metresPerPx + 2);

  // The export is kept with the frame as it was placed: turned 10° clockwise and centred where it was
  // dragged. The settings keep the page's turn as a map view's (its north arrow turns 10° anticlockwise),
  // so a frame turned clockwise is stored as -10. It is uploaded to the history after the download, so
  // the test waits for both exports to be there.
  const listed = async () =>
    (await apiCall(user.site, "GET", `/api/exports/signplan/${planId}`, undefined, user.token)).json as ExportDto[];
  await expect.poll(async () => (await listed()).length, { timeout: 15_000 }).toBe(2);
  const history = await listed();
  expect(history[0]!.settings.rotation).toBe(-10);
  expect(history[0]!.settings.center[0]).toBeGreaterThan(centre[0]);
});

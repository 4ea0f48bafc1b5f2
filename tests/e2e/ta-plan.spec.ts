/**
 * A TA-plan as a Swedish contractor makes it on TA-planen (issue 20), through the editor's own controls:
 * A20 Vägarbete with the tilläggstavla T1 hung below it, C31 with the speed typed, the red road-works
 * markeringsanordningar (X1, X2, X3) from the gallery found by code; the active phase (working hours)
 * with the speed limit and the signal, the inactive phase (night) with a lamp, the rest in both, checked
 * on the map with the phase buttons; the remaining gångbana dimensioned with the W tool; the
 * planuppgifter filled in; and a PDF with a page per phase, each with its own legend, read page by page.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import proj4 from "proj4";
import { danishIn } from "../support/danish-text";
import { assignPhase, editorUser, newPlan, openEditor, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { openExportPanel, pdfPageSize, saveDownload } from "./export-support";
import { expect, test } from "./fixtures";
import { siteTexts } from "./support";
import type { Position } from "@/lib/elements/common";
import type { SignElement } from "@/lib/elements/sign";

test.describe.configure({ timeout: 180_000 });

const SITE = "ta-planen";
const t = siteTexts(SITE);
const PLAN = "TA-plan Kungsgatan";
/** Kungsgatan in Göteborg: the view's centre, and so the export frame's. */
const CENTRE: Position = [11.9652, 57.7048];
/** SWEREF 99 TM (EPSG:3006) as Lantmäteriet defines it: transverse Mercator on GRS80, zone 33's meridian. */
const SWEREF99TM = "+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs";

const PLAN_INFO = {
  responsiblePerson: "Anna Lindqvist",
  responsiblePhone: "070-123 45 67",
  contractor: "Vägbyggarna i Väst AB",
  client: "Trafikkontoret, Göteborgs Stad",
  planNumber: "TA-2026-0412",
  periodFrom: "2026-06-08",
  periodTo: "2026-06-19",
};

let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, SITE);
});

const signs = async (page: Page) => (await storeContent(page)).signs as SignElement[];
const selection = (page: Page) => page.evaluate(() => window.__planEditor!.getSelection());
const pixelOf = async (page: Page, position: Position) => (await page.evaluate((p) => window.__planEditor!.pixelOf(p), position))!;
const pageText = (pdf: string, page: number) =>
  execFileSync("pdftotext", ["-f", String(page), "-l", String(page), "-layout", pdf, "-"])
    .toString("utf8")
    .replace(/\s+/g, " ");

/** A click as a hand makes it: OpenLayers takes two clicks within 250 ms, wherever they land, for a double-click. */
async function clickAt(page: Page, [x, y]: [number, number]) {
  await page.mouse.click(x, y);
  await page.waitForTimeout(300);
}

async function show(page: Page, view: "all" | "active" | "inactive") {
  await page.getByTestId(`phase-show-${view}`).click();
  await expect(page.getByTestId(`phase-show-${view}`)).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => window.__planEditor!.rendered());
}

/**
 * Finds a sign in the gallery by what a user types (its code), places it with a click at `at`, and
 * answers the placed sign; a parametric sign asks for its value first.
 */
async function place(page: Page, query: string, id: string, at: [number, number], value?: string): Promise<SignElement> {
  const gallery = page.getByTestId("sign-gallery");
  if (!(await gallery.isVisible())) await page.getByTestId("sign-gallery-button").click();
  await gallery.getByTestId("sign-search").fill(query);
  await gallery.getByTestId(`sign-tile-${id}`).click();
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  const before = (await signs(page)).length;
  await clickAt(page, at);
  if (value !== undefined) {
    const dialog = page.getByTestId("sign-value-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByTestId("sign-value-input").fill(value);
    await dialog.getByTestId("sign-value-submit").click();
    await expect(dialog).toBeHidden();
  }
  await expect.poll(async () => (await signs(page)).length).toBe(before + 1);
  const placed = (await signs(page)).at(-1)!;
  expect(placed.imageUrl.endsWith(`/${id}.webp`), placed.imageUrl).toBe(true);
  return placed;
}

test("a TA-plan on TA-planen: A20 with T1, C31 50 and X devices, an active and an inactive phase, a gångbana dimensioned, planuppgifter, a PDF page per phase", async ({
  page,
}) => {
  const planId = await newPlan(user, PLAN);
  await openEditor(page, user, planId, 21);
  await page.evaluate((c) => window.__planEditor!.setCenter(c), CENTRE);
  await page.evaluate(() => window.__planEditor!.rendered());
  const box = (await page.getByTestId("map").boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Right of the centre: the gallery covers the map's left part.
  const at = (dx: number, dy: number): [number, number] => [cx + dx, cy + dy];

  // Both phases shown: the warning with its plate and the red markeringsanordningar stand day and night.
  await expect(page.getByTestId("phase-show-all")).toHaveAttribute("aria-pressed", "true");
  const a20 = await place(page, "A20", "se-A20", at(-40, -120));
  const x2 = await place(page, "X2", "se-X2-rod", at(-20, -20));
  const x3 = await place(page, "X3", "se-X3-rod", at(80, -20));
  const x1 = await place(page, "X1", "se-X1-rod", at(180, -20));
  const lamp = await place(page, "lykta", "se-lykta", at(100, 70));

  // T1 hung below A20 in the sign editor, with the stretch the work covers.
  await page.getByTestId("sign-gallery-close").click();
  await page.mouse.dblclick(...(await pixelOf(page, a20.position)));
  const editor = page.getByTestId("sign-edit-dialog");
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId("sign-edit-name")).toHaveText("A20 Vägarbete");
  await editor.getByTestId("sign-edit-variant").locator("..").getByRole("combobox").click();
  await expect(page.getByTestId("sign-variant-se-T1")).toHaveText("T1 Vägsträckans längd");
  await page.getByTestId("sign-variant-se-T1").click();
  await editor.getByTestId("sign-edit-variant-value").fill("0-800 m");
  await editor.getByTestId("sign-edit-save").click();
  await expect(editor).toBeHidden();
  await expect
    .poll(async () => (await signs(page)).find((s) => s.id === a20.id)!.subSign)
    .toEqual({ imageUrl: "/signs/se/T/se-T1.webp", text: "0-800 m" });
  await page.waitForTimeout(300);

  // The lamp is for the night only: selected, and put in the inactive phase with the selection's buttons.
  await clickAt(page, await pixelOf(page, lamp.position));
  await expect.poll(() => selection(page)).toEqual([lamp.id]);
  const membership = (value: string) =>
    t("editor.phases.selectionButton", { count: 1, membership: t(`editor.phases.memberships.${value}`) });
  await expect(page.getByTestId("phase-assign")).toHaveText(membership("both"));
  await assignPhase(page, "inactive");
  await expect(page.getByTestId("phase-assign")).toHaveText(membership("inactive"));
  await page.keyboard.press("Escape");

  // With the active phase shown, what is placed belongs to it: the speed limit, typed 50, and the signal.
  await show(page, "active");
  const c31 = await place(page, "C31", "se-C31", at(60, -120), "50");
  expect(c31.text).toBe("50");
  const signal = await place(page, "signal", "se-signal", at(0, 70));
  await page.getByTestId("sign-gallery-close").click();
  for (const placed of [c31, signal]) expect((await signs(page)).find((s) => s.id === placed.id)!.phase).toBe("active");

  // The remaining width of the footway, measured with W across it and named from the Swedish suggestions.
  await show(page, "all");
  await page.keyboard.press("w");
  await expect(page.getByTestId("tool-dimension")).toHaveAttribute("aria-pressed", "true");
  await clickAt(page, at(330, 0));
  await clickAt(page, at(330, 80));
  await expect.poll(async () => (await storeContent(page)).dimensions.length).toBe(1);
  const [dimension] = (await storeContent(page)).dimensions;
  expect(dimension!.phase).toBeUndefined();
  await clickAt(page, at(330, 40));
  await expect.poll(() => selection(page)).toEqual([dimension!.id]);
  await page.getByTestId("style").click();
  const style = page.getByTestId("style-dialog");
  await style.getByTestId("style-name").click();
  const suggestions = page.getByTestId("style-name-suggestions");
  for (const name of ["Gångbana", "GC-bana", "Körfält"]) await expect(suggestions.getByRole("option", { name, exact: true })).toBeVisible();
  await suggestions.getByRole("option", { name: "Gångbana", exact: true }).click();
  await style.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(style).toBeHidden();
  await expect.poll(async () => (await storeContent(page)).dimensions[0]!.name).toBe("Gångbana");
  const [from, to] = dimension!.coordinates;
  const width = haversine(from, to);
  expect(width).toBeGreaterThan(2.5);
  expect(width).toBeLessThan(4.5);
  const widthLabel = `Gångbana ${width.toFixed(1).replace(".", ",")} m`;
  await page.keyboard.press("Escape");

  // The phases on the map: each shows its own elements and lets only those be clicked; the X devices are in both.
  const phaseOf = async (id: string) => (await signs(page)).find((s) => s.id === id)!.phase ?? "both";
  expect(
    Object.fromEntries(
      await Promise.all([a20, x1, x2, x3, lamp, c31, signal].map(async (s) => [s.imageUrl.split("/").at(-1), await phaseOf(s.id)])),
    ),
  ).toEqual({
    "se-A20.webp": "both",
    "se-X1-rod.webp": "both",
    "se-X2-rod.webp": "both",
    "se-X3-rod.webp": "both",
    "se-lykta.webp": "inactive",
    "se-C31.webp": "active",
    "se-signal.webp": "active",
  });
  const visible = async (view: "active" | "inactive", shown: SignElement[], hidden: SignElement[]) => {
    await show(page, view);
    await page.screenshot({ path: test.info().outputPath(`map-${view}.png`) });
    for (const sign of shown) {
      await clickAt(page, await pixelOf(page, sign.position));
      await expect.poll(() => selection(page), `${sign.imageUrl} shown in the ${view} phase`).toEqual([sign.id]);
    }
    for (const sign of hidden) {
      await clickAt(page, await pixelOf(page, sign.position));
      await expect.poll(() => selection(page), `${sign.imageUrl} hidden in the ${view} phase`).toEqual([]);
    }
  };
  await visible("active", [c31, signal, a20, x2, x1], [lamp]);
  await visible("inactive", [lamp, x3, a20], [c31, signal]);
  await show(page, "all");
  await page.keyboard.press("Escape");
  await page.screenshot({ path: test.info().outputPath("map-all.png") });

  // Planuppgifter, from the editor's menu.
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-plan-info").click();
  const info = page.getByTestId("plan-info-dialog");
  await expect(info.getByRole("heading", { name: "Planuppgifter" })).toBeVisible();
  for (const field of ["responsiblePerson", "responsiblePhone", "contractor", "client", "planNumber"] as const)
    await info.getByLabel(t(`editorPlanInfo.fields.${field}`)).fill(PLAN_INFO[field]);
  await info.getByTestId("plan-info-periodFrom").fill(PLAN_INFO.periodFrom);
  await info.getByTestId("plan-info-periodTo").fill(PLAN_INFO.periodTo);
  await info.getByRole("button", { name: t("editorPlanInfo.save") }).click();
  await expect(info).toBeHidden();
  expect((await savedPlan(page, user, planId)).planInfo).toEqual(PLAN_INFO);

  // The export frame is centred on the view: centred on the work.
  const centre: Position = [(a20.position[0] + from[0]) / 2, (a20.position[1] + lamp.position[1]) / 2];
  await page.evaluate((c) => window.__planEditor!.setCenter(c), centre);

  // The export: a page per phase, offered by default now that the plan uses phases, at 1:100 on A3.
  await openExportPanel(page);
  await expect(page.getByTestId("export-phases")).toHaveValue("both");
  await expect(page.getByText(t("editorExport.phases.hints.both"))).toBeVisible();
  await page.getByTestId("export-scale").locator("..").click();
  await page.getByRole("option", { name: "1:100", exact: true }).click();
  await expect(page.getByTestId("export-scale")).toHaveValue("100");
  const downloading = page.waitForEvent("download", { timeout: 90_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  copyFileSync(pdf, test.info().outputPath("ta-plan.pdf"));
  expect(pdfPageSize(pdf).pages).toBe(2);
  const [active, inactive] = [pageText(pdf, 1), pageText(pdf, 2)];

  expect(active).toContain("Aktiv fas (arbetstid)");
  expect(active).not.toContain("Inaktiv fas");
  expect(inactive).toContain("Inaktiv fas (natt och helg)");
  expect(inactive).not.toContain("Aktiv fas");
  // Each legend lists its phase's signs: the speed limit and the signal by day, the lamp at night, the rest on both.
  for (const code of ["C31", "Signal"]) {
    expect(active, code).toContain(code);
    expect(inactive, code).not.toContain(code);
  }
  expect(active).not.toContain("Lykta");
  expect(inactive).toContain("Lykta");
  expect(active).toContain(t("editor.signInventory.value", { value: "50" }));

  const [east, north] = proj4("EPSG:4326", SWEREF99TM, centre);
  const grouped = (metres: number) => String(Math.round(metres)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  for (const [phase, text] of [
    ["active", active],
    ["inactive", inactive],
  ] as const) {
    for (const expected of [
      "Teckenförklaring",
      "A20",
      "Vägarbete",
      // The plate below A20, in A20's row (the row may wrap before its name).
      "Tilläggstavla: T1",
      "Vägsträckans längd (0-800 m)",
      "X1",
      "X2",
      "X3",
      "Markeringsskärm",
      "Koordinater (SWEREF 99 TM)",
      `E ${grouped(east)} N ${grouped(north)}`,
      "Utmärkningsansvarig",
      `${PLAN_INFO.responsiblePerson}, tel. ${PLAN_INFO.responsiblePhone}`,
      "Entreprenör",
      PLAN_INFO.contractor,
      "Beställare",
      PLAN_INFO.client,
      "Plannummer",
      PLAN_INFO.planNumber,
      `${PLAN_INFO.periodFrom} – ${PLAN_INFO.periodTo}`,
      "Skala 1:100 (A3)",
      widthLabel,
      "Upprättad med TA-planen",
    ])
      expect(text, `${expected} on the ${phase} page`).toContain(expected);
    let own = text;
    for (const typed of [PLAN, ...Object.values(PLAN_INFO)]) own = own.replaceAll(typed, "…");
    expect(danishIn(own), `Danish on the ${phase} page`).toEqual([]);
  }

  // Both pages as pictures, to be looked at (the report says what they show).
  execFileSync("pdftoppm", ["-r", "110", "-png", pdf, test.info().outputPath("ta-plan-page")]);
});

test("while a sign is placed, the phase it will belong to stays in sight: the phase control beside the gallery, the hint above it", async ({
  page,
}) => {
  const planId = await newPlan(user, "TA-plan layout");
  await openEditor(page, user, planId, 21);
  await page.getByTestId("sign-gallery-button").click();
  await page.getByTestId("sign-gallery").getByTestId("sign-tile-se-A20").click();
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  for (const width of [1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: 768 });
    type Box = { x: number; y: number; width: number; height: number };
    const [gallery, hint, phases, rotation] = (await Promise.all(
      ["sign-gallery", "sign-placement-hint", "phase-control", "rotation-control"].map(
        async (id) => (await page.getByTestId(id).boundingBox())!,
      ),
    )) as [Box, Box, Box, Box];
    const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart(gallery, phases), `gallery and phase control at ${width} px`).toBe(true);
    expect(apart(hint, phases), `hint and phase control at ${width} px`).toBe(true);
    expect(apart(gallery, hint), `gallery and hint at ${width} px`).toBe(true);
    expect(apart(rotation, phases), `rotation and phase control at ${width} px`).toBe(true);
    // The control is on the map, its buttons clickable: the active phase is shown with a click.
    expect(phases.x + phases.width).toBeLessThanOrEqual(width);
  }
  await page.getByTestId("phase-show-active").click();
  await expect(page.getByTestId("phase-show-active")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("placing-in-active-phase.png") });
});

/** The great-circle distance on the specification's sphere of 6371 km (1-core §9). */
function haversine([lon1, lat1]: Position, [lon2, lat2]: Position): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

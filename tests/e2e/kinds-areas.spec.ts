import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { drag, drawWith, editorUser, newPlan, openEditor, savedPlan, storeContent, viewPath, type EditorUser } from "./editor-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";
import type { Position } from "@/lib/elements/common";
import type { PlanContent } from "@/lib/elements/plan-content";

// Issue 17, the areas and measures: work area, figure (rectangle), point and ruler, each drawn with the
// pointer and taken through the editor's whole life: store, select, move, style, copy/paste, delete and
// undo, autosave, reload, read-only view. KIND_SCREENSHOTS=<folder> also saves pictures at zoom 18 and 20.

const site = "skilteplanen";
const t = siteTexts(site);
let user: EditorUser;

// Each test takes one element through its whole life (about 15 s on an idle machine).
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, site);
});

type ListKey = "workAreas" | "rectangles" | "points" | "rulers";

const list = async <K extends ListKey>(page: Page, key: K): Promise<PlanContent[K]> => (await storeContent(page))[key];
const pixelOf = (page: Page, position: Position) => page.evaluate((p) => window.__planEditor!.pixelOf(p), position);
const middle = (a: Position, b: Position): Position => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** Local metres east and north of `origin` (equirectangular; exact enough across a few tens of metres). */
function metres(origin: Position, p: Position): [number, number] {
  const k = (Math.PI / 180) * 6_371_000;
  return [(p[0] - origin[0]) * k * Math.cos((origin[1] * Math.PI) / 180), (p[1] - origin[1]) * k];
}

/** The cosine of the angle at each corner of a ring: 0 for right angles. */
function cornerCosines(ring: Position[]): number[] {
  return ring.map((corner, i) => {
    const [ax, ay] = metres(corner, ring[(i + 1) % ring.length]!);
    const [bx, by] = metres(corner, ring[(i + ring.length - 1) % ring.length]!);
    return (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by));
  });
}

async function screenshots(page: Page, name: string) {
  const folder = process.env.KIND_SCREENSHOTS;
  if (!folder) return;
  for (const zoom of [18, 20]) {
    await page.evaluate((z) => window.__planEditor!.setZoom(z), zoom);
    await page.evaluate(() => window.__planEditor!.rendered());
    await page.getByTestId("map").screenshot({ path: `${folder}/${name}-z${zoom}.png` });
  }
  await page.evaluate(() => window.__planEditor!.setZoom(18));
  await page.evaluate(() => window.__planEditor!.rendered());
}

/** Opens the style dialog, fills the fields, applies; the dialog closes. */
async function applyStyle(page: Page, fill: (dialog: ReturnType<Page["getByTestId"]>) => Promise<void>) {
  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await fill(dialog);
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
}

/**
 * What every kind goes through once drawn, styled and selected at `at` (a page pixel on it): copy and
 * paste, delete and undo, autosave, a reload that shows it identical, and the read-only view without
 * editing controls.
 */
async function lifeAfterDrawing(page: Page, planId: number, key: ListKey, at: () => Promise<[number, number]>) {
  const [one] = await list(page, key);
  // Select it with a click (first something else, so the click is what selects it).
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("copy")).toBeDisabled();
  const [x, y] = await at();
  await page.mouse.click(x, y);
  await expect(page.getByTestId("copy")).toBeEnabled();
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect.poll(async () => (await list(page, key)).length).toBe(2);
  const [original, pasted] = await list(page, key);
  expect(original).toEqual(one);
  expect(pasted!.id).not.toBe(one!.id);
  expect(JSON.stringify(pasted)).not.toBe(JSON.stringify({ ...one, id: pasted!.id })); // shifted

  // The paste is selected: delete it, undo the delete.
  await page.getByTestId("delete").click();
  expect(await list(page, key)).toEqual([one]);
  await page.getByTestId("undo").click();
  expect(await list(page, key)).toEqual([one, pasted]);

  const saved = await savedPlan(page, user, planId);
  expect(saved[key]).toEqual([one, pasted]);
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(await list(page, key)).toEqual([one, pasted]);
  await expect(page.getByTestId("hidden-elements")).toHaveCount(0);

  const visitor = await page.context().browser()!.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(siteUrl(site, await viewPath(user, planId)));
    await expect(view.getByTestId("map")).toHaveAttribute("data-ready", "true");
    await expect(view.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
    for (const control of ["editor-toolbar", "tool-select", "style", "delete", "undo"])
      await expect(view.getByTestId(control)).toHaveCount(0);
    expect(await view.evaluate((k) => window.__planEditor!.getContent()[k], key)).toEqual([one, pasted]);
    expect(await view.evaluate(() => window.__planEditor!.featureCount())).toBe(2);
    await expect(view.getByTestId("hidden-elements")).toHaveCount(0);
  } finally {
    await visitor.close();
  }
}

/** The share of the page region's pixels that are mostly red (a hatch line's anti-aliased edge included). */
async function redShare(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < info.width * info.height * 3; i += 3) if (data[i]! - data[i + 1]! > 60 && data[i]! - data[i + 2]! > 60) count++;
  return count / (info.width * info.height);
}

test("a work area is drawn as a hatched polygon, moved, restyled within 0.1–100 m, and kept through save, reload and view", async ({
  page,
}) => {
  const planId = await newPlan(user, "Arbejdsområde");
  const { cx, cy } = await openEditor(page, user, planId);
  await drawWith(page, "workArea", [
    [cx - 120, cy - 60],
    [cx + 120, cy - 60],
    [cx + 120, cy + 60],
    [cx - 120, cy + 60],
  ]);
  await expect.poll(async () => (await list(page, "workAreas")).length).toBe(1);
  const drawn = (await list(page, "workAreas"))[0]!;
  expect(drawn).toMatchObject({ colour: "#ff0000", width: 0.5 });
  expect(drawn.coordinates).toHaveLength(4); // stored open: the closing point is implied
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");

  // Hatched inside: red lines cover part of the interior, not all of it (a fill would) and not none.
  await page.evaluate(() => window.__planEditor!.rendered());
  const inside = await redShare(page, { x: cx - 90, y: cy - 40, width: 180, height: 80 });
  expect(inside).toBeGreaterThan(0.05);
  expect(inside).toBeLessThan(0.6);
  await screenshots(page, "work-area");

  // Move: drag the middle of its top edge 40 px down.
  await drag(page, [cx, cy - 60], [cx, cy - 20]);
  await expect.poll(async () => (await list(page, "workAreas"))[0]!.coordinates[0]![1]).toBeLessThan(drawn.coordinates[0]![1]);

  // The width dialog refuses 500 m with the specification's message, then takes 2 m in blue.
  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await dialog.getByTestId("style-width").fill("500");
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog.getByText("Bredde skal være mellem 0.1 og 100 meter")).toBeVisible();
  await dialog.getByTestId("style-width").fill("2");
  await dialog.getByTestId("style-colour").fill("#0000ff");
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  expect((await list(page, "workAreas"))[0]).toMatchObject({ width: 2, colour: "#0000ff" });

  await lifeAfterDrawing(page, planId, "workAreas", async () => {
    const ring = (await list(page, "workAreas"))[0]!.coordinates;
    return (await pixelOf(page, middle(ring[0]!, ring[1]!)))!;
  });
});

test("a figure is a true rectangle from three clicks and stays one when a corner is dragged; without right angles it takes four", async ({
  page,
}) => {
  const planId = await newPlan(user, "Figur");
  const { cx, cy } = await openEditor(page, user, planId);
  // First edge slanting up to the right, the third click sets the width across it.
  await drawWith(page, "rectangle", [
    [cx - 100, cy + 20],
    [cx + 60, cy - 60],
    [cx + 100, cy + 40],
  ]);
  await expect.poll(async () => (await list(page, "rectangles")).length).toBe(1);
  const drawn = (await list(page, "rectangles"))[0]!;
  expect(drawn).toMatchObject({ colour: "#000000", width: 0.5, rightAngle: true });
  expect(drawn.coordinates).toHaveLength(4);
  for (const cosine of cornerCosines(drawn.coordinates)) expect(Math.abs(cosine)).toBeLessThan(0.01);
  await screenshots(page, "rectangle");

  // Drag its third corner outwards: it stays a rectangle, the opposite corner stays where it was.
  const [x3, y3] = (await pixelOf(page, drawn.coordinates[2]!))!;
  await drag(page, [x3, y3], [x3 + 30, y3 + 25]);
  await expect
    .poll(async () => JSON.stringify((await list(page, "rectangles"))[0]!.coordinates))
    .not.toBe(JSON.stringify(drawn.coordinates));
  const resized = (await list(page, "rectangles"))[0]!;
  expect(resized.coordinates[0]).toEqual(drawn.coordinates[0]);
  for (const cosine of cornerCosines(resized.coordinates)) expect(Math.abs(cosine)).toBeLessThan(0.01);

  // Move it by its first edge.
  const [a, b] = resized.coordinates;
  const [mx, my] = (await pixelOf(page, middle(a!, b!)))!;
  await drag(page, [mx, my], [mx - 30, my + 30]);
  await expect.poll(async () => (await list(page, "rectangles"))[0]!.coordinates[0]![0]).toBeLessThan(resized.coordinates[0]![0]);

  // Colour and line width (metres on the ground, as every drawing's) of the selected figure: 0.05 m is
  // refused with the specification's message, 1.5 m taken.
  await applyStyle(page, async (dialog) => {
    await dialog.getByTestId("style-width").fill("0.05");
    await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
    await expect(dialog.getByText("Bredde skal være mellem 0.1 og 100 meter")).toBeVisible();
    await dialog.getByTestId("style-width").fill("1.5");
    await dialog.getByTestId("style-colour").fill("#008000");
  });
  expect((await list(page, "rectangles"))[0]).toMatchObject({ width: 1.5, colour: "#008000", rightAngle: true });

  // Without right angles (set for the next drawing, while its tool is on) a figure takes four free clicks.
  await page.getByTestId("tool-rectangle").click();
  await applyStyle(page, (dialog) => dialog.getByTestId("style-rightAngle").uncheck());
  const free: [number, number][] = [
    [cx - 150, cy + 100],
    [cx - 50, cy + 90],
    [cx - 40, cy + 160],
    [cx - 160, cy + 140],
  ];
  for (const [x, y] of free) await page.mouse.click(x, y);
  await expect.poll(async () => (await list(page, "rectangles")).length).toBe(2);
  const quadrilateral = (await list(page, "rectangles"))[1]!;
  expect(quadrilateral.rightAngle).toBe(false);
  expect(quadrilateral.coordinates).toHaveLength(4);
  expect(Math.max(...cornerCosines(quadrilateral.coordinates).map(Math.abs))).toBeGreaterThan(0.05);
  await page.keyboard.press("Delete");
  await expect.poll(async () => (await list(page, "rectangles")).length).toBe(1);

  await lifeAfterDrawing(page, planId, "rectangles", async () => {
    const ring = (await list(page, "rectangles"))[0]!.coordinates;
    return (await pixelOf(page, middle(ring[0]!, ring[1]!)))!;
  });
});

test("a point is a circle of its size on the ground with an optional label, set and cleared in its dialog", async ({ page }) => {
  const planId = await newPlan(user, "Punkt");
  const { cx, cy } = await openEditor(page, user, planId);
  // Size and label for the next drawing, while the point tool is on.
  await page.getByTestId("tool-point").click();
  await applyStyle(page, async (dialog) => {
    await dialog.getByTestId("style-sizeInMeters").fill("3");
    await dialog.getByTestId("style-label").fill("Brønd 1");
  });
  await page.mouse.click(cx, cy);
  await expect.poll(async () => (await list(page, "points")).length).toBe(1);
  const drawn = (await list(page, "points"))[0]!;
  expect(drawn).toMatchObject({ colour: "#ff0000", sizeInMeters: 3, label: "Brønd 1" });
  await page.evaluate(() => window.__planEditor!.rendered());
  // 3 m across at zoom 18 near Odense (0.34 m/px) is about 9 px: a red disc there.
  expect(await redShare(page, { x: cx - 3, y: cy - 3, width: 6, height: 6 })).toBeGreaterThan(0.8);
  await screenshots(page, "point");

  await drag(page, [cx, cy], [cx + 40, cy + 30]);
  await expect.poll(async () => (await list(page, "points"))[0]!.position[0]).toBeGreaterThan(drawn.position[0]);

  await applyStyle(page, async (dialog) => {
    await dialog.getByTestId("style-colour").fill("#0000ff");
    await dialog.getByTestId("style-sizeInMeters").fill("1,5");
    await dialog.getByTestId("style-label").fill("");
  });
  const restyled = (await list(page, "points"))[0]!;
  expect(restyled).toMatchObject({ colour: "#0000ff", sizeInMeters: 1.5 });
  expect(restyled).not.toHaveProperty("label");

  await lifeAfterDrawing(page, planId, "points", async () => (await pixelOf(page, (await list(page, "points"))[0]!.position))!);
});

test("a ruler is drawn segment by segment, moved and reshaped, and kept through save, reload and view", async ({ page }) => {
  const planId = await newPlan(user, "Målebånd");
  const { cx, cy } = await openEditor(page, user, planId);
  await drawWith(page, "ruler", [
    [cx - 150, cy + 50],
    [cx - 150, cy - 50],
    [cx + 100, cy - 50],
  ]);
  await expect.poll(async () => (await list(page, "rulers")).length).toBe(1);
  const drawn = (await list(page, "rulers"))[0]!;
  expect(drawn.coordinates).toHaveLength(3);
  expect(Object.keys(drawn).sort()).toEqual(["coordinates", "id"]); // lengths are computed, never stored
  // It has nothing to style.
  await expect(page.getByTestId("style")).toBeDisabled();
  await page.evaluate(() => window.__planEditor!.setCenter([10.38551, 55.40178]));
  await screenshots(page, "ruler");

  // Move by the second segment, then drag the last vertex further right.
  const [mx, my] = (await pixelOf(page, middle(drawn.coordinates[1]!, drawn.coordinates[2]!)))!;
  await drag(page, [mx - 60, my], [mx - 60, my + 20]);
  await expect.poll(async () => (await list(page, "rulers"))[0]!.coordinates[0]![1]).toBeLessThan(drawn.coordinates[0]![1]);
  const moved = (await list(page, "rulers"))[0]!;
  const [lx, ly] = (await pixelOf(page, moved.coordinates[2]!))!;
  await drag(page, [lx, ly], [lx + 40, ly]);
  await expect.poll(async () => (await list(page, "rulers"))[0]!.coordinates[2]![0]).toBeGreaterThan(moved.coordinates[2]![0]);
  expect((await list(page, "rulers"))[0]!.coordinates.slice(0, 2)).toEqual(moved.coordinates.slice(0, 2));

  await lifeAfterDrawing(page, planId, "rulers", async () => {
    const line = (await list(page, "rulers"))[0]!.coordinates;
    // A quarter along the first segment, away from its length label in the middle.
    return (await pixelOf(page, middle(line[0]!, middle(line[0]!, line[1]!))))!;
  });
});

/** A plan over a one-pixel PNG background, with or without paper size and scale. */
async function backgroundPlan(page: Page, name: string, paper: { paperSize: string; scale: string } | null) {
  const created = await apiCall(site, "POST", "/api/signplan", { name, project_id: user.projectId, ...paper }, user.token);
  expect(created.status).toBe(201);
  const planId = (created.json as { id: number }).id;
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  await storeTokenInPage(page, site, user.token);
  const status = await page.evaluate(
    async ({ planId, png, token }) => {
      const form = new FormData();
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      form.append("file", new Blob([bytes], { type: "image/png" }), "plan.png");
      return (
        await fetch(`/api/signplan/${planId}/background`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } })
      ).status;
    },
    { planId, png, token: user.token },
  );
  expect(status).toBe(200);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-background", "ready", { timeout: 20_000 });
}

test("the ruler and the width dimension are unavailable on a background image without paper size and scale, and say why", async ({
  page,
}) => {
  await backgroundPlan(page, "Uden målestok", null);
  await expect(page.getByTestId("tool-ruler")).toBeDisabled();
  await expect(page.getByTestId("tool-dimension")).toBeDisabled();
  await expect(page.getByTestId("tool-line")).toBeEnabled();
  await page.getByTestId("tool-ruler-unavailable").hover();
  await expect(page.getByRole("tooltip")).toHaveText(t("editor.unavailable.rulerNeedsScale"));
  // The ruler's tooltip may still be fading out: the dimension's is found by its text.
  await page.getByTestId("tool-dimension-unavailable").hover();
  await expect(page.getByRole("tooltip", { name: t("editor.unavailable.dimensionNeedsScale") })).toBeVisible();

  // With paper size and scale the background is to scale and the ruler measures on it.
  await backgroundPlan(page, "Med målestok", { paperSize: "A3", scale: "1:500" });
  await expect(page.getByTestId("tool-ruler")).toBeEnabled();
  await expect(page.getByTestId("tool-ruler-unavailable")).toHaveCount(0);
  await expect(page.getByTestId("tool-dimension")).toBeEnabled();
});

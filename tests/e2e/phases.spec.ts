/**
 * The plan's phases (issue 20): an element belongs to the active phase (working hours), the inactive
 * phase (nights and weekends) or both. The map shows one phase or all; what is drawn while one phase is
 * shown belongs to it; hidden elements cannot be clicked or snapped to; a selection is moved between
 * phases in one undoable step; and the PDF has a page per phase, each with its own legend and phase.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { assignPhase, editorUser, newPlan, openEditor, putContent, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { openExportPanel, pdfPageSize, saveDownload } from "./export-support";
import { siteTexts } from "./support";
import type { Position } from "@/lib/elements/common";

test.describe.configure({ timeout: 120_000 });

const t = siteTexts("skilteplanen");
/** The phase control's button for a selection of `count`, naming what it belongs to (`mixed`: several). */
const assigned = (count: number, membership: "both" | "active" | "inactive" | "mixed") =>
  t("editor.phases.selectionButton", { count, membership: t(`editor.phases.memberships.${membership}`) });

let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, "skilteplanen");
});

const CENTRE: Position = [10.38551, 55.40178];
/** About 20 m west and east of the centre, and 15 m south. */
const WEST: Position = [CENTRE[0] - 0.0003, CENTRE[1]];
const EAST: Position = [CENTRE[0] + 0.0003, CENTRE[1]];
const SOUTH = CENTRE[1] - 0.00014;

const pixelOf = async (page: Page, position: Position) => (await page.evaluate((p) => window.__planEditor!.pixelOf(p), position))!;
const selection = (page: Page) => page.evaluate(() => window.__planEditor!.getSelection());
const pageText = (pdf: string, page: number) =>
  execFileSync("pdftotext", ["-f", String(page), "-l", String(page), "-layout", pdf, "-"])
    .toString("utf8")
    .replace(/\s+/g, " ");

/**
 * A click on the map as a hand makes it: OpenLayers takes two clicks within 250 ms for a double-click
 * (which opens a sign's dialog), wherever they land, so the next click waits that long.
 */
async function clickAt(page: Page, x: number, y: number, modifier?: "Shift") {
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.click(x, y);
  if (modifier) await page.keyboard.up(modifier);
  await page.waitForTimeout(300);
}

/** Shows a phase with the map's buttons and waits for the map to have drawn it. */
async function show(page: Page, view: "all" | "active" | "inactive") {
  await page.getByTestId(`phase-show-${view}`).click();
  await expect(page.getByTestId(`phase-show-${view}`)).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => window.__planEditor!.rendered());
}

test("elements belong to a phase: shown, drawn, clicked and moved between phases, saved, and exported a page per phase", async ({
  page,
}) => {
  const planId = await newPlan(user, "Ledningsarbejde Vestergade");
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [
      // Road works ahead: up while the work goes on.
      { id: "day", imageUrl: "/signs/dk/A/A11.webp", position: WEST, rotation: 0, heightInMeters: 1.2, phase: "active" },
      // Give way: what stays for the night, when one lane is closed.
      { id: "night", imageUrl: "/signs/dk/B/B11.webp", position: EAST, rotation: 0, heightInMeters: 1.2, phase: "inactive" },
    ],
    barriers: [
      {
        id: "fence",
        coordinates: [
          [CENTRE[0] - 0.0002, SOUTH],
          [CENTRE[0] + 0.0002, SOUTH],
        ],
        colour: "#ff0000",
      },
    ],
    mapView: { ...content.mapView, center: CENTRE, zoom: 18 },
  }));
  const { cx, cy } = await openEditor(page, user, planId, 18);
  const control = page.getByTestId("phase-control");
  await expect(control).toBeVisible();
  await expect(page.getByTestId("phase-show-all")).toHaveAttribute("aria-pressed", "true");
  const [westX, westY] = await pixelOf(page, WEST);
  const [eastX, eastY] = await pixelOf(page, EAST);
  const [fenceX, fenceY] = await pixelOf(page, [CENTRE[0], SOUTH]);

  // The inactive phase: the day's sign is neither drawn nor clickable; the night's sign and the fence are.
  await show(page, "inactive");
  await clickAt(page, westX, westY);
  await expect.poll(() => selection(page)).toEqual([]);
  await clickAt(page, eastX, eastY);
  await expect.poll(() => selection(page)).toEqual(["night"]);
  await clickAt(page, fenceX, fenceY);
  await expect.poll(() => selection(page)).toEqual(["fence"]);
  // The fence belongs to both phases: the selection's button says so, on the control's one row.
  await expect(page.getByTestId("phase-assign")).toHaveText(assigned(1, "both"));
  expect((await control.boundingBox())!.height).toBeLessThan(48);
  await page.screenshot({ path: test.info().outputPath("inactive-phase.png") });

  // Showing the active phase takes the night's sign out of a selection and out of reach.
  await clickAt(page, eastX, eastY, "Shift");
  await expect.poll(() => selection(page)).toEqual(["fence", "night"]);
  await expect(page.getByTestId("phase-assign")).toHaveText(assigned(2, "mixed"));
  await show(page, "active");
  await expect.poll(() => selection(page)).toEqual(["fence"]);
  await clickAt(page, westX, westY);
  await expect.poll(() => selection(page)).toEqual(["day"]);
  await clickAt(page, eastX, eastY);
  await expect.poll(() => selection(page)).toEqual([]);

  // A line drawn while the active phase is shown belongs to the active phase only.
  await page.getByTestId("tool-line").click();
  await page.mouse.click(cx - 40, cy - 80);
  await page.mouse.dblclick(cx + 40, cy - 80);
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(1);
  const [line] = (await storeContent(page)).lines;
  expect(line!.phase).toBe("active");
  await expect.poll(() => selection(page)).toEqual([line!.id]);
  await expect(page.getByTestId("phase-assign")).toHaveText(assigned(1, "active"));

  // The fence is moved to the active phase only; in the inactive phase it is gone, and undo brings it back.
  await clickAt(page, fenceX, fenceY);
  await expect.poll(() => selection(page)).toEqual(["fence"]);
  await assignPhase(page, "active");
  await expect.poll(async () => (await storeContent(page)).barriers[0]!.phase).toBe("active");
  await show(page, "inactive");
  await expect.poll(() => selection(page)).toEqual([]);
  await clickAt(page, fenceX, fenceY);
  await expect.poll(() => selection(page)).toEqual([]);
  await page.getByTestId("undo").click();
  await expect.poll(async () => (await storeContent(page)).barriers[0]!.phase).toBeUndefined();
  await page.evaluate(() => window.__planEditor!.rendered());
  await clickAt(page, fenceX, fenceY);
  await expect.poll(() => selection(page)).toEqual(["fence"]);

  // Every element shown again; the night's sign is put in both phases.
  await show(page, "all");
  await clickAt(page, eastX, eastY);
  await expect.poll(() => selection(page)).toEqual(["night"]);
  await assignPhase(page, "both");
  await expect.poll(async () => (await storeContent(page)).signs.find((s) => s.id === "night")!.phase).toBeUndefined();
  await assignPhase(page, "inactive");
  const saved = await savedPlan(page, user, planId);
  expect(Object.fromEntries([...saved.signs, ...saved.barriers, ...saved.lines].map((e) => [e.id, e.phase ?? "both"]))).toEqual({
    day: "active",
    night: "inactive",
    fence: "both",
    [line!.id]: "active",
  });

  // After a reload every phase is shown, and each element keeps its phase.
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("phase-show-all")).toHaveAttribute("aria-pressed", "true");

  // The export makes a page per phase by default once the plan uses phases, each with its own legend.
  await openExportPanel(page);
  await expect(page.getByTestId("export-phases")).toHaveValue("both");
  // A JPG has one page: choosing it falls back to the active phase, and a page per phase is not offered.
  await page.getByTestId("export-format-jpg").click();
  await expect(page.getByTestId("export-phases")).toHaveValue("active");
  await page.getByTestId("export-phases").locator("..").click();
  await expect(page.getByTestId("export-phases-both")).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("Escape");
  await page.getByTestId("export-format-pdf").click();
  await page.getByTestId("export-phases").locator("..").click();
  await page.getByTestId("export-phases-both").click();
  await expect(page.getByTestId("export-phases")).toHaveValue("both");
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  copyFileSync(pdf, test.info().outputPath("phases.pdf"));
  expect(pdfPageSize(pdf).pages).toBe(2);
  const [active, inactive] = [pageText(pdf, 1), pageText(pdf, 2)];
  expect(active).toContain("Aktiv fase (arbejdstid)");
  expect(active).not.toContain("Inaktiv fase");
  expect(inactive).toContain("Inaktiv fase (nat og weekend)");
  // The legends: the day's sign (A 11) only on the active page, the night's (B 11) only on the inactive one,
  // the fence on both.
  expect(active).toContain("A 11");
  expect(active).not.toContain("B 11");
  expect(inactive).toContain("B 11");
  expect(inactive).not.toContain("A 11");
  for (const text of [active, inactive]) expect(text).toContain("Afspærring");
});

test("a Danish plan without phases has no phase control: the ⋮ menu shows it, with a line on what phases are the first time", async ({
  page,
}) => {
  const planId = await newPlan(user, "Uden faser");
  await openEditor(page, user, planId, 18);
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("phase-control")).toHaveCount(0);

  // Started from the ⋮ menu: the control, and once the line on what phases are.
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-phases").click();
  await expect(page.getByTestId("phase-control")).toBeVisible();
  await expect(page.getByTestId("phase-explanation")).toHaveText(t("editor.phases.explanation"));
  await page.getByTestId("phase-explanation-close").click();
  await expect(page.getByTestId("phase-explanation")).toHaveCount(0);
  // The menu hides it again while the plan uses no phase.
  await page.getByTestId("editor-more").click();
  await expect(page.getByTestId("editor-action-phases")).toHaveText(t("editor.phases.menuHide"));
  await page.getByTestId("editor-action-phases").click();
  await expect(page.getByTestId("phase-control")).toHaveCount(0);

  // A plan that uses phases shows the control by itself, without the line the user has read, and the
  // menu offers nothing to hide it by.
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [{ id: "day", imageUrl: "/signs/dk/A/A11.webp", position: CENTRE, rotation: 0, heightInMeters: 1.2, phase: "active" }],
  }));
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("phase-control")).toBeVisible();
  await expect(page.getByTestId("phase-explanation")).toHaveCount(0);
  await page.getByTestId("editor-more").click();
  await expect(page.getByTestId("editor-action-reset")).toBeVisible();
  await expect(page.getByTestId("editor-action-phases")).toHaveCount(0);
});

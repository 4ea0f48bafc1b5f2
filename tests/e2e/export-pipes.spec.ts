/**
 * The pipe specifications on an exported sewer drawing (issue 19): the title block lists the pipe types
 * of the plan with their dimension, material and the length laid, as a contractor orders pipe from it.
 * Only the sewer site offers the setting, and there it is on from the start.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { editorUser, newPlan, openEditor, putContent } from "./editor-support";
import { openExportPanel, pdfText, saveDownload } from "./export-support";
import type { Position } from "@/lib/elements/common";
import type { PipeElement } from "@/lib/elements/pipe";

/** Metres per degree of latitude on the specification's sphere (6371 km): lengths along a meridian are exact. */
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

/** A pipe from `start` running north `metres`, then east `east` metres (0: straight). */
function pipeFrom(id: string, start: Position, metres: number, extra: Partial<PipeElement>, east = 0): PipeElement {
  const north: Position = [start[0], start[1] + metres / METRES_PER_DEGREE];
  const coordinates: Position[] = [start, north];
  // Along the parallel: a degree of longitude is cos φ of a degree of latitude.
  if (east) coordinates.push([north[0] + east / (METRES_PER_DEGREE * Math.cos((north[1] * Math.PI) / 180)), north[1]]);
  return { id, coordinates, colour: "#000000", widthMm: 110, dashPattern: "solid", textAbove: "", textBelow: "", ...extra };
}

async function exportPdf(page: Page): Promise<string> {
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  return saveDownload(await downloading);
}

test("a sewer drawing's PDF lists its pipe types with dimension, material and length, and the total", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await editorUser(browser, "kloakplanen");
  const planId = await newPlan(user, "Kloakering Vestergade 12");
  const foul = { waterKind: "spildevand", colour: "#c62828", dimension: 110, material: "PP" } as const;
  await putContent(user, planId, (content) => ({
    ...content,
    pipes: [
      // Two stretches of one type, laid with different falls: 20 m and 3.5 m + 2 m round a corner.
      pipeFrom("p1", [10.3852, 55.4015], 20, { ...foul, fallPerMille: 20, textAbove: "110 PP 20 ‰" }),
      pipeFrom("p2", [10.3856, 55.4015], 3.5, { ...foul, fallPerMille: 10 }, 2),
      pipeFrom("p3", [10.386, 55.4015], 12.4, {
        waterKind: "regnvand",
        colour: "#1565c0",
        dashPattern: "standard",
        widthMm: 160,
        dimension: 160,
        material: "PVC",
      }),
      pipeFrom("p4", [10.3864, 55.4015], 8, {
        presetId: "preset-7",
        presetName: "Drænledning",
        colour: "#2e7d32",
        dashPattern: "short",
        dimension: 100,
        material: "PE",
      }),
    ],
    mapView: { ...content.mapView, center: [10.38551, 55.40178], zoom: 18 },
  }));
  await openEditor(page, user, planId, 18);
  await openExportPanel(page);
  const setting = page.getByTestId("export-pipe-specifications");
  await expect(setting).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Rørspecifikationer" })).toBeVisible();

  const text = pdfText(await exportPdf(page)).replace(/\s+/g, " ");
  expect(text).toContain("Rørspecifikationer");
  expect(text).toContain("Type Dim. (mm) Materiale Længde");
  // pdftotext -layout keeps a row on one line: type, dimension, material, length. Sorted by the kind of
  // water: foul water, rainwater, then the preset without one.
  expect(text).toContain("Spildevand 110 PP 25,5 m Regnvand 160 PVC 12,4 m Drænledning 100 PE 8,0 m I alt 45,9 m");

  // Unticked, the drawing has no table.
  await setting.uncheck();
  const without = pdfText(await exportPdf(page));
  expect(without).toContain("Kloakering Vestergade 12");
  expect(without).not.toContain("Rørspecifikationer");
});

test("the sign-plan sites do not offer pipe specifications", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const user = await editorUser(browser, "skilteplanen");
  const planId = await newPlan(user, "Vestergade");
  await openEditor(page, user, planId, 17);
  await openExportPanel(page);
  await expect(page.getByRole("checkbox", { name: "Nordpil" })).toBeVisible();
  await expect(page.getByTestId("export-pipe-specifications")).toHaveCount(0);
});

import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { drawWith, editorUser, newPlan, openEditor, savedPlan, storeContent } from "./editor-support";
import { openExportPanel, pdfText, saveDownload } from "./export-support";
import { execFileSync } from "node:child_process";
import type { PipeElement } from "@/lib/elements/pipe";
import type { SignElement } from "@/lib/elements/sign";
import { SEWER_SYMBOLS } from "@/lib/signs/sewer";
import { SEWER_SYMBOL_CATEGORIES } from "@/lib/signs/types";

// A sewer drawing made as a kloakmester makes it on Kloakplanen (issue 19): a symbol of every category
// from the gallery, a pipe drawn with the user's pipe type, its texts edited in place, and the PDF with
// the pipe specifications, the pipe's texts and the symbols in the legend.

test("a kloakmester draws a sewer drawing and exports it with the pipe specifications", async ({ browser, page }) => {
  test.setTimeout(150_000);
  const user = await editorUser(browser, "kloakplanen");
  const preset = await apiCall(
    "kloakplanen",
    "POST",
    "/api/pipe-presets",
    {
      name: "Spildevand 110 PP",
      colour: "#c62828",
      widthMm: 160,
      dashPattern: "solid",
      dimension: 110,
      material: "PP",
      fallPerMille: 20,
      waterKind: "spildevand",
    },
    user.token,
  );
  expect(preset.status).toBe(201);
  const planId = await newPlan(user, "Kloakering Vestergade 12");
  const { cx, cy } = await openEditor(page, user, planId, 20);

  // One symbol of each category, in a row above the pipe, right of the gallery (it covers the map's left).
  const chosen = SEWER_SYMBOL_CATEGORIES.map((category) => SEWER_SYMBOLS.find((s) => s.category === category)!);
  const gallery = page.getByTestId("sign-gallery");
  for (const [i, symbol] of chosen.entries()) {
    if (!(await gallery.isVisible())) await page.getByTestId("sign-gallery-button").click();
    await gallery.getByTestId(`sign-section-${symbol.category}`).click();
    await gallery.getByTestId(`sign-tile-${symbol.id}`).click();
    await page.mouse.click(cx - 60 + i * 70, cy - 110);
    await expect.poll(async () => ((await storeContent(page)).signs as SignElement[]).length).toBe(i + 1);
  }
  await page.getByTestId("sign-gallery-close").click();
  expect(((await storeContent(page)).signs as SignElement[]).map((s) => s.imageUrl)).toEqual(chosen.map((s) => s.imageUrl));

  // The pipe, drawn with the user's pipe type and labelled from its data.
  await page.getByTestId("tool-pipe").click();
  await page.getByTestId("pipe-preset-picker").click();
  await page.getByTestId("pipe-preset-option").filter({ hasText: "Spildevand 110 PP" }).click();
  await drawWith(page, "pipe", [
    [cx - 250, cy],
    [cx + 150, cy],
    [cx + 150, cy + 120],
  ]);
  await expect.poll(async () => ((await storeContent(page)).pipes as PipeElement[]).length).toBe(1);
  expect(((await storeContent(page)).pipes as PipeElement[])[0]).toMatchObject({
    presetName: "Spildevand 110 PP",
    textAbove: "110 PP 20 ‰",
  });

  // Its texts edited in place.
  await page.getByTestId("tool-select").click();
  await page.mouse.dblclick(cx - 50, cy);
  const editor = page.getByTestId("pipe-text-editor");
  await editor.getByTestId("pipe-text-below").fill("Stik til skel");
  await editor.getByTestId("pipe-text-save").click();
  await expect(editor).toHaveCount(0);
  const saved = await savedPlan(page, user, planId);
  expect(saved.pipes![0]).toMatchObject({ textAbove: "110 PP 20 ‰", textBelow: "Stik til skel" });

  // The PDF at 1:200, with the pipe specifications on by default on this site.
  await openExportPanel(page);
  await page.getByTestId("export-scale").locator("..").click();
  await page.getByRole("option", { name: "1:200", exact: true }).click();
  await expect(page.getByTestId("export-pipe-specifications")).toBeChecked();
  const downloading = page.waitForEvent("download", { timeout: 90_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  const text = pdfText(pdf).replace(/\s+/g, " ");
  expect(text).toContain("Rørspecifikationer");
  expect(text).toMatch(/Spildevand 110 PP 110 PP \d+,\d m I alt \d+,\d m/);
  // The pipe's texts along it, and every symbol in the legend by its name.
  expect(text).toContain("110 PP 20 ‰");
  expect(text).toContain("Stik til skel");
  for (const symbol of chosen) expect(text).toContain(symbol.name);
  execFileSync("pdftoppm", ["-r", "80", "-png", "-singlefile", pdf, test.info().outputPath("sewer-drawing")]);
});

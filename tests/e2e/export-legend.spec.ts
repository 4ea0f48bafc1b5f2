/**
 * The export's legend per look (issue 29): two lines of different colours are two legend rows, and the
 * legend text given to a look in its style dialog names its row, kept in the plan and printed.
 */
import { test, expect } from "./fixtures";
import { drawWith, editorUser, newPlan, openEditor, savedPlan, storeContent } from "./editor-support";
import { openExportPanel, pdfText, saveDownload } from "./export-support";
import { siteTexts } from "./support";

const t = siteTexts("skilteplanen");

test("a line's legend text, given in its style dialog, names its row; a line of another colour has its own row", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A user of its own: the style given here becomes that user's next line style.
  const user = await editorUser(browser);
  const planId = await newPlan(user, "Vestergade 12");
  const { cx, cy } = await openEditor(page, user, planId);
  const style = async (values: Record<string, string>) => {
    await page.getByTestId("style").click();
    const dialog = page.getByTestId("style-dialog");
    for (const [key, value] of Object.entries(values)) await dialog.getByTestId(`style-${key}`).fill(value);
    await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
    await expect(dialog).toBeHidden();
  };

  await drawWith(page, "line", [
    [cx - 120, cy - 60],
    [cx + 120, cy - 60],
  ]);
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(1);
  await style({ colour: "#ff0000", legendText: "Gravning" });
  // The style became the next drawing's: the second line starts red, with the text; it is then made blue without one.
  await drawWith(page, "line", [
    [cx - 120, cy + 60],
    [cx + 120, cy + 60],
  ]);
  await expect.poll(async () => (await storeContent(page)).lines.length).toBe(2);
  expect((await storeContent(page)).lines[1]).toMatchObject({ colour: "#ff0000", legendText: "Gravning" });
  await style({ colour: "#0000ff", legendText: "" });

  // Kept in the plan: the server took it.
  const saved = await savedPlan(page, user, planId);
  expect(saved.lines.map((line) => [line.colour, line.legendText])).toEqual([
    ["#ff0000", "Gravning"],
    ["#0000ff", undefined],
  ]);

  await openExportPanel(page);
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const text = pdfText(await saveDownload(await downloading));
  // The legend: a row per look, named by its legend text, else by the kind ("Linje").
  const legend = text.slice(text.indexOf("Signaturforklaring"));
  expect(legend).toMatch(/Gravning/);
  expect(legend).toMatch(/\bLinje\b/);
  expect(legend.match(/Gravning|\bLinje\b/g)).toEqual(["Gravning", "Linje"]);
});

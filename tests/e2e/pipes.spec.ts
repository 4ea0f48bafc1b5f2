import { expect, test } from "./fixtures";
import { blankMap, drawWith, editorUser, newPlan, openEditor, savedPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { PipeElement } from "@/lib/elements/pipe";

// Pipes on Kloakplanen (issue 19): a pipe type made in the manager, a pipe drawn with it and labelled
// from its data, its texts edited in place on the map (cancelled, then saved as one undoable step),
// kept after a reload; and no pipe tool on the sign-plan site.

const t = siteTexts("kloakplanen");
let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, "kloakplanen");
});

const pipes = async (page: Parameters<typeof storeContent>[0]) => (await storeContent(page)).pipes as PipeElement[];

test("a kloakmester makes a pipe type, draws a pipe with it and edits its texts in place", async ({ page }) => {
  await blankMap(page);
  const planId = await newPlan(user, "Stikledning");
  const { cx, cy } = await openEditor(page, user, planId, 20);

  // The pipe tool offers the user's pipe types; there are none yet.
  await page.getByTestId("tool-pipe").click();
  const picker = page.getByTestId("pipe-preset-picker");
  await expect(picker).toHaveText(t("editorPipes.presets.picker", { name: t("editorPipes.presets.none") }));
  await picker.click();
  await page.getByTestId("pipe-presets-manage").click();

  // A type of foul water: its kind of water gives it the red solid look, its data the label.
  const dialog = page.getByTestId("pipe-presets-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("pipe-preset-name").fill("Spildevand 110 PP");
  await dialog.getByTestId("pipe-preset-waterKind").locator("..").click();
  await page.getByTestId("pipe-preset-waterKind-spildevand").click();
  await expect(dialog.getByTestId("pipe-preset-colour")).toHaveValue("#c62828");
  await dialog.getByTestId("pipe-preset-widthMm").fill("160");
  await dialog.getByTestId("pipe-preset-dimension").fill("110");
  await dialog.getByTestId("pipe-preset-material").fill("PP");
  await dialog.getByTestId("pipe-preset-fallPerMille").fill("20");
  // A width out of range is refused with the pipe kind's own message, and nothing is saved.
  await dialog.getByTestId("pipe-preset-widthMm").fill("0");
  await dialog.getByRole("button", { name: t("editorPipes.presets.create") }).click();
  await expect(dialog.getByText(t("validation.pipePresetWidth"))).toBeVisible();
  await expect(dialog.getByTestId("pipe-preset-item")).toHaveCount(0);
  await dialog.getByTestId("pipe-preset-widthMm").fill("160");
  await dialog.getByRole("button", { name: t("editorPipes.presets.create") }).click();
  await expect(dialog.getByTestId("pipe-preset-item")).toHaveText(["Spildevand 110 PP"]);
  await page.screenshot({ path: test.info().outputPath("pipe-types-dialog.png") });
  await dialog.getByRole("button", { name: t("editorPipes.presets.close") }).click();

  await picker.click();
  await page.getByTestId("pipe-preset-option").filter({ hasText: "Spildevand 110 PP" }).click();
  await expect(picker).toHaveText(t("editorPipes.presets.picker", { name: "Spildevand 110 PP" }));

  await drawWith(page, "pipe", [
    [cx - 150, cy],
    [cx + 150, cy],
  ]);
  await expect.poll(async () => (await pipes(page)).length).toBe(1);
  const drawn = (await pipes(page))[0]!;
  expect(drawn).toMatchObject({
    presetName: "Spildevand 110 PP",
    colour: "#c62828",
    dashPattern: "solid",
    widthMm: 160,
    dimension: 110,
    material: "PP",
    fallPerMille: 20,
    waterKind: "spildevand",
    textAbove: "110 PP 20 ‰",
    textBelow: "",
  });

  // In place: a double-click on the pipe opens its two texts where they stand; Escape changes nothing.
  await page.getByTestId("tool-select").click();
  await page.mouse.dblclick(cx + 60, cy);
  const editor = page.getByTestId("pipe-text-editor");
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId("pipe-text-above")).toHaveValue("110 PP 20 ‰");
  await editor.getByTestId("pipe-text-below").fill("Stik 1");
  await editor.getByTestId("pipe-text-below").press("Escape");
  await expect(editor).toHaveCount(0);
  expect((await pipes(page))[0]).toMatchObject({ textAbove: "110 PP 20 ‰", textBelow: "" });

  // Saved: both texts in one step, which one undo takes back.
  await page.mouse.dblclick(cx + 60, cy);
  await editor.getByTestId("pipe-text-above").fill("Ø110 PP, fald 20 ‰");
  await editor.getByTestId("pipe-text-below").fill("Stik 1");
  await page.screenshot({ path: test.info().outputPath("pipe-texts-editing.png") });
  await editor.getByTestId("pipe-text-save").click();
  await expect(editor).toHaveCount(0);
  expect((await pipes(page))[0]).toMatchObject({ textAbove: "Ø110 PP, fald 20 ‰", textBelow: "Stik 1" });
  await page.getByTestId("undo").click();
  expect((await pipes(page))[0]).toMatchObject({ textAbove: "110 PP 20 ‰", textBelow: "" });
  await page.getByTestId("redo").click();
  expect((await pipes(page))[0]).toMatchObject({ textAbove: "Ø110 PP, fald 20 ‰", textBelow: "Stik 1" });

  // The toolbar's button edits the selected pipe's texts too; Enter saves.
  await page.mouse.click(cx - 60, cy);
  await page.getByTestId("pipe-edit-texts").click();
  await editor.getByTestId("pipe-text-below").fill("Stik 1, 1:50");
  await editor.getByTestId("pipe-text-below").press("Enter");
  await expect(editor).toHaveCount(0);

  const saved = await savedPlan(page, user, planId);
  expect(saved.pipes).toHaveLength(1);
  expect(saved.pipes![0]).toMatchObject({ textAbove: "Ø110 PP, fald 20 ‰", textBelow: "Stik 1, 1:50", presetName: "Spildevand 110 PP" });
  await page.mouse.click(cx, cy + 200);
  await page.evaluate(() => window.__planEditor!.rendered());
  await page.screenshot({ path: test.info().outputPath("pipe-on-map.png") });

  // After a reload the pipe tool still starts with the chosen type.
  await page.reload();
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await page.getByTestId("tool-pipe").click();
  await expect(picker).toHaveText(t("editorPipes.presets.picker", { name: "Spildevand 110 PP" }));
});

test("the sign-plan site has no pipe tool", async ({ browser, page }) => {
  const signUser = await editorUser(browser, "skilteplanen");
  await blankMap(page);
  const planId = await newPlan(signUser, "Vejarbejde");
  await openEditor(page, signUser, planId);
  await expect(page.getByTestId("tool-line")).toBeVisible();
  await expect(page.getByTestId("tool-pipe")).toHaveCount(0);
});

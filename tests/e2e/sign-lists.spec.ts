import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { editorUser, newPlan, openEditor, putContent, type EditorUser } from "./editor-support";
import { pdfFonts } from "./export-support";
import { siteTexts } from "./support";
import { DK_SIGNS } from "@/lib/signs/dk";

// Sign lists (issue 18; spec 2-content §3 "Sign list", §4, §5, §8): create a list in the editor, add a
// sign from the gallery and the signs of the open plan, change a count and a comment, rename, export as
// PDF (text and vector signs checked with pdftotext and pdfimages) and Excel (rows and pictures checked
// with exceljs), and delete the list.

const site = "skilteplanen";
const t = siteTexts(site);
const catalogue = (id: string) => DK_SIGNS.find((s) => s.id === id)!;
const a11 = catalogue("A11");
const c55 = catalogue("C55");
/** A plain sign of the B series for the gallery pick: no value, no text of its own. */
const picked = DK_SIGNS.find((s) => s.category === "B" && !s.parameter && !s.shouldPromptForName)!;

let user: EditorUser;
let planId: number;
let personalUrl: string;

/** Uploads a personal sign (a PNG) through the API; answers its image URL. */
async function uploadPersonalSign(name: string): Promise<string> {
  const png = await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 255, g: 140, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(png)], "skilt.png", { type: "image/png" }));
  form.set("name", name);
  const body = new Response(form);
  const res = await apiCall(site, "POST", "/api/personal-signs", Buffer.from(await body.arrayBuffer()), user.token, {
    "content-type": body.headers.get("content-type")!,
  });
  expect(res.status).toBe(201);
  return (res.json as { gallery_image_url: string }).gallery_image_url;
}

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, site);
  personalUrl = await uploadPersonalSign("Vores omkørselsskilt");
  planId = await newPlan(user, "Algade");
  const at = (dx: number) => [10.38551 + dx * 0.0001, 55.40178] as [number, number];
  const sign = (id: string, imageUrl: string, dx: number, extra: object = {}) => ({
    id,
    imageUrl,
    position: at(dx),
    rotation: 0,
    ...extra,
  });
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [
      sign("s1", a11.imageUrl, 0),
      sign("s2", a11.imageUrl, 1),
      sign("s3", c55.imageUrl, 2, { text: "30" }),
      sign("s4", personalUrl, 3),
    ],
  }));
});

const lists = async () => (await apiCall(site, "GET", "/api/custom-lists", undefined, user.token)).json as { id: number; name: string }[];
const serverList = async (id: number) =>
  (await apiCall(site, "GET", `/api/custom-lists/${id}`, undefined, user.token)).json as {
    name: string;
    signs: { imageUrl: string; name: string; count: number; comment: string; value?: string }[];
  };

async function download(page: Page, button: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "sign-list-"));
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(button).click()]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

test("a sign list: created, filled from the gallery and the plan, edited, renamed, exported as PDF and Excel, deleted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openEditor(page, user, planId);
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-sign-lists").click();
  const dialog = page.getByTestId("sign-lists-dialog");
  await expect(dialog.getByText(t("signLists.empty"))).toBeVisible();

  // Create: the new list opens at once, empty.
  await dialog.getByTestId("sign-list-new").click();
  const nameDialog = page.getByTestId("sign-list-name-dialog");
  await nameDialog.getByTestId("sign-list-name-input").fill("Algade nat");
  await nameDialog.getByTestId("sign-list-name-input").press("Enter");
  await expect(nameDialog).toBeHidden();
  await expect(dialog.getByTestId("sign-list-name")).toHaveText("Algade nat");
  await expect(dialog.getByTestId("sign-list-empty")).toHaveText(t("signLists.listEmpty"));
  const listId = (await lists())[0]!.id;

  // An empty list has nothing to export.
  await dialog.getByTestId("sign-list-export-pdf").click();
  await expect(page.getByText(t("signLists.errors.noSigns"))).toBeVisible();

  // A sign from the gallery: search by code, click.
  await dialog.getByTestId("sign-list-add").click();
  const picker = page.getByTestId("sign-list-picker");
  await picker.getByTestId("sign-search").fill(picked.code);
  await picker.getByTestId(`sign-tile-${picked.id}`).click();
  await expect(page.getByText(t("signLists.done.added", { name: `${picked.code} ${picked.name}` }))).toBeVisible();
  await picker.getByTestId("sign-gallery-close").click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByTestId("sign-list-row-name")).toHaveText([`${picked.code} ${picked.name}`]);

  // The plan's signs: A 11 twice, C 55 at 30 km/h, the personal sign; each once with its count.
  await dialog.getByTestId("sign-list-add-plan").click();
  await expect(page.getByText(t("signLists.done.planAdded", { signs: 3, total: 4 }))).toBeVisible();
  await expect(dialog.getByTestId("sign-list-row-name")).toHaveText([
    `${picked.code} ${picked.name}`,
    `${a11.code} ${a11.name}`,
    `${c55.code} ${c55.name}`,
    "Vores omkørselsskilt",
  ]);
  await expect(dialog.getByTestId("sign-list-summary")).toHaveText(t("signLists.summary", { signs: 4, total: 5 }));

  // Count and comment, edited in place; a count out of range is refused where it is typed.
  const row = dialog.getByTestId("sign-list-row-1");
  await row.getByTestId("sign-list-count").fill("0");
  await row.getByTestId("sign-list-count").press("Enter");
  await expect(row.getByText(t("signLists.countError", { min: 1, max: 9999 }))).toBeVisible();
  await row.getByTestId("sign-list-count").fill("6");
  await row.getByTestId("sign-list-count").press("Enter");
  await row.getByTestId("sign-list-comment").fill("3 på stander, 3 på fod");
  await row.getByTestId("sign-list-comment").press("Tab");
  await expect(dialog.getByTestId("sign-list-summary")).toHaveText(t("signLists.summary", { signs: 4, total: 9 }));
  await expect
    .poll(async () => (await serverList(listId)).signs[1])
    .toEqual({
      imageUrl: a11.imageUrl,
      name: `${a11.code} ${a11.name}`,
      count: 6,
      comment: "3 på stander, 3 på fod",
    });
  expect((await serverList(listId)).signs.map((s) => [s.imageUrl, s.count, s.value])).toEqual([
    [picked.imageUrl, 1, undefined],
    [a11.imageUrl, 6, undefined],
    [c55.imageUrl, 1, "30"],
    [personalUrl, 1, undefined],
  ]);

  // Rename.
  await dialog.getByTestId("sign-list-rename").click();
  await nameDialog.getByTestId("sign-list-name-input").fill("Algade nat, etape 2");
  await nameDialog.getByTestId("sign-list-name-input").press("Enter");
  await expect(dialog.getByTestId("sign-list-name")).toHaveText("Algade nat, etape 2");
  await expect.poll(async () => (await serverList(listId)).name).toBe("Algade nat, etape 2");

  // PDF: the texts are text, the catalogue signs vector; only the personal sign (a PNG) is an image.
  const pdf = await download(page, "sign-list-export-pdf");
  expect(path.basename(pdf)).toBe("Algade nat, etape 2.pdf");
  // In reading order, with a name wrapped over two lines joined again.
  const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  for (const expected of [
    "Skilteplanen",
    t("signLists.document.title").toUpperCase(),
    "Algade nat, etape 2",
    `${picked.code} ${picked.name}`,
    `${a11.code} ${a11.name}`,
    `${c55.code} ${c55.name} (30)`,
    "Vores omkørselsskilt",
    "3 på stander, 3 på fod",
    t("signLists.document.page", { page: 1, pages: 1 }),
    t("signLists.document.summary", { signs: 4, total: 9 }),
  ])
    expect(text).toContain(expected);
  const images = execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/));
  // Columns: page num type width height …; the personal sign may bring its alpha channel as an smask.
  expect(images.filter((cols) => cols[2] === "image")).toHaveLength(1);
  expect(pdfFonts(pdf).map((font) => font.embedded && font.subset)).toEqual([true, true]); // regular and bold, embedded

  // Excel: a bold header row, one row per sign with its picture.
  const xlsx = await download(page, "sign-list-export-excel");
  expect(path.basename(xlsx)).toBe("Algade nat, etape 2.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(xlsx) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe("Algade nat, etape 2");
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    t("signLists.columns.image"),
    t("signLists.columns.sign"),
    t("signLists.columns.count"),
    t("signLists.columns.comment"),
  ]);
  expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
  const rows = [2, 3, 4, 5].map((n) => [
    sheet.getRow(n).getCell(2).value,
    sheet.getRow(n).getCell(3).value,
    sheet.getRow(n).getCell(4).value,
  ]);
  expect(rows).toEqual([
    [`${picked.code} ${picked.name}`, 1, null],
    [`${a11.code} ${a11.name}`, 6, "3 på stander, 3 på fod"],
    [`${c55.code} ${c55.name} (30)`, 1, null],
    ["Vores omkørselsskilt", 1, null],
  ]);
  expect(sheet.rowCount).toBe(5);
  const pictures = sheet.getImages();
  expect(pictures.map((p) => Math.floor(p.range.tl.nativeRow)).sort()).toEqual([1, 2, 3, 4]);
  expect(pictures.every((p) => p.range.tl.nativeCol === 0)).toBe(true);
  expect(sheet.getColumn(2).width).toBeGreaterThan(30);
  expect(sheet.getRow(2).height).toBeGreaterThan(40);

  // Remove a sign, then delete the list after confirming.
  await dialog.getByTestId("sign-list-row-0").getByTestId("sign-list-remove").click();
  await expect(dialog.getByTestId("sign-list-row-name")).toHaveCount(3);
  await expect.poll(async () => (await serverList(listId)).signs.length).toBe(3);
  await dialog.getByTestId("sign-list-delete").click();
  const confirm = page.getByTestId("sign-list-delete-dialog");
  await expect(confirm).toContainText(t("signLists.deleteText", { name: "Algade nat, etape 2", count: 3 }));
  await confirm.getByRole("button", { name: t("signLists.deleteConfirm") }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByText(t("signLists.empty"))).toBeVisible();
  expect(await lists()).toEqual([]);
});

test("on the Swedish site: another user's list is not found, the dialog and the PDF speak Swedish, and only an opened list takes signs", async ({
  browser,
}) => {
  const sv = siteTexts("ta-planen");
  const other = await editorUser(browser, "ta-planen");
  const made = await apiCall(
    site,
    "POST",
    "/api/custom-lists",
    { name: "Min", signs: [{ imageUrl: a11.imageUrl, name: "A 11", count: 1 }] },
    user.token,
  );
  expect(made.status).toBe(201);
  const id = (made.json as { id: number }).id;
  for (const [method, body] of [["GET"], ["PUT", { name: "Hans" }], ["DELETE"]] as const)
    expect(await apiCall("ta-planen", method, `/api/custom-lists/${id}`, body, other.token)).toMatchObject({
      status: 404,
      json: { message: sv("api.customLists.notFound") },
    });
  const own = await apiCall(
    "ta-planen",
    "POST",
    "/api/custom-lists",
    { name: "Vägarbete E4", signs: [{ imageUrl: a11.imageUrl, name: `${a11.code} ${a11.name}`, count: 3, comment: "Vid infarten" }] },
    other.token,
  );
  expect(own.status).toBe(201);

  const page = await browser.newPage();
  await openEditor(page, other, await newPlan(other, "Tom plan"));
  await page.getByTestId("editor-more").click();
  await expect(page.getByTestId("editor-action-sign-lists")).toHaveText(sv("signLists.open"));
  await page.getByTestId("editor-action-sign-lists").click();
  const dialog = page.getByTestId("sign-lists-dialog");
  await expect(dialog.getByText(sv("signLists.hint"))).toBeVisible();
  // The overview offers no way to add a sign (spec §5: a list is chosen first); an opened list does.
  await expect(dialog.getByTestId("sign-list-add")).toHaveCount(0);
  await dialog.getByRole("button", { name: sv("signLists.openList", { name: "Vägarbete E4" }) }).click();
  await expect(dialog.getByTestId("sign-list-add")).toHaveText(sv("signLists.addSign"));
  const pdf = await download(page, "sign-list-export-pdf");
  const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  for (const expected of [
    "TA-planen",
    sv("signLists.document.title").toUpperCase(),
    "Vägarbete E4",
    "Vid infarten",
    sv("signLists.document.page", { page: 1, pages: 1 }),
    sv("signLists.document.summary", { signs: 1, total: 3 }),
  ])
    expect(text).toContain(expected);
  await page.close();
  expect((await apiCall(site, "DELETE", `/api/custom-lists/${id}`, undefined, user.token)).status).toBe(200);
});

test("a long list breaks over pages with the table's header and page numbers on each, and stays vector", async ({ page }) => {
  test.setTimeout(60_000);
  const signs = DK_SIGNS.filter((s) => !s.parameter && !s.shouldPromptForName)
    .slice(0, 45)
    .map((s, i) => ({
      imageUrl: s.imageUrl,
      name: `${s.code} ${s.name}`,
      count: i + 1,
      comment: i % 4 === 0 ? "Opsættes før kl. 7, tages ned efter kl. 18" : "",
    }));
  const made = await apiCall(site, "POST", "/api/custom-lists", { name: "Motorvej E45, spærring af højre spor", signs }, user.token);
  expect(made.status).toBe(201);
  await openEditor(page, user, planId);
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-sign-lists").click();
  const dialog = page.getByTestId("sign-lists-dialog");
  await dialog.getByRole("button", { name: t("signLists.openList", { name: "Motorvej E45, spærring af højre spor" }) }).click();
  await expect(dialog.getByTestId("sign-list-row-name")).toHaveCount(45);
  // Back to the overview: the list's name and counts; open it again.
  await dialog.getByTestId("sign-list-back").click();
  await expect(dialog.getByTestId("sign-lists")).toContainText(t("signLists.summary", { signs: 45, total: 1035 }));
  await dialog.getByRole("button", { name: t("signLists.openList", { name: "Motorvej E45, spærring af højre spor" }) }).click();

  const pdf = await download(page, "sign-list-export-pdf");
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))?.[1]);
  expect(pages).toBeGreaterThanOrEqual(3);
  for (let n = 1; n <= pages; n++) {
    const text = execFileSync("pdftotext", ["-f", String(n), "-l", String(n), pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain(t("signLists.document.page", { page: n, pages }));
    for (const column of ["image", "sign", "count", "comment"]) expect(text).toContain(t(`signLists.columns.${column}`));
  }
  const all = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  for (const sign of signs) expect(all).toContain(sign.name);
  const layout = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  expect(layout).toMatch(new RegExp(`${t("signLists.document.total")}\\s+${signs.reduce((sum, s) => sum + s.count, 0)}\\b`));
  // Every picture is a catalogue SVG: not one image object in the file.
  expect(
    execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" })
      .split("\n")
      .slice(2)
      .filter((l) => l.trim()),
  ).toEqual([]);
  expect((await apiCall(site, "DELETE", `/api/custom-lists/${(made.json as { id: number }).id}`, undefined, user.token)).status).toBe(200);
});

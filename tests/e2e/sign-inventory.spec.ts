/**
 * The sign inventory (spec 2-content §3): the editor's menu opens an overview of the plan's signs with
 * their counts, and prints it on its own.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, putContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { SignElement } from "@/lib/elements/sign";

let user: EditorUser;
let svUser: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
  svUser = await editorUser(browser, "ta-planen");
});

let counter = 0;
function signs(count: number, imageUrl: string, extra: Partial<SignElement> = {}): SignElement[] {
  return Array.from({ length: count }, (_, i) => {
    counter += 1;
    return { id: `sign-${counter}`, imageUrl, position: [10.3855 + i * 0.0001, 55.4018], rotation: 0, ...extra };
  });
}

const A11 = { heightInMeters: 0.606, widthInMeters: 0.7 };
const C55 = { heightInMeters: 0.64, widthInMeters: 0.64 };

async function openInventory(page: Page) {
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-sign-inventory").click();
  const dialog = page.getByTestId("sign-inventory-dialog");
  await expect(dialog.getByTestId("sign-inventory-loading")).toHaveCount(0);
  return dialog;
}

/** Records what the print frame would print instead of opening the browser's dialog. */
async function capturePrint(page: Page) {
  await page.evaluate(() => {
    const printed: string[] = [];
    (window as unknown as { __printed: string[] }).__printed = printed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLIFrameElement && node.dataset.testid === "print-table-frame")
            node.contentWindow!.print = () => printed.push(node.contentDocument!.body.innerText);
    }).observe(document.body, { childList: true });
  });
}

test("the inventory lists each sign as placed with its count and the total, and prints the table alone", async ({ page }) => {
  const t = siteTexts("skilteplanen");
  const planId = await newPlan(user, "Vejarbejde Nørregade");
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [
      ...signs(3, "/signs/dk/A/A11.webp", A11),
      ...signs(1, "/signs/dk/A/A11.webp", { heightInMeters: 1.083, widthInMeters: 1.25 }),
      ...signs(2, "/signs/dk/C/C55.webp", { ...C55, text: "30" }),
      ...signs(1, "/signs/dk/C/C55.webp", { ...C55, text: "50" }),
      // No size: it follows the zoom.
      ...signs(1, "/signs/dk/A/A16.webp"),
      ...signs(1, "/signs/dk/temporary/A39-gul.webp", { subSign: { imageUrl: "/signs/dk/U/U1.1.webp", text: "100 m" } }),
    ],
  }));
  await openEditor(page, user, planId);
  const dialog = await openInventory(page);
  await expect(dialog.getByRole("heading", { name: t("editor.signInventory.title") })).toBeVisible();

  const rows = dialog.getByTestId("sign-inventory-row");
  await expect(rows).toHaveCount(6);
  const cells = async (testId: string) => rows.getByTestId(testId).allInnerTexts();
  expect(await cells("sign-inventory-code")).toEqual(["A 11", "A 11", "A 16", "A 39", "C 55", "C 55"]);
  expect(await cells("sign-inventory-count")).toEqual(["3", "1", "1", "1", "2", "1"]);
  expect(await cells("sign-inventory-size")).toEqual([
    "0,606 × 0,7 m",
    "1,083 × 1,25 m",
    t("editor.signInventory.followsZoom"),
    t("editor.signInventory.followsZoom"),
    "0,64 × 0,64 m",
    "0,64 × 0,64 m",
  ]);
  const names = await cells("sign-inventory-name");
  expect(names[0]).toBe("Farligt vejkryds");
  expect(names[3]).toMatch(/U 1\.1 .*\(100 m\)/);
  expect(names[4]).toContain(t("editor.signInventory.value", { value: "30" }));
  expect(names[5]).toContain(t("editor.signInventory.value", { value: "50" }));
  await expect(dialog.getByTestId("sign-inventory-total")).toHaveText("9");
  // Every picture has loaded (the catalogue's, and the parametric ones rendered with their values).
  await expect
    .poll(() => rows.locator("img").evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length))
    .toBe(6);

  await capturePrint(page);
  await dialog.getByTestId("sign-inventory-print").click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed: string[] }).__printed.length)).toBe(1);
  const printed = await page.evaluate(() => (window as unknown as { __printed: string[] }).__printed[0]!);
  expect(printed).toContain("Vejarbejde Nørregade");
  expect(printed).toContain(t("editor.signInventory.total"));
  expect(printed).toContain("Farligt vejkryds");
  expect(printed).not.toContain(t("editor.signInventory.print")); // the table alone, no buttons
  const frame = page.frameLocator('[data-testid="print-table-frame"]');
  await expect(frame.locator("tbody tr")).toHaveCount(6);
  await expect(frame.locator("tfoot td").last()).toHaveText("9");
  await expect(frame.locator("h1")).toHaveText("Vejarbejde Nørregade");

  // Closing the dialog takes the print frame away.
  await dialog.getByRole("button", { name: t("editor.signInventory.close") }).click();
  await expect(page.getByTestId("print-table-frame")).toHaveCount(0);
});

test("an empty plan's inventory says so, in Swedish on ta-planen, and offers nothing to print", async ({ page }) => {
  const t = siteTexts("ta-planen");
  const planId = await newPlan(svUser, "Tom plan");
  await openEditor(page, svUser, planId);
  await page.getByTestId("editor-more").click();
  await expect(page.getByTestId("editor-action-sign-inventory")).toHaveText(t("editor.signInventory.menu"));
  await page.getByTestId("editor-action-sign-inventory").click();
  const dialog = page.getByTestId("sign-inventory-dialog");
  await expect(dialog.getByTestId("sign-inventory-empty")).toHaveText(t("editor.signInventory.empty"));
  await expect(dialog.getByTestId("sign-inventory-print")).toBeDisabled();
});

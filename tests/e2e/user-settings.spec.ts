import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { drawWith, editorUser, newPlan, openEditor, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";
import type { UserSettingsDto } from "@/lib/schemas/signs";

// User settings (GET and PATCH /user-settings, spec core §7, §8; content §3): the last style per kind
// starts the next drawing after a reload, the standard sign size is kept, and a refused update goes back.

const t = siteTexts("skilteplanen");

let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser);
});

const serverSettings = async () => (await apiCall(user.site, "GET", "/api/user-settings", undefined, user.token)).json as UserSettingsDto;

/** Reloads the editor and waits until it has read the user's settings. */
async function reloadEditor(page: Page, planId: number) {
  const settingsRead = page.waitForResponse((r) => r.url().endsWith("/api/user-settings") && r.request().method() === "GET");
  const opened = await openEditor(page, user, planId);
  await settingsRead;
  return opened;
}

async function applyStyle(page: Page, values: { width: string; colour: string }) {
  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await dialog.getByTestId("style-width").fill(values.width);
  await dialog.getByTestId("style-colour").fill(values.colour);
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
}

test("the line style set for drawing, or given to a line, is the next line's style after a reload", async ({ page }) => {
  const planId = await newPlan(user, "Stil");
  await reloadEditor(page, planId);
  await page.getByTestId("tool-line").click();
  await applyStyle(page, { width: "3", colour: "#00aa00" });
  await expect.poll(async () => (await serverSettings()).drawingStyles.line).toEqual({ colour: "#00aa00", width: 3 });

  let { cx, cy } = await reloadEditor(page, planId);
  await drawWith(page, "line", [
    [cx - 80, cy],
    [cx + 80, cy],
  ]);
  await expect.poll(async () => (await storeContent(page)).lines?.length).toBe(1);
  expect((await storeContent(page)).lines![0]).toMatchObject({ colour: "#00aa00", width: 3 });

  // Drawing ends with the new line selected: restyling it makes its style the next line's too.
  await applyStyle(page, { width: "4,5", colour: "#0000ff" });
  expect((await storeContent(page)).lines![0]).toMatchObject({ colour: "#0000ff", width: 4.5 });
  await expect.poll(async () => (await serverSettings()).drawingStyles.line).toEqual({ colour: "#0000ff", width: 4.5 });

  ({ cx, cy } = await reloadEditor(page, planId));
  await drawWith(page, "line", [
    [cx - 80, cy + 60],
    [cx + 80, cy + 60],
  ]);
  await expect.poll(async () => (await storeContent(page)).lines?.length).toBe(2);
  expect((await storeContent(page)).lines![1]).toMatchObject({ colour: "#0000ff", width: 4.5 });
});

test("the standard sign size is set in the gallery, kept over a reload, and emptied to follow the zoom", async ({ page }) => {
  const planId = await newPlan(user, "Størrelse");
  await reloadEditor(page, planId);
  await page.getByTestId("sign-gallery-button").click();
  const field = page.getByTestId("standard-sign-size");
  await expect(field).toHaveValue("");
  await expect(page.getByTestId("sign-gallery")).toContainText(t("editorSigns.standardSize.helper", { min: 0.1, max: 10 }));

  await field.fill("1,5");
  await field.press("Enter");
  await expect.poll(async () => (await serverSettings()).standardSignSize).toBe(1.5);

  await reloadEditor(page, planId);
  await page.getByTestId("sign-gallery-button").click();
  await expect(field).toHaveValue("1,5");

  // Out of bounds: the specification's message, and nothing saved.
  await field.fill("20");
  await field.press("Enter");
  await expect(page.getByTestId("sign-gallery")).toContainText("Standardstørrelsen skal være mellem 0,1 og 10 meter, eller tom.");
  expect((await serverSettings()).standardSignSize).toBe(1.5);

  await field.fill("");
  await field.press("Enter");
  await expect.poll(async () => (await serverSettings()).standardSignSize).toBeNull();
  await reloadEditor(page, planId);
  await page.getByTestId("sign-gallery-button").click();
  await expect(field).toHaveValue("");
});

test("a standard sign size the server refuses is shown at once, then goes back, with a message", async ({ page }) => {
  const planId = await newPlan(user, "Tilbage");
  await apiCall(user.site, "PATCH", "/api/user-settings", { standardSignSize: 2 }, user.token);
  await reloadEditor(page, planId);
  // The PATCH waits until the test has seen the new value, then fails.
  let fail: () => void = () => {};
  const failing = new Promise<void>((resolve) => (fail = resolve));
  await page.route("**/api/user-settings", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    await failing;
    await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "nede" }) });
  });

  await page.getByTestId("sign-gallery-button").click();
  const field = page.getByTestId("standard-sign-size");
  await expect(field).toHaveValue("2");
  await field.fill("3");
  await field.press("Enter");
  await expect(field).toHaveValue("3");
  fail();
  await expect(field).toHaveValue("2");
  await expect(page.getByText(t("editorSigns.standardSize.saveFailed"))).toBeVisible();
  expect((await serverSettings()).standardSignSize).toBe(2);
});

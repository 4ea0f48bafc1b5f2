import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, openEditor, serverPlan, storeContent, type EditorUser } from "./editor-support";
import { siteTexts } from "./support";

// The plan information ("Planoplysninger" / "Planuppgifter"): filled in a dialog from the editor's menu,
// saved with the plan as one undoable change, checked with the plan schema's messages in the site's language.

async function openDialog(page: Page, t: ReturnType<typeof siteTexts>) {
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-plan-info").click();
  const dialog = page.getByTestId("plan-info-dialog");
  await expect(dialog.getByRole("heading", { name: t("editorPlanInfo.title") })).toBeVisible();
  return dialog;
}

test.describe("Danish site", () => {
  const t = siteTexts("skilteplanen");
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser);
  });

  test("the plan information is filled in, saved with the plan, found again after a reload, and undone", async ({ page }) => {
    const planId = await newPlan(user, "Planoplysninger");
    await openEditor(page, user, planId);
    let dialog = await openDialog(page, t);

    await dialog.getByLabel(t("editorPlanInfo.fields.responsiblePerson")).fill("Karen Hansen");
    await dialog.getByLabel(t("editorPlanInfo.fields.responsiblePhone")).fill("+45 12 34 56 78");
    await dialog.getByLabel(t("editorPlanInfo.fields.contractor")).fill("Vejfirma ApS");
    await dialog.getByLabel(t("editorPlanInfo.fields.client")).fill("Odense Kommune");
    await dialog.getByLabel(t("editorPlanInfo.fields.planNumber")).fill("2025-017");
    await dialog.getByTestId("plan-info-periodFrom").fill("2025-04-07");
    await dialog.getByTestId("plan-info-periodTo").fill("2025-04-25");
    await dialog.getByRole("combobox", { name: t("editorPlanInfo.fields.phase") }).click();
    await page.getByRole("option", { name: t("editorPlanInfo.phases.inactive") }).click();
    await dialog.getByRole("button", { name: t("editorPlanInfo.save") }).click();
    await expect(dialog).toBeHidden();

    const expected = {
      responsiblePerson: "Karen Hansen",
      responsiblePhone: "+45 12 34 56 78",
      contractor: "Vejfirma ApS",
      client: "Odense Kommune",
      planNumber: "2025-017",
      periodFrom: "2025-04-07",
      periodTo: "2025-04-25",
      phase: "inactive",
    };
    expect((await storeContent(page)).planInfo).toEqual(expected);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    expect((await serverPlan(user, planId)).content.planInfo).toEqual(expected);

    // After a reload the dialog shows what was saved.
    await openEditor(page, user, planId);
    dialog = await openDialog(page, t);
    await expect(dialog.getByLabel(t("editorPlanInfo.fields.responsiblePerson"))).toHaveValue("Karen Hansen");
    await expect(dialog.getByLabel(t("editorPlanInfo.fields.planNumber"))).toHaveValue("2025-017");
    await expect(dialog.getByTestId("plan-info-periodTo")).toHaveValue("2025-04-25");
    await expect(dialog.getByRole("combobox", { name: t("editorPlanInfo.fields.phase") })).toHaveText(t("editorPlanInfo.phases.inactive"));

    // A change, then undo: back to what was loaded, on the server too.
    await dialog.getByLabel(t("editorPlanInfo.fields.client")).fill("Vejdirektoratet");
    await dialog.getByLabel(t("editorPlanInfo.fields.contractor")).fill("");
    await dialog.getByRole("button", { name: t("editorPlanInfo.save") }).click();
    await expect(dialog).toBeHidden();
    const changed = { ...expected, client: "Vejdirektoratet" } as Partial<typeof expected>;
    delete changed.contractor;
    expect((await storeContent(page)).planInfo).toEqual(changed);
    await page.getByTestId("undo").click();
    expect((await storeContent(page)).planInfo).toEqual(expected);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    await expect.poll(async () => (await serverPlan(user, planId)).content.planInfo).toEqual(expected);
    await page.getByTestId("redo").click();
    expect((await storeContent(page)).planInfo).toEqual(changed);
  });
});

test.describe("Swedish site", () => {
  const t = siteTexts("ta-planen");
  let user: EditorUser;
  test.beforeAll(async ({ browser }) => {
    user = await editorUser(browser, "ta-planen");
  });

  test("the dialog speaks Swedish and refuses a period that ends before it starts, saving nothing", async ({ page }) => {
    const planId = await newPlan(user, "Planuppgifter");
    await openEditor(page, user, planId);
    const dialog = await openDialog(page, t);
    expect(t("editorPlanInfo.title")).toBe("Planuppgifter");
    await dialog.getByLabel(t("editorPlanInfo.fields.responsiblePerson")).fill("Sven Svensson");
    await dialog.getByTestId("plan-info-periodFrom").fill("2025-06-10");
    await dialog.getByTestId("plan-info-periodTo").fill("2025-06-01");
    await dialog.getByRole("button", { name: t("editorPlanInfo.save") }).click();
    await expect(dialog.getByText(t("validation.planInfoPeriodOrder"))).toBeVisible();
    expect((await storeContent(page)).planInfo).toEqual({});

    await dialog.getByTestId("plan-info-periodTo").fill("2025-06-20");
    await dialog.getByRole("combobox", { name: t("editorPlanInfo.fields.phase") }).click();
    await page.getByRole("option", { name: t("editorPlanInfo.phases.active") }).click();
    await dialog.getByRole("button", { name: t("editorPlanInfo.save") }).click();
    await expect(dialog).toBeHidden();
    expect((await storeContent(page)).planInfo).toEqual({
      responsiblePerson: "Sven Svensson",
      periodFrom: "2025-06-10",
      periodTo: "2025-06-20",
      phase: "active",
    });
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  });
});

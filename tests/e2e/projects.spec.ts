import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PDFDocument, PDFName, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { apiCall } from "./api";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { createVerifiedUser, siteTexts, siteUrl, storeTokenInPage, type TestUser } from "./support";

// Projects and plans in the browser (core §4, §7): the project modal on /app with its lists, dialogs and
// actions, the open plan in the address, and the read-only /view page of a shared link.
//
// One confirmed account for the whole file (sign-ups are rate-limited); the steps build on each other,
// so they run in order and stop at the first failure.

const site = "skilteplanen";
const t = siteTexts(site);

/** The specification's texts, quoted verbatim (core §3, §8). */
const SPEC = {
  defaultProject: "Standardprojekt",
  notInOrganisation: "Du er ikke tilknyttet en organisation",
} as const;

/** A 1×1 PNG, the smallest background there is. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const stamp = Date.now().toString(36);
const names = {
  project: `Vejarbejde ${stamp}`,
  renamed: `Vestergade ${stamp}`,
  plan: `Afspærring ${stamp}`,
  copy: `Kopi af afspærring ${stamp}`,
};

test.describe.configure({ mode: "serial" });

let user: TestUser & { token: string };

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  user = await createVerifiedUser(page, site);
  await page.close();
});

/** /app as the confirmed user; with no plan open the project modal opens by itself. */
async function openApp(page: Page, query = ""): Promise<Locator> {
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app${query}`));
  const modal = page.getByTestId("project-modal");
  if (!query) await expect(modal).toBeVisible();
  return modal;
}

const projectRow = (modal: Locator, name: string) =>
  modal.getByTestId("project-row").filter({ has: modal.page().getByText(name, { exact: true }) });
const planRow = (modal: Locator, name: string) =>
  modal.getByTestId("plan-row").filter({ has: modal.page().getByText(name, { exact: true }) });

async function rowAction(row: Locator, name: string, action: string) {
  await row.getByRole("button", { name: t("projects.actions.menu", { name }) }).click();
  await row.page().getByRole("menuitem", { name: action, exact: true }).click();
}

async function selectProject(modal: Locator, name: string) {
  await projectRow(modal, name).getByText(name, { exact: true }).click();
  await expect(modal.getByRole("heading", { name: t("projects.plansHeading", { project: name }) })).toBeVisible();
}

async function showList(modal: Locator, kind: "active" | "archived" | "deleted") {
  await modal.getByRole("tab", { name: t(`projects.tabs.${kind}`), exact: true }).click();
}

interface PlanAnswer {
  id: number;
  name: string;
  project_id: number;
  paperSize: string | null;
  scale: string | null;
  backgroundKind: string | null;
}

async function plansOf(projectId: number): Promise<PlanAnswer[]> {
  const res = await apiCall(site, "GET", `/api/signplan?project_id=${projectId}`, undefined, user.token);
  expect(res.status).toBe(200);
  return res.json as PlanAnswer[];
}

async function projectByName(name: string): Promise<{ id: number; isShared: boolean }> {
  const res = await apiCall(site, "GET", "/api/project", undefined, user.token);
  expect(res.status).toBe(200);
  const project = (res.json as { id: number; name: string; isShared: boolean }[]).find((p) => p.name === name);
  if (!project) throw new Error(`no active project ${name}`);
  return project;
}

test("the modal opens by itself on /app without a plan and lists Standardprojekt", async ({ page }) => {
  const modal = await openApp(page);
  await expect(page.getByTestId("no-plan")).toHaveText(t("projects.app.noPlan"));
  await expect(projectRow(modal, SPEC.defaultProject)).toBeVisible();
  await modal.getByRole("button", { name: t("projects.close") }).click();
  await expect(modal).toBeHidden();
  await page.getByRole("button", { name: t("projects.button") }).click();
  await expect(modal).toBeVisible();
});

test("a new project is created and renamed", async ({ page }) => {
  const modal = await openApp(page);
  await modal.getByRole("button", { name: t("projects.newProject") }).click();
  const create = page.getByTestId("project-name-dialog");
  await create.getByRole("textbox", { name: t("projects.projectDialog.name") }).fill(names.project);
  await create.getByRole("button", { name: t("projects.projectDialog.create") }).click();
  await expect(create).toBeHidden();
  await expect(projectRow(modal, names.project)).toBeVisible();

  await rowAction(projectRow(modal, names.project), names.project, t("projects.actions.rename"));
  const rename = page.getByTestId("project-name-dialog");
  await rename.getByRole("textbox", { name: t("projects.projectDialog.name") }).fill(names.renamed);
  await rename.getByRole("button", { name: t("projects.projectDialog.save") }).click();
  await expect(rename).toBeHidden();
  await expect(projectRow(modal, names.renamed)).toBeVisible();
  await expect(projectRow(modal, names.project)).toHaveCount(0);
});

test("sharing a project without an organisation shows the organisation message in the dialog", async ({ page }) => {
  const modal = await openApp(page);
  await rowAction(projectRow(modal, names.renamed), names.renamed, t("projects.actions.share"));
  const dialog = page.getByTestId("share-project-dialog");
  await expect(dialog.getByText(t("projects.shareProject.permanent"))).toBeVisible();
  await dialog.getByRole("button", { name: t("projects.shareProject.confirm") }).click();
  await expect(dialog.getByTestId("share-project-error")).toHaveText(SPEC.notInOrganisation);
  // Never toasted (core §8).
  await expect(page.locator(".Toastify").getByText(SPEC.notInOrganisation)).toHaveCount(0);
  expect((await projectByName(names.renamed)).isShared).toBe(false);
});

test("an invalid scale shows its message and creates nothing", async ({ page }) => {
  const modal = await openApp(page);
  await selectProject(modal, names.renamed);
  let created = false;
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/signplan") created = true;
  });
  await modal.getByRole("button", { name: t("projects.newPlan") }).click();
  const dialog = page.getByTestId("new-plan-dialog");
  await dialog.getByRole("textbox", { name: t("projects.planForm.name") }).fill(names.plan);
  await dialog.getByRole("textbox", { name: t("projects.planForm.scale") }).fill("1:abc");
  await dialog.getByRole("button", { name: t("projects.planForm.create") }).click();
  await expect(dialog.getByText(t("validation.scaleFormat"))).toBeVisible();
  await dialog.getByRole("button", { name: t("projects.cancel") }).click();
  await expect(dialog).toBeHidden();
  expect(created).toBe(false);
  await expect(modal.getByText(t("projects.empty.plans"))).toBeVisible();
  expect(await plansOf((await projectByName(names.renamed)).id)).toEqual([]);
});

test("a plan with paper size, scale and a PNG background is created and opened", async ({ page }) => {
  const modal = await openApp(page);
  await selectProject(modal, names.renamed);
  await modal.getByRole("button", { name: t("projects.newPlan") }).click();
  const dialog = page.getByTestId("new-plan-dialog");
  await dialog.getByRole("textbox", { name: t("projects.planForm.name") }).fill(names.plan);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "baggrund.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(dialog.getByTestId("background-file-name")).toHaveText("baggrund.png");
  await dialog.getByRole("combobox", { name: t("projects.planForm.paperSize") }).selectOption("A3");
  await dialog.getByRole("textbox", { name: t("projects.planForm.scale") }).fill("1:500");
  await dialog.getByRole("button", { name: t("projects.planForm.create") }).click();
  await expect(dialog).toBeHidden();

  // Creating a plan opens it (issue 33).
  const [saved] = await plansOf((await projectByName(names.renamed)).id);
  expect(saved).toMatchObject({ name: names.plan, paperSize: "A3", scale: "1:500", backgroundKind: "image" });
  await expect(page).toHaveURL(siteUrl(site, `/app?plan=${saved!.id}`));
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("editor-plan-name")).toHaveText(names.plan);
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");

  // The list shows it with its paper size, scale and background, and opens it from there too.
  await page
    .getByRole("button", { name: t("editor.projects"), exact: true })
    .first()
    .click();
  await expect(modal).toBeVisible();
  await selectProject(modal, names.renamed);
  const row = planRow(modal, names.plan);
  await expect(row).toContainText(t("projects.planMeta.paperSize", { size: "A3" }));
  await expect(row).toContainText(t("projects.planMeta.scale", { scale: "1:500" }));
  await expect(row).toContainText(t("projects.planMeta.backgroundImage"));
  await row.getByRole("button", { name: t("projects.actions.openNamed", { name: names.plan }) }).click();
  await expect(page).toHaveURL(siteUrl(site, `/app?plan=${saved!.id}`));
  await expect(modal).toBeHidden();
  await expect(page.getByTestId("editor-plan-name")).toHaveText(names.plan);

  // The address alone opens the plan again, without the modal.
  await page.reload();
  await expect(page.getByTestId("editor-plan-name")).toHaveText(names.plan);
  await expect(modal).toBeHidden();

  // /app without a plan opens the last plan again, not the modal.
  await page.goto(siteUrl(site, "/app"));
  await expect(page).toHaveURL(siteUrl(site, `/app?plan=${saved!.id}`));
  await expect(page.getByTestId("editor-plan-name")).toHaveText(names.plan);
  await expect(modal).toBeHidden();
});

test("a plan is copied into another project under a new name", async ({ page }) => {
  const modal = await openApp(page);
  await selectProject(modal, names.renamed);
  await rowAction(planRow(modal, names.plan), names.plan, t("projects.actions.copy"));
  const dialog = page.getByTestId("copy-plan-dialog");
  await dialog.getByRole("textbox", { name: t("projects.copyPlan.name") }).fill(names.copy);
  await dialog.getByRole("combobox", { name: t("projects.copyPlan.project") }).selectOption({ label: SPEC.defaultProject });
  await dialog.getByRole("button", { name: t("projects.copyPlan.submit") }).click();
  await expect(dialog).toBeHidden();

  await selectProject(modal, SPEC.defaultProject);
  await expect(planRow(modal, names.copy)).toBeVisible();
  await selectProject(modal, names.renamed);
  await expect(planRow(modal, names.plan)).toBeVisible();
  await expect(planRow(modal, names.copy)).toHaveCount(0);
});

test("a plan is archived and comes back from the archive", async ({ page }) => {
  const modal = await openApp(page);
  await selectProject(modal, names.renamed);
  await rowAction(planRow(modal, names.plan), names.plan, t("projects.actions.archive"));
  await expect(planRow(modal, names.plan)).toHaveCount(0);

  await showList(modal, "archived");
  const archived = planRow(modal, names.plan);
  await expect(archived).toContainText(t("projects.inProject", { project: names.renamed }));
  await rowAction(archived, names.plan, t("projects.actions.unarchive"));
  await expect(planRow(modal, names.plan)).toHaveCount(0);

  await showList(modal, "active");
  await selectProject(modal, names.renamed);
  await expect(planRow(modal, names.plan)).toBeVisible();
});

test("reset asks first, then removes every element and keeps the map view", async ({ page }) => {
  const [plan] = await plansOf((await projectByName(names.renamed)).id);
  const loaded = await apiCall(site, "GET", `/api/signplan/${plan!.id}`, undefined, user.token);
  const current = loaded.json as { version: number; content: Record<string, unknown> };
  const mapView = { ...(current.content.mapView as object), zoom: 17 };
  const content = { ...current.content, mapView, lines: [EXAMPLE_ELEMENTS.line], texts: [EXAMPLE_ELEMENTS.text] };
  const saved = await apiCall(site, "PUT", `/api/signplan/${plan!.id}`, { version: current.version, content }, user.token);
  expect(saved.status).toBe(200);

  const modal = await openApp(page);
  await selectProject(modal, names.renamed);
  const row = planRow(modal, names.plan);
  await expect(row).toContainText(t("projects.planMeta.elements", { count: 2 }));

  // Cancelling changes nothing.
  await rowAction(row, names.plan, t("projects.actions.reset"));
  const dialog = page.getByTestId("reset-plan-dialog");
  await expect(dialog.getByText(t("projects.resetPlan.irreversible"))).toBeVisible();
  await dialog.getByRole("button", { name: t("projects.cancel") }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(t("projects.planMeta.elements", { count: 2 }));

  await rowAction(row, names.plan, t("projects.actions.reset"));
  await dialog.getByRole("button", { name: t("projects.resetPlan.confirm") }).click();
  await expect(dialog).toBeHidden();
  await expect(modal.getByTestId("project-modal-notice")).toHaveText(t("projects.done.planReset"));
  await expect(row).toContainText(t("projects.planMeta.elements", { count: 0 }));

  const after = (await apiCall(site, "GET", `/api/signplan/${plan!.id}`, undefined, user.token)).json as {
    content: Record<string, unknown>;
  };
  expect(after.content.lines).toEqual([]);
  expect(after.content.texts).toEqual([]);
  expect(after.content.mapView).toMatchObject({ zoom: 17 });
});

test("a plan and a project go to the trash and are restored", async ({ page }) => {
  const modal = await openApp(page);
  await selectProject(modal, SPEC.defaultProject);
  await rowAction(planRow(modal, names.copy), names.copy, t("projects.actions.delete"));
  await expect(planRow(modal, names.copy)).toHaveCount(0);

  await showList(modal, "deleted");
  await planRow(modal, names.copy)
    .getByRole("button", { name: t("projects.actions.restore") })
    .click();
  await expect(planRow(modal, names.copy)).toHaveCount(0);
  await showList(modal, "active");
  await selectProject(modal, SPEC.defaultProject);
  await expect(planRow(modal, names.copy)).toBeVisible();

  // A project is archived and unarchived, then deleted with its plans and restored.
  await rowAction(projectRow(modal, names.renamed), names.renamed, t("projects.actions.archive"));
  await expect(projectRow(modal, names.renamed)).toHaveCount(0);
  await showList(modal, "archived");
  await rowAction(projectRow(modal, names.renamed), names.renamed, t("projects.actions.unarchive"));
  await expect(projectRow(modal, names.renamed)).toHaveCount(0);
  await showList(modal, "active");
  await rowAction(projectRow(modal, names.renamed), names.renamed, t("projects.actions.delete"));
  await expect(projectRow(modal, names.renamed)).toHaveCount(0);
  await showList(modal, "deleted");
  await projectRow(modal, names.renamed)
    .getByRole("button", { name: t("projects.actions.restore") })
    .click();
  await expect(projectRow(modal, names.renamed)).toHaveCount(0);
  await showList(modal, "active");
  await expect(projectRow(modal, names.renamed)).toBeVisible();
});

test("a share link opens the plan read-only for a visitor who is not logged in, until it is revoked", async ({ page, browser }) => {
  const modal = await openApp(page);
  await selectProject(modal, SPEC.defaultProject);
  const shared = names.copy;
  await rowAction(planRow(modal, shared), shared, t("projects.actions.shareLink"));
  const dialog = page.getByTestId("share-link-dialog");
  // No link yet: the dialog offers one, with an expiry to pick.
  await expect(dialog.getByText(t("projects.shareLink.none"))).toBeVisible();
  await dialog.getByRole("combobox", { name: t("projects.shareLink.expiry") }).click();
  await page.getByRole("option", { name: t("projects.shareLink.expiry7") }).click();
  await dialog.getByRole("button", { name: t("projects.shareLink.create") }).click();
  const link = await dialog.getByTestId("share-link").inputValue();
  const url = new URL(link);
  expect(url.pathname).toBe("/view");
  expect(url.searchParams.get("token")).toBeTruthy();
  const expiresOn = t("projects.shareLink.expiresOn", { date: "§" }).split("§")[0]!;
  // A date follows (not "… ikke", the text of a link without expiry).
  await expect(dialog.getByText(new RegExp(`^${expiresOn}\\d`))).toBeVisible();
  await dialog.getByRole("button", { name: t("projects.close") }).click();

  // Opening the dialog again shows the same link.
  await rowAction(planRow(modal, shared), shared, t("projects.actions.shareLink"));
  await expect(dialog.getByTestId("share-link")).toHaveValue(link);

  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(siteUrl(site, url.pathname + url.search));
    await expect(view.getByTestId("editor-plan-name")).toHaveText(shared);
    await expect(view.getByTestId("view-read-only")).toHaveText(t("projects.view.readOnly"));
    await expect(view.getByTestId("map")).toHaveAttribute("data-ready", "true");
    // Nothing to edit with, and nobody logged in.
    await expect(view.getByTestId("editor-toolbar")).toHaveCount(0);
    await expect(view.getByTestId("view-page").getByRole("textbox")).toHaveCount(0);
    expect(await view.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // Revoked (after a confirmation), the link no longer opens the plan, and a new one is offered.
    await dialog.getByRole("button", { name: t("projects.shareLink.revoke") }).click();
    await expect(dialog.getByTestId("share-link")).toHaveValue(link);
    await dialog
      .getByTestId("share-link-revoke-confirm")
      .getByRole("button", { name: t("projects.shareLink.revokeConfirm"), exact: true })
      .click();
    await expect(dialog.getByTestId("share-link-revoked")).toHaveText(t("projects.shareLink.revoked"));
    await expect(dialog.getByRole("button", { name: t("projects.shareLink.create") })).toBeVisible();
    await view.reload();
    await expect(view.getByTestId("view-invalid")).toContainText(t("projects.view.invalid"));
    await expect(view.getByTestId("editor-plan-name")).toHaveCount(0);

    await view.goto(siteUrl(site, "/view?token=not-a-token"));
    await expect(view.getByTestId("view-invalid")).toContainText(t("projects.view.invalid"));
  } finally {
    await visitor.close();
  }
});

test("a PDF background drawing an image of 40,000 × 40,000 px is refused with its reason, and the plan is created without it", async ({
  page,
}) => {
  // The security probe's pixel bomb (issue 28): a PDF of a few kilobytes whose page draws 1.6 billion pixels.
  const doc = await PDFDocument.create();
  const pdfPage = doc.addPage([595, 842]);
  const image = doc.context.register(
    doc.context.flateStream(new Uint8Array(64), {
      Type: "XObject",
      Subtype: "Image",
      Width: 40_000,
      Height: 40_000,
      BitsPerComponent: 8,
      ColorSpace: "DeviceGray",
    }),
  );
  pdfPage.node.setXObject(PDFName.of("Bomb"), image);
  pdfPage.pushOperators(pushGraphicsState(), concatTransformationMatrix(595, 0, 0, 842, 0, 0), drawObject("Bomb"), popGraphicsState());
  const bomb = Buffer.from(await doc.save());

  const modal = await openApp(page);
  await selectProject(modal, SPEC.defaultProject);
  await modal.getByRole("button", { name: t("projects.newPlan") }).click();
  const dialog = page.getByTestId("new-plan-dialog");
  const name = `Skanning ${stamp}`;
  await dialog.getByRole("textbox", { name: t("projects.planForm.name") }).fill(name);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "skanning.pdf", mimeType: "application/pdf", buffer: bomb });
  await dialog.getByRole("button", { name: t("projects.planForm.create") }).click();

  // The plan exists, the dialog says the background was not taken and why, and offers the way to the plan.
  await expect(dialog.getByTestId("background-failed")).toContainText(t("projects.planForm.backgroundFailed"));
  await expect(dialog.getByTestId("background-refusal")).toHaveText(t("api.plans.backgroundTooManyPixels", { megapixels: 100 }));
  await expect(dialog.getByRole("button", { name: t("projects.planForm.openCreated") })).toBeFocused();
  const project = await projectByName(SPEC.defaultProject);
  const saved = (await plansOf(project.id)).find((plan) => plan.name === name);
  expect(saved).toMatchObject({ name, backgroundKind: null });
});

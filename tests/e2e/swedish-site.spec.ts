/**
 * The Swedish site (TA-planen) walked as a user, public pages first, then logged in: the projects, the
 * editor with its toolbar, menu and dialogs. Each view's text (what is shown, the title, the labels,
 * tooltips and placeholders in the page) must hold no Danish letter and no Danish word; a finding names
 * the view, where in it, and the text around it. Sign names belong to the Swedish catalogue's own tests.
 */
import type { Locator, Page } from "@playwright/test";
import { danishIn } from "../support/danish-text";
import { editorUser, newPlan, openEditor, drawWith, type EditorUser } from "./editor-support";
import { saveDownload, pdfText } from "./export-support";
import { expect, test } from "./fixtures";
import { siteTexts, siteUrl, storeTokenInPage, waitForHydration } from "./support";
import { SITES } from "@/sites/registry";

const SITE = "ta-planen";
const t = siteTexts(SITE);
const PLAN = "Testplan Storgatan";
const LIST = "Skyltlista natt";

/** The texts of the page as a visitor meets them: shown text, title, description, and labels on elements. */
async function pageTexts(page: Page): Promise<Array<[where: string, text: string]>> {
  // Sign codes and names are checked too: the site shows the Swedish catalogue.
  return page.evaluate(() => {
    const out: Array<[string, string]> = [
      ["title", document.title],
      ["text", document.body.innerText],
    ];
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) out.push(["description", description]);
    for (const el of document.querySelectorAll("[aria-label],[title],[placeholder],[alt],[aria-description]")) {
      const id = el.getAttribute("data-testid");
      for (const attr of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
        const value = el.getAttribute(attr);
        if (value) out.push([`${attr} of <${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ""}>`, value]);
      }
    }
    return out;
  });
}

/** Walks views and gathers what is Danish in them; the user's own texts (names typed) are left out. */
class DanishFinder {
  readonly found: string[] = [];
  constructor(
    private readonly page: Page,
    private readonly userContent: string[] = [],
  ) {}

  /** Opens each drop-down list in `scope` in turn and checks its choices. */
  async checkChoices(scope: Locator, view: string): Promise<void> {
    for (const choice of await scope.getByRole("combobox").all()) {
      if (!(await choice.isVisible()) || (await choice.getAttribute("aria-disabled")) === "true") continue;
      await choice.click();
      await expect(this.page.getByRole("listbox")).toBeVisible();
      await this.check(`choices in the ${view}`);
      await this.page.keyboard.press("Escape");
      await expect(this.page.getByRole("listbox")).toBeHidden();
    }
  }

  async check(view: string): Promise<void> {
    for (const [where, text] of await pageTexts(this.page)) {
      let own = text;
      for (const content of this.userContent) own = own.replaceAll(content, "…");
      for (const what of danishIn(own)) this.found.push(`${view} (${new URL(this.page.url()).pathname}), ${where}: ${what}`);
    }
  }
}

const PUBLIC_PATHS = [
  "/",
  "/functions",
  "/prices",
  "/contact",
  "/cases",
  "/guides",
  `/guide/${SITES[SITE].guideSlug}`,
  "/login",
  "/register",
  "/request-password-reset",
  "/reset-password?token=invalid",
  "/encourage-verify-email?email=anna%40example.se",
  "/privacy-policy",
  "/cookie-policy",
  "/terms-of-service",
  "/afmeld-nyhedsbrev",
  "/order-control",
  "/view?token=no-such-link",
  "/create-first-organisation",
  "/no-such-page",
];

test("the public pages of the Swedish site are in Swedish", async ({ page }) => {
  test.setTimeout(120_000);
  const finder = new DanishFinder(page);
  for (const path of PUBLIC_PATHS) {
    await page.goto(siteUrl(SITE, path));
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await waitForHydration(page.locator("header"));
    // A link that leads nowhere: the server's answer is shown.
    if (path.startsWith("/view")) await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
    await finder.check(`page ${path}`);
  }

  // A failed login: the server's error text.
  await page.goto(siteUrl(SITE, "/login"));
  await page.getByRole("textbox", { name: t("auth.fields.email"), exact: true }).fill("nobody@example.se");
  await page.getByRole("textbox", { name: t("auth.fields.password"), exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await finder.check("failed login");

  // The registration form's own checks.
  await page.goto(siteUrl(SITE, "/register"));
  await page.getByRole("textbox", { name: t("auth.fields.email"), exact: true }).fill("not-an-address");
  await page.getByRole("textbox", { name: t("auth.fields.password"), exact: true }).fill("abc");
  await page.getByRole("textbox", { name: t("auth.fields.password"), exact: true }).press("Enter");
  await expect(page.getByText(t("validation.passwordTooShort"))).toBeVisible();
  await finder.check("registration with errors");

  expect(finder.found).toEqual([]);
});

let user: EditorUser;
test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, SITE);
});

test("the projects, the editor and its dialogs on the Swedish site are in Swedish", async ({ page }) => {
  test.setTimeout(180_000);
  const finder = new DanishFinder(page, [PLAN, LIST, user.name, user.email]);
  const planId = await newPlan(user, PLAN);

  // The projects: the app without a plan opens them, and a project's plans.
  await storeTokenInPage(page, SITE, user.token);
  await page.goto(siteUrl(SITE, "/app"));
  const modal = page.getByTestId("project-modal");
  await expect(modal.getByTestId("project-row").first()).toBeVisible();
  await finder.check("projects");
  await modal.getByRole("button", { name: t("projects.newProject") }).click();
  await expect(page.getByTestId("project-name-dialog")).toBeVisible();
  await finder.check("new project dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("project-name-dialog")).toBeHidden();
  await modal
    .getByRole("button", { name: t("projects.newPlan") })
    .first()
    .click();
  await expect(page.getByTestId("new-plan-dialog")).toBeVisible();
  await finder.check("new plan dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("new-plan-dialog")).toBeHidden();
  await modal.getByRole("button", { name: t("projects.close") }).click();
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByRole("menu")).toBeVisible();
  await finder.check("user menu");
  await page.getByRole("menuitem", { name: t("header.feedback") }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await finder.check("feedback dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.goto(siteUrl(SITE, "/organisation"));
  await expect(page.getByRole("heading", { name: t("organisationPage.title") })).toBeVisible();
  await finder.check("account");

  // The editor: toolbar (labels and tooltips are in the page as aria-labels), a line to style, the menu.
  const { cx, cy } = await openEditor(page, user, planId);
  await finder.check("editor");
  await drawWith(page, "line", [
    [cx - 80, cy],
    [cx + 80, cy],
  ]);
  await page.getByTestId("tool-select").click();
  await page.mouse.click(cx, cy);
  await page.getByTestId("style").click();
  await expect(page.getByTestId("style-dialog")).toBeVisible();
  await finder.check("style dialog");
  await page.getByTestId("style-dialog").getByTestId("style-width").fill("500");
  await page
    .getByTestId("style-dialog")
    .getByRole("button", { name: t("editor.styleDialog.save") })
    .click();
  await expect(page.getByTestId("style-dialog").getByText(t("validation.drawingWidth"))).toBeVisible();
  await finder.check("style dialog with a wrong width");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("style-dialog")).toBeHidden();

  // The phases on the map: the buttons that show a phase, each with its tooltip, and for a selection the
  // button that says which phases it belongs to; the line is put in the active phase, so the export below
  // offers a page per phase.
  await expect(page.getByTestId("phase-control")).toBeVisible();
  for (const view of ["all", "active", "inactive"]) {
    await page.getByTestId(`phase-show-${view}`).hover();
    await expect(page.getByRole("tooltip", { name: t(`editor.phases.showHints.${view}`) })).toBeVisible();
    await finder.check(`phase control, tooltip of ${view}`);
  }
  await page.mouse.move(cx, cy + 100);
  await page.mouse.click(cx, cy);
  const membership = (value: string) =>
    t("editor.phases.selectionButton", { count: 1, membership: t(`editor.phases.memberships.${value}`) });
  await expect(page.getByTestId("phase-assign")).toHaveText(membership("both"));
  await page.getByTestId("phase-assign").click();
  await expect(page.getByTestId("phase-assign-both")).toHaveAttribute("aria-checked", "true");
  await finder.check("phase control with a selection, its menu open");
  await page.getByTestId("phase-assign-active").click();
  await expect(page.getByTestId("phase-assign")).toHaveText(membership("active"));
  await finder.check("phase control with the selection in the active phase");

  // Every drawing tool of the site: the toolbar it brings, its style dialog and the choices there.
  const tools = await page
    .getByTestId("editor-tools")
    .locator('button[data-testid^="tool-"]:not([disabled])')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-testid")!).filter((id) => id !== "tool-select"));
  expect(tools.length).toBeGreaterThan(5);
  for (const tool of tools) {
    await page.getByTestId(tool).click();
    await expect(page.getByTestId(tool)).toHaveAttribute("aria-pressed", "true");
    await finder.check(`editor with ${tool}`);
    if (await page.getByTestId("style").isDisabled()) continue;
    await page.getByTestId("style").click();
    const dialog = page.getByTestId("style-dialog");
    await expect(dialog).toBeVisible();
    await finder.check(`style dialog of ${tool}`);
    await finder.checkChoices(dialog, `style dialog of ${tool}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  // A text is written in a dialog after a click on the map.
  await page.getByTestId("tool-text").click();
  await page.mouse.click(cx, cy - 100);
  await expect(page.getByTestId("entry-dialog")).toBeVisible();
  await finder.check("text entry dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("entry-dialog")).toBeHidden();
  await page.getByTestId("tool-select").click();

  await page.getByTestId("tool-line").hover();
  await expect(page.getByRole("tooltip", { name: t("editor.shortcuts.hint", { label: t("editor.kinds.line"), key: "L" }) })).toBeVisible();
  await finder.check("toolbar tooltip");

  const menu = async (action: string) => {
    await page.getByTestId("editor-more").click();
    await expect(page.getByTestId(`editor-action-${action}`)).toBeVisible();
    await page.getByTestId(`editor-action-${action}`).click();
  };
  await page.getByTestId("editor-more").click();
  await expect(page.getByRole("menu")).toBeVisible();
  await finder.check("editor menu");
  await page.keyboard.press("Escape");

  // The base map's switcher shows where the site has more than one map (not on the test server).
  if (await page.getByTestId("base-layer-button").count()) {
    await page.getByTestId("base-layer-button").click();
    await expect(page.getByRole("menu")).toBeVisible();
    await finder.check("base map menu");
    await page.keyboard.press("Escape");
  }

  for (const [action, testId] of [
    ["plan-info", "plan-info-dialog"],
    ["sign-inventory", "sign-inventory-dialog"],
    ["sign-lists", "sign-lists-dialog"],
    ["shortcuts", "shortcuts-dialog"],
    ["save-file", null],
    ["reset", null],
  ] as const) {
    await menu(action);
    const dialog = testId ? page.getByTestId(testId) : page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    if (action === "sign-inventory") await expect(dialog.getByTestId("sign-inventory-loading")).toHaveCount(0);
    await finder.check(`${action} dialog`);
    await finder.checkChoices(dialog, `${action} dialog`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }

  // A sign list of its own, and the message that an empty one has nothing to export.
  await menu("sign-lists");
  const lists = page.getByTestId("sign-lists-dialog");
  await lists.getByTestId("sign-list-new").click();
  await expect(page.getByTestId("sign-list-name-dialog")).toBeVisible();
  await finder.check("new sign list dialog");
  await page.getByTestId("sign-list-name-input").fill(LIST);
  await page.getByTestId("sign-list-name-input").press("Enter");
  await expect(lists.getByTestId("sign-list-empty")).toBeVisible();
  await lists.getByTestId("sign-list-export-pdf").click();
  await expect(page.getByText(t("signLists.errors.noSigns"))).toBeVisible();
  await finder.check("an empty sign list");
  await page.keyboard.press("Escape");
  await expect(lists).toBeHidden();

  await menu("export-plan");
  await expect(page.getByTestId("export-panel")).toBeVisible();
  await finder.check("export panel");
  await finder.checkChoices(page.getByTestId("export-panel"), "export panel");
  // The phases' choices, each with its hint; a page per phase last, so the PDF below has both phases' pages.
  await expect(page.getByTestId("export-phases")).toHaveValue("both");
  for (const phases of ["all", "active", "inactive", "both"]) {
    await page.getByTestId("export-phases").locator("..").click();
    await page.getByTestId(`export-phases-${phases}`).click();
    await expect(page.getByTestId("export-phases")).toHaveValue(phases);
    await expect(page.getByTestId("export-panel").getByText(t(`editorExport.phases.hints.${phases}`))).toBeVisible();
    await finder.check(`export panel with the phases ${phases}`);
  }
  // The exported page: title block, legend, scale and grid.
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);
  await finder.check("export panel after an export");
  await page.getByTestId("export-close").click();
  const exported = pdfText(pdf);
  for (const what of danishIn(exported.replaceAll(PLAN, "…"))) finder.found.push(`exported PDF: ${what}`);
  // A page per phase, each naming its phase.
  for (const phase of ["active", "inactive"]) expect(exported.replace(/\s+/g, " ")).toContain(t(`editorExport.page.phases.${phase}`));

  await page.getByTestId("sign-gallery-button").click();
  await expect(page.getByTestId("sign-gallery")).toBeVisible();
  await finder.check("sign gallery");

  // A sign from the gallery on the map, its dialog and the inventory, with its Swedish code and name.
  const tile = page.getByTestId("sign-gallery").locator('[data-testid^="sign-tile-"]').first();
  await tile.click();
  await expect(page.getByTestId("sign-placement-hint")).toBeVisible();
  await page.mouse.click(cx + 150, cy + 80);
  const signCount = () => page.evaluate(() => window.__planEditor!.getContent().signs.length);
  await expect.poll(async () => (await signCount()) > 0 || (await page.getByRole("dialog").count()) > 0).toBe(true);
  if ((await signCount()) === 0) {
    // A sign that asks for its value first (a speed, a text).
    await finder.check("the sign's question");
    await page.getByRole("dialog").getByRole("textbox").first().press("Enter");
  }
  await expect.poll(signCount).toBe(1);
  await page.getByTestId("sign-gallery-close").click();
  await page.mouse.dblclick(cx + 150, cy + 80);
  const signDialog = page.getByTestId("sign-edit-dialog");
  await expect(signDialog).toBeVisible();
  await finder.check("sign dialog");
  await finder.checkChoices(signDialog, "sign dialog");
  await page.keyboard.press("Escape");
  await expect(signDialog).toBeHidden();
  await menu("sign-inventory");
  await expect(page.getByTestId("sign-inventory-row")).toHaveCount(1);
  await finder.check("sign inventory with a sign");
  await page.keyboard.press("Escape");

  expect(finder.found).toEqual([]);
});

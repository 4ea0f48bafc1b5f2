import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { drag, drawWith, editorUser, newPlan, openEditor, storeContent, type EditorUser } from "./editor-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";
import type { PlanContent } from "@/lib/elements/plan-content";

// The plan editor on /app (issue: editor frame and machinery) with its first kind, the line: drawn by
// clicks and a double-click, selected, moved, reshaped, rotated, styled, deleted, undone and redone,
// all checked in the plan store that autosave sends to the server.

const site = "skilteplanen";
const t = siteTexts(site);

let user: EditorUser;

test.beforeAll(async ({ browser }) => {
  user = await editorUser(browser, site);
});

const lines = async (page: Page) => (await storeContent(page)).lines;
const drawLine = (page: Page, points: [number, number][]) => drawWith(page, "line", points);

test("a line is drawn by clicks and a double-click, then moved, reshaped, rotated, deleted, undone and redone", async ({ page }) => {
  const planId = await newPlan(user, "Linjer");
  const { cx, cy } = await openEditor(page, user, planId);
  await expect(page.getByTestId("editor-plan-name")).toHaveText("Linjer");

  await drawLine(page, [
    [cx - 100, cy],
    [cx + 100, cy],
    [cx + 100, cy + 100],
  ]);
  await expect.poll(async () => (await lines(page)).length).toBe(1);
  const drawn = (await lines(page))[0]!;
  expect(drawn.coordinates).toHaveLength(3);
  expect(drawn).toMatchObject({ colour: "#000000", width: 0.5 });
  // 200 px at zoom 18 near Odense is about 60 m on the ground: the first two points lie on one latitude.
  expect(drawn.coordinates[0]![1]).toBeCloseTo(drawn.coordinates[1]![1], 6);
  // Drawing ends in the select tool with the new line selected.
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("delete")).toBeEnabled();

  // Move: drag the middle of the first segment 50 px down.
  await drag(page, [cx, cy], [cx, cy + 50]);
  await expect.poll(async () => (await lines(page))[0]!.coordinates[0]![1]).toBeLessThan(drawn.coordinates[0]![1]);
  const moved = (await lines(page))[0]!;
  expect(moved.coordinates[0]![0]).toBeCloseTo(drawn.coordinates[0]![0], 6);

  // Reshape: drag the first vertex (now at cx-100, cy+50) 40 px left; the others stay.
  await drag(page, [cx - 100, cy + 50], [cx - 140, cy + 50]);
  await expect.poll(async () => (await lines(page))[0]!.coordinates[0]![0]).toBeLessThan(moved.coordinates[0]![0]);
  const reshaped = (await lines(page))[0]!;
  expect(reshaped.coordinates.slice(1)).toEqual(moved.coordinates.slice(1));

  // Rotate 5° clockwise about the centre: every vertex moves, the length stays.
  await page.getByTestId("rotate-right").click();
  await expect.poll(async () => JSON.stringify((await lines(page))[0]!.coordinates)).not.toBe(JSON.stringify(reshaped.coordinates));

  // Undo three times: back to the line as drawn; redo three times: rotated again.
  const rotated = (await lines(page))[0]!;
  for (let i = 0; i < 3; i++) await page.keyboard.press("Control+z");
  expect((await lines(page))[0]!.coordinates).toEqual(drawn.coordinates);
  await page.keyboard.press("Control+Shift+z");
  await page.keyboard.press("Control+y");
  await page.getByTestId("redo").click();
  expect((await lines(page))[0]!.coordinates).toEqual(rotated.coordinates);

  // Delete, then undo the delete.
  await page.keyboard.press("Delete");
  expect(await lines(page)).toEqual([]);
  await page.getByTestId("undo").click();
  expect(await lines(page)).toEqual([rotated]);

  // Select it by a click on its first segment, copy and paste: a second line with a new id, shifted.
  const [a, b] = rotated.coordinates as [[number, number], [number, number]];
  const mid = await page.evaluate((p) => window.__planEditor!.pixelOf(p), [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as [number, number]);
  await page.mouse.click(mid![0], mid![1]);
  await expect(page.getByTestId("copy")).toBeEnabled();
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect.poll(async () => (await lines(page)).length).toBe(2);
  const [original, pasted] = await lines(page);
  expect(original).toEqual(rotated);
  expect(pasted!.id).not.toBe(rotated.id);
  expect(pasted!.coordinates).toHaveLength(rotated.coordinates.length);
  expect(pasted!.coordinates[0]).not.toEqual(rotated.coordinates[0]);
  expect({ ...pasted, id: "", coordinates: [] }).toEqual({ ...rotated, id: "", coordinates: [] });
});

test("the width dialog refuses a width outside 0.1–100 m with the specification's message", async ({ page, browser }) => {
  // A user of its own: the style given here becomes that user's next line style (user settings), which
  // the other tests here, running beside it, must not see.
  const own = await editorUser(browser);
  const planId = await newPlan(own, "Bredde");
  const { cx, cy } = await openEditor(page, own, planId);
  await drawLine(page, [
    [cx - 80, cy - 40],
    [cx + 80, cy - 40],
  ]);
  await expect.poll(async () => (await lines(page)).length).toBe(1);

  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await dialog.getByTestId("style-width").fill("500");
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog.getByText("Bredde skal være mellem 0.1 og 100 meter")).toBeVisible();
  expect((await lines(page))[0]!.width).toBe(0.5);

  await dialog.getByTestId("style-width").fill("2,5");
  await dialog.getByTestId("style-colour").fill("#ff0000");
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  expect((await lines(page))[0]).toMatchObject({ width: 2.5, colour: "#ff0000" });
});

test("Escape abandons a drawing in progress and nothing is added", async ({ page }) => {
  const planId = await newPlan(user, "Escape");
  const { cx, cy } = await openEditor(page, user, planId);
  await page.getByTestId("tool-line").click();
  await page.mouse.click(cx - 50, cy);
  await page.mouse.click(cx + 50, cy);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("tool-select")).toHaveAttribute("aria-pressed", "true");
  expect(await lines(page)).toEqual([]);
});

test("the plan is fetched once when the editor opens, also for /app without ?plan", async ({ page }) => {
  const planId = await newPlan(user, "Én gang");
  const isPlanRequest = (url: string) => new URL(url).pathname === `/api/signplan/${planId}`;
  await storeTokenInPage(page, site, user.token);
  let planReads = 0;
  page.on("request", (request) => {
    if (isPlanRequest(request.url()) && request.method() === "GET") planReads += 1;
  });
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  expect(planReads).toBe(1);

  // /app without ?plan opens the plan opened last, and fetches it once: by now the browser has the session
  // cookie (the first open got it one), so the page brings the plan once the address names it (issue 34).
  planReads = 0;
  await page.goto(siteUrl(site, "/app"));
  await expect(page).toHaveURL(new RegExp(`/app\\?plan=${planId}$`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  const broughtByPage = await page.evaluate(() => performance.getEntriesByName("page-plan-received").length);
  expect({ planReads, broughtByPage }).toEqual({ planReads: 0, broughtByPage: 1 });
});

test("as soon as the plan is on the map the editor answers a toolbar click and a map click", async ({ page }) => {
  const planId = await newPlan(user, "Straks");
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  // The first frame is the moment to act: no waiting for anything after it.
  await page.waitForFunction(() => window.__planEditor?.firstFrame() != null);
  await page.getByTestId("tool-line").click();
  const box = (await page.getByTestId("map").boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 - 40, box.y + box.height / 2);
  await page.mouse.dblclick(box.x + box.width / 2 + 40, box.y + box.height / 2);
  await expect.poll(async () => (await lines(page)).length).toBe(1);
});

test("a plan the page cannot open leaves no map behind", async ({ page }) => {
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, "/app?plan=999999"));
  await expect(page.getByTestId("plan-load-error")).toBeVisible();
  await expect(page.locator(".ol-viewport")).toHaveCount(0);
});

test("an answer for the plan that cannot be read is reported with a way on, not waited for", async ({ page }) => {
  const planId = await newPlan(user, "Ulæselig");
  // A 200 whose body is not the plan (a proxy's page, a cut connection).
  await page.route(`**/api/signplan/${planId}`, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "\u0000<html>garbage" }),
  );
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("plan-load-error")).toHaveText(t("projects.app.planError"));
  await expect(page.getByRole("button", { name: t("projects.button") })).toBeVisible();
});

test("the editor's code comes with the plan pages only: the front page and the login page never download it", async ({ page }) => {
  // OpenLayers names its map viewport "ol-viewport": a script containing it carries the map code.
  // Read in the page (its host name resolves only in the browser), from the browser's cache.
  const scriptsWithMapCode = () =>
    page.evaluate(async () => {
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.endsWith(".js"));
      const texts = await Promise.all(urls.map(async (url) => (await fetch(url)).text()));
      return { count: urls.length, withMap: urls.filter((_, i) => texts[i]!.includes("ol-viewport")) };
    });
  for (const path of ["/", "/login"]) {
    await page.goto(siteUrl(site, path));
    await page.waitForLoadState("networkidle");
    const scripts = await scriptsWithMapCode();
    expect(scripts.count, path).toBeGreaterThan(0);
    expect(scripts.withMap, path).toEqual([]);
  }
  // The marker does find the map code where it is.
  const planId = await newPlan(user, "Kode");
  await openEditor(page, user, planId);
  expect((await scriptsWithMapCode()).withMap.length).toBeGreaterThan(0);
});

test("from another page the header's link opens the editor without a reload, with one map", async ({ page }) => {
  const planId = await newPlan(user, "Fra forsiden");
  await openEditor(page, user, planId); // the plan becomes the last one opened
  await page.goto(siteUrl(site, "/"));
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page
    .getByRole("banner")
    .getByRole("link", { name: t("nav.app") })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app\\?plan=${planId}$`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  await expect(page.getByTestId("editor-plan-name")).toHaveText("Fra forsiden");
  const state = await page.evaluate(() => ({
    sameDocument: (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
    maps: document.querySelectorAll(".ol-viewport").length,
  }));
  expect(state).toEqual({ sameDocument: true, maps: 1 });
});

test("the read-only view shows the plan's line with every editing control absent", async ({ browser }) => {
  const planId = await newPlan(user, "Kun visning");
  const loaded = (await apiCall(site, "GET", `/api/signplan/${planId}`, undefined, user.token)).json as {
    version: number;
    content: PlanContent;
  };
  const line = {
    id: "l1",
    colour: "#d32f2f",
    width: 3,
    coordinates: [
      [10.385, 55.4017],
      [10.386, 55.4017],
    ],
  };
  const mapView = { ...loaded.content.mapView, center: [10.3855, 55.4017], zoom: 18 };
  expect(
    (
      await apiCall(
        site,
        "PUT",
        `/api/signplan/${planId}`,
        { version: loaded.version, content: { ...loaded.content, mapView, lines: [line] } },
        user.token,
      )
    ).status,
  ).toBe(200);
  const share = (await apiCall(site, "POST", `/api/signplan/${planId}/share`, undefined, user.token)).json as { link: string };
  const url = new URL(share.link, siteUrl(site));

  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(siteUrl(site, url.pathname + url.search));
    const map = view.getByTestId("map");
    await expect(map).toHaveAttribute("data-ready", "true");
    await expect(view.getByTestId("plan-editor")).toHaveAttribute("data-mode", "view");
    await expect(view.getByTestId("view-only-badge")).toBeVisible();
    for (const control of [
      "editor-toolbar",
      "tool-select",
      "tool-line",
      "undo",
      "redo",
      "delete",
      "style",
      "editor-more",
      "open-projects",
      "open-projects-icon",
    ]) {
      await expect(view.getByTestId(control)).toHaveCount(0);
    }
    const before = await view.evaluate(() => window.__planEditor!.getContent());
    expect(before.lines).toEqual([line]);

    // Clicking, dragging and the editing keys change nothing.
    const [x1, y1] = (await view.evaluate(() => window.__planEditor!.pixelOf([10.3855, 55.4017])))!;
    await view.mouse.click(x1, y1);
    await view.keyboard.press("Delete");
    await view.keyboard.press("Control+z");
    await drag(view, [x1, y1], [x1 + 60, y1 + 60]);
    const after = await view.evaluate(() => window.__planEditor!.getContent());
    expect(after.lines).toEqual([line]);
    expect(await view.evaluate(() => localStorage.getItem("token"))).toBeNull();
  } finally {
    await visitor.close();
  }
});

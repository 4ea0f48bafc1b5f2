import type { Browser, BrowserContext, Page, Route, WebSocketRoute } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiCall } from "./api";
import { blankMap, openEditor, serverPlan, storeContent, type EditorUser } from "./editor-support";
import { axeViolations, organisationWith, screenshotSizes, verifiedUser, type User } from "./organisation-support";
import { siteTexts } from "./support";
import type { Position } from "@/lib/elements/common";
import type { PlanContent } from "@/lib/elements/plan-content";

// Live collaboration in the editor (issue 36): colleagues in one organisation edit one plan; other
// users' changes merge into the open plan per element without a reload and without losing unsaved
// edits; a true conflict shows both values and the user resolves it; a client offline for 10 s merges
// its edits on reconnect; three editors all see each other's edits.

const site = "skilteplanen";
const t = siteTexts(site);
const SHOTS = "test-results/collab-sync";

let owner: EditorUser;
let member: EditorUser;
let third: EditorUser;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const users: User[] = [];
  for (let i = 0; i < 3; i++) users.push(await verifiedUser(page, site));
  await page.close();
  await organisationWith(site, users[0]!, [{ user: users[1]! }, { user: users[2]! }], "Samarbejde ApS");
  const project = await apiCall(site, "POST", "/api/project", { name: "Fælles projekt", isShared: false }, users[0]!.token);
  const projectId = (project.json as { id: number }).id;
  expect((await apiCall(site, "PUT", `/api/project/${projectId}/share`, { isShared: true }, users[0]!.token)).status).toBe(200);
  const [o, m, th] = users.map((user): EditorUser => ({ ...user, site, projectId }));
  [owner, member, third] = [o!, m!, th!];
});

const line = (id: string, lat: number, fields: Record<string, unknown> = {}) => ({
  id,
  colour: "#000000",
  width: 0.5,
  coordinates: [
    [10.3849, lat],
    [10.3861, lat],
  ] as Position[],
  ...fields,
});

/** A shared plan holding two lines, one above the map's centre and one below. */
async function sharedPlan(name: string): Promise<number> {
  const created = await apiCall(site, "POST", "/api/signplan", { name, project_id: owner.projectId }, owner.token);
  expect(created.status).toBe(201);
  const planId = (created.json as { id: number }).id;
  const start = await serverPlan(owner, planId);
  const content = { ...start.content, lines: [line("l-top", 55.4019), line("l-bottom", 55.4016)] };
  expect((await apiCall(site, "PUT", `/api/signplan/${planId}`, { version: start.version, content }, owner.token)).status).toBe(200);
  return planId;
}

/**
 * A browser of its own for one user, whose live connection the test can cut: the page's WebSocket
 * goes through a route that can close it and refuse new ones while "offline".
 */
async function editorOf(browser: Browser, user: EditorUser, planId: number) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await blankMap(page);
  const sockets = new Set<WebSocketRoute>();
  let cut = false;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.add(ws);
    ws.onClose(() => sockets.delete(ws));
  });
  const opened = await openEditor(page, user, planId);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  // Set once: gone if the page ever reloads (the test checks it is still there: no reload).
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  return {
    page,
    ...opened,
    async offline() {
      cut = true;
      await context.setOffline(true);
      for (const ws of [...sockets]) await ws.close();
      sockets.clear();
    },
    async online() {
      cut = false;
      await context.setOffline(false);
    },
    /** Holds this editor's saves until the returned function lets them go (an edit that is not saved yet). */
    async holdSaves() {
      const held: Route[] = [];
      let holding = true;
      await page.route(`**/api/signplan/${planId}`, (route) => {
        if (holding && route.request().method() === "PATCH") held.push(route);
        else void route.fallback();
      });
      return async () => {
        holding = false;
        for (const route of held) await route.fallback();
        await page.unroute(`**/api/signplan/${planId}`);
      };
    },
    /** The page was never reloaded since it opened. */
    notReloaded: () => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true),
    close: () => context.close(),
  };
}

/** The page pixel of a position on the map. */
async function pixel(page: Page, position: Position): Promise<[number, number]> {
  return (await page.evaluate((p) => window.__planEditor!.pixelOf(p), position))!;
}

/** Selects a line by a click on its middle and drags it `dy` pixels down. */
async function moveLine(page: Page, id: string, dy: number) {
  const shown = (await storeContent(page)).lines.find((l) => l.id === id)!;
  const [a, b] = shown.coordinates as [Position, Position];
  const [x, y] = await pixel(page, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
  await page.mouse.click(x, y);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.getSelection())).toEqual([id]);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy / 2, { steps: 5 });
  await page.mouse.move(x, y + dy, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await storeContent(page)).lines.find((l) => l.id === id)!.coordinates).not.toEqual(shown.coordinates);
}

/** Selects a line and gives it a colour with the style dialog. */
async function colourLine(page: Page, id: string, colour: string) {
  const shown = (await storeContent(page)).lines.find((l) => l.id === id)!;
  const [a, b] = shown.coordinates as [Position, Position];
  const [x, y] = await pixel(page, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
  await page.mouse.click(x, y);
  await expect.poll(() => page.evaluate(() => window.__planEditor!.getSelection())).toEqual([id]);
  await page.getByTestId("style").click();
  const dialog = page.getByTestId("style-dialog");
  await dialog.getByTestId("style-colour").fill(colour);
  await dialog.getByRole("button", { name: t("editor.styleDialog.save") }).click();
  await expect(dialog).toBeHidden();
  await page.keyboard.press("Escape");
}

const lineOf = async (page: Page, id: string) => (await storeContent(page)).lines.find((l) => l.id === id) ?? null;
const serverLine = async (planId: number, id: string) => (await serverPlan(owner, planId)).content.lines.find((l) => l.id === id) ?? null;
const linesOf = (content: PlanContent) => [...content.lines].sort((x, y) => x.id.localeCompare(y.id));

test("a merged edit: A's unsaved move survives B's changes to another element and to the same element's colour; both see both without a reload", async ({
  browser,
}) => {
  const planId = await sharedPlan("Flet");
  const a = await editorOf(browser, owner, planId);
  const b = await editorOf(browser, member, planId);
  try {
    // A moves the top line, but A's save is held: the move is A's unsaved edit when B's changes come in.
    const release = await a.holdSaves();
    await moveLine(a.page, "l-top", 40);
    const aMoved = (await lineOf(a.page, "l-top"))!.coordinates;

    await moveLine(b.page, "l-bottom", 30);
    await colourLine(b.page, "l-top", "#ff0000");
    await expect(b.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    const bBottom = (await lineOf(b.page, "l-bottom"))!.coordinates;

    // B's changes reach A without a reload; A's unsaved move stays, with B's colour on the same line.
    await expect.poll(async () => (await lineOf(a.page, "l-bottom"))?.coordinates, { timeout: 15_000 }).toEqual(bBottom);
    await expect.poll(async () => (await lineOf(a.page, "l-top"))?.colour).toBe("#ff0000");
    expect((await lineOf(a.page, "l-top"))!.coordinates).toEqual(aMoved);
    await expect(a.page.getByTestId("sync-conflicts")).toHaveCount(0);

    // A's save goes out now and merges with B's: the server and B have both.
    await release();
    await expect(a.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    await expect.poll(() => serverLine(planId, "l-top"), { timeout: 15_000 }).toMatchObject({ colour: "#ff0000", coordinates: aMoved });
    await expect.poll(async () => (await lineOf(b.page, "l-top"))?.coordinates, { timeout: 15_000 }).toEqual(aMoved);
    expect(linesOf(await storeContent(a.page))).toEqual(linesOf(await storeContent(b.page)));
    expect(await a.notReloaded()).toBe(true);
    expect(await b.notReloaded()).toBe(true);
    await expect(a.page.getByTestId("remote-change-notice")).toHaveCount(0);
    await expect(a.page.getByTestId("conflict-dialog")).toHaveCount(0);
  } finally {
    await a.close();
    await b.close();
  }
});

test("a true conflict: both move the same line while B is offline; B sees both values, keeps B's, and both end with it", async ({
  browser,
}) => {
  const planId = await sharedPlan("Konflikt");
  const a = await editorOf(browser, owner, planId);
  const b = await editorOf(browser, member, planId);
  try {
    await b.offline();
    await moveLine(b.page, "l-top", 60);
    const bMoved = (await lineOf(b.page, "l-top"))!.coordinates;
    await moveLine(a.page, "l-top", -40);
    const aMoved = (await lineOf(a.page, "l-top"))!.coordinates;
    await expect(a.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    await b.online();

    const panel = b.page.getByTestId("sync-conflicts");
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const item = panel.getByTestId("sync-conflict");
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-element-id", "l-top");
    await expect(item.getByRole("columnheader", { name: "Din værdi" })).toBeVisible();
    await expect(item.getByRole("columnheader", { name: "Deres værdi" })).toBeVisible();
    await expect(item.getByTestId("conflict-mine")).toHaveText("Flyttet");
    await expect(item.getByTestId("conflict-theirs")).toHaveText("Flyttet");
    await expect(item).toContainText(owner.name);
    // The save state says a choice is waiting, not merely "saved".
    await expect(b.page.getByTestId("save-state-label")).toHaveText("Venter på dit valg");
    // Undecided: the server keeps A's line; B's line stays as B has it, outlined on the map.
    expect((await serverLine(planId, "l-top"))!.coordinates).toEqual(aMoved);
    expect((await lineOf(b.page, "l-top"))!.coordinates).toEqual(bMoved);
    expect(await b.page.evaluate(() => window.__planEditor!.conflictMarkers())).toEqual(["l-top"]);

    expect(await axeViolations(b.page, { scope: '[data-testid="sync-conflicts"]' })).toEqual([]);
    await screenshotSizes(b.page, SHOTS, "conflict");

    // Keyboard: Tab to "Keep mine" and press Enter.
    await item.getByTestId("conflict-keep-mine").focus();
    await b.page.keyboard.press("Enter");
    await expect(panel).toHaveCount(0);
    expect(await b.page.evaluate(() => window.__planEditor!.conflictMarkers())).toEqual([]);
    await expect.poll(() => serverLine(planId, "l-top"), { timeout: 20_000 }).toMatchObject({ coordinates: bMoved });
    await expect.poll(async () => (await lineOf(a.page, "l-top"))?.coordinates, { timeout: 15_000 }).toEqual(bMoved);
    expect(await a.notReloaded()).toBe(true);
    expect(await b.notReloaded()).toBe(true);
  } finally {
    await a.close();
    await b.close();
  }
});

test("a conflict resolved to theirs puts their value in, and the rest of the user's edits were saved meanwhile", async ({ browser }) => {
  const planId = await sharedPlan("Deres");
  const a = await editorOf(browser, owner, planId);
  const b = await editorOf(browser, member, planId);
  try {
    await b.offline();
    await colourLine(b.page, "l-top", "#00ff00");
    await moveLine(b.page, "l-bottom", 30);
    const bBottom = (await lineOf(b.page, "l-bottom"))!.coordinates;
    await colourLine(a.page, "l-top", "#0000ff");
    await expect(a.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    await b.online();
    const panel = b.page.getByTestId("sync-conflicts");
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByTestId("conflict-mine")).toHaveText("#00ff00");
    await expect(panel.getByTestId("conflict-theirs")).toHaveText("#0000ff");
    // B's other edit is saved while the conflict waits.
    await expect.poll(() => serverLine(planId, "l-bottom"), { timeout: 20_000 }).toMatchObject({ coordinates: bBottom });
    await panel.getByTestId("conflict-take-theirs").click();
    await expect(panel).toHaveCount(0);
    expect((await lineOf(b.page, "l-top"))!.colour).toBe("#0000ff");
    await expect(b.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    expect((await serverLine(planId, "l-top"))!.colour).toBe("#0000ff");
  } finally {
    await a.close();
    await b.close();
  }
});

test("a client offline for 10 s: its edits merge with the others' on reconnect, nothing lost", async ({ browser }) => {
  const planId = await sharedPlan("Offline");
  const a = await editorOf(browser, owner, planId);
  const b = await editorOf(browser, member, planId);
  try {
    await b.offline();
    await moveLine(b.page, "l-bottom", 40);
    await colourLine(b.page, "l-top", "#00aa00");
    const bBottom = (await lineOf(b.page, "l-bottom"))!.coordinates;
    await moveLine(a.page, "l-top", -30);
    const aTop = (await lineOf(a.page, "l-top"))!.coordinates;
    await expect(a.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    // Ten seconds without a connection (the autosaver keeps retrying meanwhile).
    await b.page.waitForTimeout(10_000);
    await expect(b.page.getByTestId("save-state")).toHaveAttribute("data-state", "offline");
    await b.online();

    const merged = { "l-top": { colour: "#00aa00", coordinates: aTop }, "l-bottom": { coordinates: bBottom } };
    await expect.poll(() => serverLine(planId, "l-top"), { timeout: 30_000 }).toMatchObject(merged["l-top"]);
    await expect.poll(() => serverLine(planId, "l-bottom"), { timeout: 30_000 }).toMatchObject(merged["l-bottom"]);
    await expect.poll(() => lineOf(b.page, "l-top"), { timeout: 15_000 }).toMatchObject(merged["l-top"]);
    await expect.poll(() => lineOf(a.page, "l-bottom"), { timeout: 15_000 }).toMatchObject(merged["l-bottom"]);
    await expect.poll(() => lineOf(a.page, "l-top"), { timeout: 15_000 }).toMatchObject(merged["l-top"]);
    await expect(b.page.getByTestId("sync-conflicts")).toHaveCount(0);
    await expect(b.page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
    expect(await b.notReloaded()).toBe(true);
  } finally {
    await a.close();
    await b.close();
  }
});

test("three users: an edit by one appears at the two others", async ({ browser }) => {
  const planId = await sharedPlan("Tre");
  const a = await editorOf(browser, owner, planId);
  const b = await editorOf(browser, member, planId);
  const c = await editorOf(browser, third, planId);
  try {
    await moveLine(c.page, "l-bottom", 50);
    const moved = (await lineOf(c.page, "l-bottom"))!.coordinates;
    await expect.poll(async () => (await lineOf(a.page, "l-bottom"))?.coordinates, { timeout: 15_000 }).toEqual(moved);
    await expect.poll(async () => (await lineOf(b.page, "l-bottom"))?.coordinates, { timeout: 15_000 }).toEqual(moved);
    await colourLine(a.page, "l-top", "#123456");
    await expect.poll(async () => (await lineOf(b.page, "l-top"))?.colour, { timeout: 15_000 }).toBe("#123456");
    await expect.poll(async () => (await lineOf(c.page, "l-top"))?.colour, { timeout: 15_000 }).toBe("#123456");
    for (const editor of [a, b, c]) expect(await editor.notReloaded()).toBe(true);
  } finally {
    await a.close();
    await b.close();
    await c.close();
  }
});

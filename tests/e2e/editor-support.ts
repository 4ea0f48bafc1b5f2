/**
 * What the editor's browser tests share: a confirmed user with a plan, the editor opened on it at a
 * known place and zoom, drawing with the pointer, and the plan as the store and the server hold it.
 */
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { apiCall } from "./api";
import { createVerifiedUser, siteUrl, storeTokenInPage, type TestUser } from "./support";
import { isTileRequest } from "./tile-server";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { SiteId } from "@/sites/site-ids";

export interface EditorUser extends TestUser {
  token: string;
  site: SiteId;
  projectId: number;
}

/** A confirmed user of `site` and their default project (make one per test file: sign-ups are rate limited). */
export async function editorUser(browser: Browser, site: SiteId = "skilteplanen"): Promise<EditorUser> {
  const page = await browser.newPage();
  const user = await createVerifiedUser(page, site);
  await page.close();
  const projects = (await apiCall(site, "GET", "/api/project", undefined, user.token)).json as { id: number }[];
  return { ...user, site, projectId: projects[0]!.id };
}

export async function newPlan(user: EditorUser, name: string): Promise<number> {
  const res = await apiCall(user.site, "POST", "/api/signplan", { name, project_id: user.projectId }, user.token);
  expect(res.status).toBe(201);
  return (res.json as { id: number }).id;
}

/** The plan as the server holds it. */
export async function serverPlan(user: EditorUser, planId: number): Promise<{ version: number; content: PlanContent }> {
  return (await apiCall(user.site, "GET", `/api/signplan/${planId}`, undefined, user.token)).json as {
    version: number;
    content: PlanContent;
  };
}

/** Replaces the plan's content on the server (for tests that start from a drawn plan). */
export async function putContent(user: EditorUser, planId: number, change: (content: PlanContent) => PlanContent): Promise<void> {
  const loaded = await serverPlan(user, planId);
  const res = await apiCall(
    user.site,
    "PUT",
    `/api/signplan/${planId}`,
    { version: loaded.version, content: change(loaded.content) },
    user.token,
  );
  expect(res.status).toBe(200);
}

/**
 * A blank base map, the same every run, for tests that compare pictures: the local tile server's
 * requests (and any request off this machine) are aborted, so only the app's own reach a server.
 */
export async function blankMap(page: Page): Promise<void> {
  await page.route(
    (url) => isTileRequest(url) || (url.hostname !== "127.0.0.1" && !url.hostname.endsWith("localhost")),
    (route) => route.abort(),
  );
}

/** Opens the editor on a plan, centred on Odense at street zoom; answers the map's box on the page and its centre. */
export async function openEditor(page: Page, user: Pick<EditorUser, "site" | "token">, planId: number, zoom = 18) {
  await storeTokenInPage(page, user.site, user.token);
  await page.goto(siteUrl(user.site, `/app?plan=${planId}`));
  const map = page.getByTestId("map");
  await expect(map).toHaveAttribute("data-ready", "true");
  await page.evaluate((z) => {
    window.__planEditor!.setCenter([10.38551, 55.40178]);
    window.__planEditor!.setZoom(z);
  }, zoom);
  await page.evaluate(() => window.__planEditor!.rendered());
  const box = (await map.boundingBox())!;
  return { map, box, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

/** The plan as the editor's store holds it now (what autosave sends). */
export const storeContent = (page: Page) => page.evaluate(() => window.__planEditor!.getContent()) as Promise<PlanContent>;

/** Draws with the tool `tool-<kind>`: a click on every point and a double-click on the last. */
export async function drawWith(page: Page, kind: string, points: [number, number][]) {
  await page.getByTestId(`tool-${kind}`).click();
  for (const [x, y] of points.slice(0, -1)) await page.mouse.click(x, y);
  const [lx, ly] = points[points.length - 1]!;
  await page.mouse.dblclick(lx, ly);
}

/** A drag as a hand makes it: OpenLayers starts a drag only after the pointer has moved. */
export async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 5 });
  await page.mouse.move(to[0], to[1], { steps: 5 });
  await page.mouse.up();
}

/** JSON with every object's keys sorted: two plans equal in content compare equal whatever their keys' order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Waits until autosave has nothing left to send, and answers the plan the server then holds. */
export async function savedPlan(page: Page, user: EditorUser, planId: number): Promise<PlanContent> {
  const local = await storeContent(page);
  let server: PlanContent | null = null;
  await expect
    .poll(
      async () => {
        server = (await serverPlan(user, planId)).content;
        return canonical({ ...server, mapView: null }) === canonical({ ...local, mapView: null });
      },
      { timeout: 15_000, message: "autosave has sent the plan" },
    )
    .toBe(true);
  return server!;
}

/** A read-only share link of the plan, as a path on its site. */
export async function viewPath(user: EditorUser, planId: number): Promise<string> {
  const share = (await apiCall(user.site, "POST", `/api/signplan/${planId}/share`, undefined, user.token)).json as { link: string };
  const url = new URL(share.link);
  return url.pathname + url.search;
}

/** Puts the selection in a phase (or both) through the phase control's button and its menu. */
export async function assignPhase(page: Page, membership: "both" | "active" | "inactive") {
  await page.getByTestId("phase-assign").click();
  await page.getByTestId(`phase-assign-${membership}`).click();
  await expect(page.getByTestId(`phase-assign-${membership}`)).toBeHidden();
}

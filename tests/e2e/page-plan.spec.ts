import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorUser, newPlan, putContent, serverPlan, storeContent, viewPath, type EditorUser } from "./editor-support";
import { siteTexts, siteUrl, storeTokenInPage } from "./support";

// Issue 34, the plan with the page: after a login the browser holds a session cookie beside its token,
// and /app?plan=<id> reads the plan while it renders and sends it within the document, to its owner
// only; the editor opens it without validating it again. Without the cookie the API path opens it as
// before, validated; a logout ends the cookie.

const site = "skilteplanen";
const t = siteTexts(site);
/** The mark page-client.tsx leaves each time the browser validates an opened plan (PLAN_VALIDATION_MARK). */
const VALIDATION_MARK = "plan-content-validated";

let owner: EditorUser;
let other: EditorUser;

test.beforeAll(async ({ browser }) => {
  owner = await editorUser(browser, site);
  other = await editorUser(browser, site);
});

/** Logs in through POST /api/auth/login from the page, as the login form does, and stores the token. */
async function logIn(page: Page, user: EditorUser): Promise<void> {
  await page.goto(siteUrl(site, "/"));
  const token = await page.evaluate(
    async ({ email, password }) => {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    },
    { email: user.email, password: user.password },
  );
  await storeTokenInPage(page, site, token);
}

/**
 * The HTML the server sends for a path to this browser (its cookies with it), fetched from inside the page:
 * Node, which page.request would use, does not resolve *.localhost.
 */
const documentHtml = (page: Page, path: string) => page.evaluate((p) => fetch(p).then((res) => res.text()), path);

const validations = (page: Page) => page.evaluate((mark) => performance.getEntriesByName(mark).length, VALIDATION_MARK);

/** A plan with a line whose id is a marker no other page text has. */
async function markedPlan(user: EditorUser, name: string): Promise<{ planId: number; marker: string }> {
  const planId = await newPlan(user, name);
  const marker = `marker-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const coordinates: [number, number][] = [
    [10.3855, 55.4018],
    [10.3865, 55.4022],
  ];
  await putContent(user, planId, (content) => ({ ...content, lines: [{ id: marker, coordinates, colour: "#ff0000", width: 2 }] }));
  return { planId, marker };
}

test("the login sets an HttpOnly, SameSite=Lax, Secure session cookie that Chromium keeps on *.localhost", async ({ page }) => {
  await logIn(page, owner);
  const cookies = await page.context().cookies(siteUrl(site, "/"));
  const session = cookies.find((cookie) => cookie.name === "session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
  // Not readable by the page's scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain("session=");
});

test("/app?plan= sends the plan within the document to its owner and not to another user", async ({ page, browser }) => {
  const { planId, marker } = await markedPlan(owner, "Med siden");
  await logIn(page, owner);
  const html = await documentHtml(page, `/app?plan=${planId}`);
  expect(html).toContain(marker);
  expect(html).toContain("Med siden");

  const otherContext = await browser.newContext();
  try {
    const otherPage = await otherContext.newPage();
    await logIn(otherPage, other);
    const foreignHtml = await documentHtml(otherPage, `/app?plan=${planId}`);
    expect(foreignHtml).toContain("<html");
    expect(foreignHtml).not.toContain(marker);
    expect(foreignHtml).not.toContain("Med siden");
    // Opened in the browser, the other user gets what a plan they may not read gets: the projects.
    await otherPage.goto(siteUrl(site, `/app?plan=${planId}`));
    await expect(otherPage.getByRole("dialog")).toBeVisible();
    await expect(otherPage.getByTestId("map")).toHaveCount(0);
  } finally {
    await otherContext.close();
  }
});

test("a plan opened from the page is the API's plan, opened without a second validation and without asking the API", async ({ page }) => {
  const { planId } = await markedPlan(owner, "Uden ekstra kontrol");
  await logIn(page, owner);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/signplan/${planId}`) asked.push(request.method());
  });
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  const fromApi = await serverPlan(owner, planId);
  expect(await storeContent(page)).toEqual(fromApi.content);
  expect(await validations(page)).toBe(0);
  expect(asked).toEqual([]);
});

test("without the cookie the plan comes from the API and is validated; the page then gets the browser a cookie", async ({ page }) => {
  const { planId, marker } = await markedPlan(owner, "Via API'et");
  // A token from before the cookie existed: stored, no login in this browser.
  await storeTokenInPage(page, site, owner.token);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "session")).toBe(false);
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/signplan/${planId}`);
  const session = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/session");
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await asked;
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(await storeContent(page)).toEqual((await serverPlan(owner, planId)).content);
  expect(await validations(page)).toBe(1);

  expect((await session).status()).toBe(204);
  expect(await documentHtml(page, `/app?plan=${planId}`)).toContain(marker);
});

test("a logout ends the cookie: the page no longer brings the plan, and a reload shows the login", async ({ page }) => {
  const { planId, marker } = await markedPlan(owner, "Log ud");
  await logIn(page, owner);
  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  const oldCookie = (await page.context().cookies()).find((cookie) => cookie.name === "session")!;

  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/logout");
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("menuitem", { name: t("header.logout") }).click();
  expect((await loggedOut).status()).toBe(204);
  await expect(page).toHaveURL(/\/login/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "session")).toBe(false);

  await page.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: t("auth.login.submit"), exact: true })).toBeVisible();

  // The old cookie's value, replayed, renders no plan.
  await page.context().addCookies([oldCookie]);
  expect(await documentHtml(page, `/app?plan=${planId}`)).not.toContain(marker);
});

test("/view brings the plan its link opens within the document, opened without a second validation; a bad link still says so", async ({
  page,
}) => {
  const { planId, marker } = await markedPlan(owner, "Delt med siden");
  const path = await viewPath(owner, planId);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/signplan/public/")) asked.push(request.url());
  });
  await page.goto(siteUrl(site, path));
  await expect(page.getByTestId("map")).toHaveAttribute("data-ready", "true");
  expect(await storeContent(page)).toEqual((await serverPlan(owner, planId)).content);
  expect(await validations(page)).toBe(0);
  expect(asked).toEqual([]);
  expect(await documentHtml(page, path)).toContain(marker);

  await page.goto(siteUrl(site, "/view?token=no-such-link"));
  await expect(page.getByTestId("view-invalid")).toBeVisible();
});

import { expect, test } from "./fixtures";
import { forgedToken, siteUrl, waitForHydration } from "./support";

test("dark mode is remembered across a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(siteUrl("skilteplanen"));
  const html = page.locator("html");
  await expect(html).toHaveClass(/light/);
  const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  // The class is set before React hydrates (an inline script); a click on the button before then opens nothing.
  await waitForHydration(page.getByTestId("theme-mode-button"));
  await page.getByTestId("theme-mode-button").click();
  await page.getByTestId("theme-mode-dark").click();
  await expect(html).toHaveClass(/dark/);

  await page.reload();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBg);
  expect(await page.evaluate(() => localStorage.getItem("theme-mode"))).toBe("dark");

  await waitForHydration(page.getByTestId("theme-mode-button"));
  await page.getByTestId("theme-mode-button").click();
  await page.getByTestId("theme-mode-system").click();
  await page.reload();
  await expect(html).toHaveClass(/light/);
});

test("the system theme follows the operating system", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(siteUrl("kloakplanen"));
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("below the medium breakpoint the header collapses into a menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(siteUrl("skilteplanen"));
  const header = page.getByTestId("site-header");
  await expect(header.getByRole("navigation")).toBeHidden();
  await page.getByTestId("mobile-menu-button").click();
  const drawer = page.locator(".MuiDrawer-paper");
  for (const label of ["Funktioner", "Priser", "Kontakt", "FAQ", "Guide"]) {
    await expect(drawer.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await drawer.getByRole("link", { name: "Priser", exact: true }).click();
  await expect(page).toHaveURL(/\/prices$/);
  await expect(page.locator(".MuiDrawer-paper")).toBeHidden();
});

test("the header shows the public nav in the specified order, Cases hidden", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(siteUrl("skilteplanen"));
  const nav = page.getByTestId("site-header").getByRole("navigation");
  await expect(nav.getByRole("link")).toHaveText(["Funktioner", "Priser", "Kontakt", "FAQ", "Guide"]);
  await page.goto(siteUrl("kloakplanen"));
  await expect(page.getByTestId("site-header").getByRole("navigation").getByRole("link")).toHaveText(["Priser", "Kontakt", "FAQ", "Guide"]);
});

test("a stored token shows the logged-in header", async ({ page }) => {
  await page.goto(siteUrl("skilteplanen"));
  const claims = { id: 7, email: "anna@example.dk", isVerified: true, name: "Anna", organizationId: null };
  await page.evaluate((c) => {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "");
    localStorage.setItem("token", `${b64({ alg: "HS256" })}.${b64(c)}.sig`);
  }, claims);
  await page.reload();
  const header = page.getByTestId("site-header");
  await expect(header.getByRole("navigation").getByRole("link")).toHaveText(["App", "Guide", "Funktioner", "Standardplaner"]);
  await expect(header.getByRole("link", { name: "Log ind" })).toHaveCount(0);
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByRole("menuitem", { name: "Konto" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Log ud" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("before hydration the session's links stay out of sight, so a stored session never shows the logged-out ones", async ({ page }) => {
  const header = page.getByTestId("site-header");
  const login = header.getByRole("link", { name: "Log ind" });
  await page.goto(siteUrl("skilteplanen", "/contact"));
  await waitForHydration(header);
  const heightLoggedOut = await header.evaluate((element) => element.getBoundingClientRect().height);

  await page.evaluate(
    (t) => localStorage.setItem("token", t),
    forgedToken({ id: 7, email: "anna@example.dk", isVerified: true, name: "Anna", organizationId: null }),
  );
  // Next's scripts never arrive: what shows is the prerendered HTML.
  await page.route("**/_next/static/chunks/*.js", (route) => route.abort());
  await page.goto(siteUrl("skilteplanen", "/contact"));
  await expect(header).toBeVisible();
  await expect(login).toBeHidden();
  await expect(header.getByRole("link", { name: "Prøv gratis i 14 dage" })).toBeHidden();
  await expect(header.getByRole("navigation").getByRole("link", { name: "Priser" })).toBeHidden();
  // The header keeps its height, so nothing under it moves when it hydrates.
  expect(await header.evaluate((element) => element.getBoundingClientRect().height)).toBe(heightLoggedOut);

  // Hydrated with a token the app cannot read as a user: the logged-out header shows.
  await page.unrouteAll();
  await page.evaluate((t) => localStorage.setItem("token", t), forgedToken({ id: "x" }));
  await page.goto(siteUrl("skilteplanen", "/contact"));
  await waitForHydration(header);
  await expect(login).toBeVisible();
});

test("the FAQ entry scrolls smoothly to the FAQ section, also from another page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(siteUrl("skilteplanen", "/prices"));
  await page.getByTestId("site-header").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/#faq$/);
  await expect(page.locator("#faq")).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
});

test("the page scrolls to the top on a route change", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(siteUrl("skilteplanen"));
  const prices = page.getByTestId("site-footer").getByRole("link", { name: "Priser" });
  await waitForHydration(prices);
  await prices.click();
  await expect(page).toHaveURL(/\/prices$/);
  await expect(page).toHaveTitle("Priser | Skilteplanen");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

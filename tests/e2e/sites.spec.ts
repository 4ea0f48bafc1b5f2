import { expect, test } from "./fixtures";
import { siteRequest, siteUrl } from "./support";

const SITES = [
  { site: "skilteplanen", product: "Skilteplanen", lang: "da", heading: "Skilteplaner til vejarbejde", login: "Log ind" },
  { site: "kloakplanen", product: "Kloakplanen", lang: "da", heading: "Kloaktegninger", login: "Log ind" },
  { site: "ta-planen", product: "TA-planen", lang: "sv", heading: "TA-planer för vägarbeten", login: "Logga in" },
] as const;

for (const s of SITES) {
  test(`${s.site} serves its own front page in its language`, async ({ page }) => {
    await page.goto(siteUrl(s.site));
    await expect(page.locator("html")).toHaveAttribute("lang", s.lang);
    await expect(page).toHaveTitle(new RegExp(`^${s.product} – `));
    await expect(page.getByTestId("product-name")).toHaveText(s.product);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(s.heading);
    await expect(page.getByTestId("site-header").getByRole("link", { name: s.login })).toBeVisible();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain(s.product);
  });
}

test("the footer has three columns and the promo, and a fourth on the Danish sign-plan site", async ({ page }) => {
  await page.goto(siteUrl("skilteplanen"));
  const footer = page.getByTestId("site-footer");
  for (const id of ["footer-company", "footer-links", "footer-contact", "footer-extra", "footer-promo"]) {
    await expect(footer.getByTestId(id)).toBeVisible();
  }
  await expect(footer.getByTestId("footer-promo")).toContainText("Kloakplanen");
  await expect(footer.getByRole("link", { name: "Gå til kontakt" })).toHaveAttribute("href", "/contact");
  const box = await footer.locator("> div").first().boundingBox();
  expect(box!.width).toBeLessThanOrEqual(1200);

  await page.goto(siteUrl("kloakplanen"));
  await expect(page.getByTestId("footer-extra")).toHaveCount(0);
  await expect(page.getByTestId("footer-promo")).toContainText("Skilteplanen");
});

test("the header logo is 34 px high", async ({ page }) => {
  await page.goto(siteUrl("ta-planen"));
  const logo = page.getByTestId("site-header").locator("svg").first();
  expect((await logo.boundingBox())!.height).toBe(34);
});

test("an old Danish path redirects permanently to its new one", async ({ page }) => {
  const res = await siteRequest("kloakplanen", "/kontakt");
  expect(res.status).toBe(308);
  expect(res.headers["location"]).toBe("/contact");

  await page.goto(siteUrl("kloakplanen", "/priser"));
  await expect(page).toHaveURL(siteUrl("kloakplanen", "/prices"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Priser");
  await expect(page).toHaveTitle("Priser | Kloakplanen");
});

test("a route that a site does not have is a 404 there", async ({ page }) => {
  const sewer = await page.goto(siteUrl("kloakplanen", "/functions"));
  expect(sewer!.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Siden findes ikke");

  const signs = await page.goto(siteUrl("skilteplanen", "/functions"));
  expect(signs!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Funktioner");

  const swedish = await page.goto(siteUrl("ta-planen", "/standard-skilteplaner/motorvej"));
  expect(swedish!.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("Sidan finns inte");
});

test("marketing pages are rendered per request with their own nonce, and no cache may keep them", async () => {
  const res = await siteRequest("ta-planen", "/prices");
  expect(res.status).toBe(200);
  expect(res.body).toContain('lang="sv"');
  // A page kept by a shared cache would hand every visitor the same nonce, one an attacker could read.
  expect(res.headers["x-nextjs-prerender"] ?? res.headers["x-nextjs-cache"]).toBeUndefined();
  expect(res.headers["cache-control"]).toMatch(/private/);
  expect(res.headers["cache-control"]).toMatch(/no-store/);
});

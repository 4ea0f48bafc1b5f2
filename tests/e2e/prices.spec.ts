/**
 * /prices per site (content §9, issue 31): the registry's yearly prices in the site's currency and
 * number format, the examples and the calculator with the invoice's arithmetic, the sewer site's own
 * page, the way to the trial and the terms, and no serious accessibility violation.
 */
import { expect, test } from "./fixtures";
import { axeViolations } from "./organisation-support";
import { siteUrl, waitForHydration } from "./support";
import type { SiteId } from "@/sites/site-ids";

// Intl separates "kr" (and Swedish thousands) with no-break spaces; the expectations use plain ones.
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

interface Amounts {
  language: "Danish" | "Swedish";
  first: string;
  extra: string;
  exVat: string;
  /** 1, 2 and 5 users a year excluding VAT, then including 25 % VAT. */
  examples: readonly (readonly [string, string, string])[];
  /** 7 users in the calculator: excluding VAT and including it. */
  seven: readonly [string, string];
  trial: string;
  terms: string;
}

// Both Danish sites have the registry's Danish prices (2,495 and 1,195 kr).
const DANISH: Amounts = {
  language: "Danish",
  first: "2.495 kr.",
  extra: "1.195 kr.",
  exVat: "ekskl. moms",
  examples: [
    ["1 bruger", "2.495 kr.", "3.118,75 kr."],
    ["2 brugere", "3.690 kr.", "4.612,50 kr."],
    ["5 brugere", "7.275 kr.", "9.093,75 kr."],
  ],
  seven: ["9.665 kr.", "12.081,25 kr."],
  trial: "Prøv gratis i 14 dage",
  terms: "Læs handelsbetingelserne",
};

const SITES: readonly (Amounts & { site: SiteId; product: string; kind: "signplan" | "sewer"; feature: RegExp })[] = [
  { ...DANISH, site: "skilteplanen", product: "Skilteplanen", kind: "signplan", feature: /færdselstavler/ },
  { ...DANISH, site: "kloakplanen", product: "Kloakplanen", kind: "sewer", feature: /Ledninger med dimension/ },
  {
    language: "Swedish",
    site: "ta-planen",
    product: "TA-planen",
    kind: "signplan",
    first: "2 995 kr",
    extra: "1 495 kr",
    exVat: "exkl. moms",
    examples: [
      ["1 användare", "2 995 kr", "3 743,75 kr"],
      ["2 användare", "4 490 kr", "5 612,50 kr"],
      ["5 användare", "8 975 kr", "11 218,75 kr"],
    ],
    seven: ["11 965 kr", "14 956,25 kr"],
    trial: "Prova gratis i 14 dagar",
    terms: "Läs de allmänna villkoren",
    feature: /Alla vägmärken/,
  },
];

for (const s of SITES) {
  test(`${s.site}: /prices shows the registry's prices in ${s.language} format`, async ({ page }) => {
    await page.goto(siteUrl(s.site, "/prices"));
    await expect(page).toHaveTitle(`Priser | ${s.product}`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(s.product);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Priser");
    await expect(page.getByTestId(`prices-${s.kind}`)).toBeVisible();

    expect(plain(await page.getByTestId("price-first-user").getByTestId("amount").textContent())).toBe(s.first);
    expect(plain(await page.getByTestId("price-extra-user").getByTestId("amount").textContent())).toBe(s.extra);
    await expect(page.getByTestId("price-first-user")).toContainText(
      s.kind === "sewer" || s.site === "skilteplanen" ? "ekskl. moms" : "exkl. moms",
    );

    const rows = page.getByTestId("price-examples").locator("tbody tr");
    await expect(rows).toHaveCount(3);
    for (const [i, [users, exVat, incVat]] of s.examples.entries()) {
      const cells = (await rows.nth(i).locator("th, td").allTextContents()).map(plain);
      expect(cells).toEqual([users, exVat, incVat]);
    }

    const field = page.getByTestId("price-calculator").getByRole("spinbutton");
    await waitForHydration(field);
    await field.fill("7");
    await expect.poll(async () => plain(await page.getByTestId("calculator-subtotal").textContent())).toBe(s.seven[0]);
    expect(plain(await page.getByTestId("calculator-total").textContent())).toBe(s.seven[1]);

    await expect(page.getByTestId("prices-included")).toContainText(s.feature);
    await expect(page.getByTestId("price-first-user").getByRole("link", { name: s.trial })).toHaveAttribute("href", "/register");
    const cta = page.getByTestId("prices-cta");
    await expect(cta.getByRole("link", { name: s.trial })).toHaveAttribute("href", "/register");
    await expect(cta.getByRole("link", { name: s.terms })).toHaveAttribute("href", "/terms-of-service");
  });
}

test("the sewer site's prices page has its own content, not the sign-plan page's", async ({ page }) => {
  await page.goto(siteUrl("kloakplanen", "/prices"));
  const sewer = page.getByTestId("prices-sewer");
  await expect(sewer).toContainText("Brønde, udskillere og LAR");
  await expect(sewer).toContainText("kloaktegninger");
  await expect(sewer).not.toContainText(/færdselstavler|skilteplaner/i);

  await page.goto(siteUrl("skilteplanen", "/prices"));
  const signs = page.getByTestId("prices-signplan");
  await expect(signs).toContainText("skilteplaner");
  await expect(signs).not.toContainText(/brønde|kloak/i);
});

test("the billing FAQ states who pays, the single user, mid-year users and what blocking leaves possible", async ({ page }) => {
  await page.goto(siteUrl("skilteplanen", "/prices"));
  const faq = page.getByTestId("prices-faq");
  await expect(faq).toContainText("Organisationen betaler pr. bruger");
  await expect(faq).toContainText("faktureres du som en organisation med én bruger");
  await expect(faq).toContainText("for de dage, der er tilbage af perioden");
  await expect(faq).toContainText("åbne, se og eksportere dine planer");
});

for (const site of ["skilteplanen", "kloakplanen", "ta-planen"] as const) {
  for (const width of [1400, 390]) {
    test(`${site}: /prices has no serious accessibility violation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(siteUrl(site, "/prices"));
      await waitForHydration(page.getByTestId("price-calculator").getByRole("spinbutton"));
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

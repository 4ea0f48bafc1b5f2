/**
 * /terms-of-service (content §9, issue 31) in Danish and in Swedish: the key terms with the numbers of
 * pricing.ts, the site's product name, the version date, a table of contents whose anchors lead to the
 * sections, and no serious accessibility violation.
 */
import { expect, test } from "./fixtures";
import { axeViolations } from "./organisation-support";
import { siteUrl } from "./support";
import { BLOCK_GRACE_DAYS, PAYMENT_TERMS_DAYS, TRIAL_DAYS, VAT_RATE_PERCENT } from "@/lib/billing/pricing";

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

test("the Danish terms state the commercial model with the constants' numbers", async ({ page }) => {
  await page.goto(siteUrl("skilteplanen", "/terms-of-service"));
  await expect(page).toHaveTitle("Handelsbetingelser | Skilteplanen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Handelsbetingelser");
  await expect(page.getByTestId("terms-product")).toHaveText("Skilteplanen");
  await expect(page.getByTestId("terms-version")).toHaveText("Version af 28. november 2026");

  const text = plain(await page.getByTestId("terms").textContent());
  for (const statement of [
    "Det er ikke tilladt at dele en bruger mellem flere personer",
    `gratis i ${TRIAL_DAYS} dage fra dit første login`,
    "Alle priser er ekskl. moms",
    `Der lægges ${VAT_RATE_PERCENT} % moms til på fakturaen`,
    "Prisen er 2.495 kr. pr. år for første bruger og 1.195 kr. pr. år for hver ekstra bruger",
    "faktureres årligt forud på faktura",
    `netto ${PAYMENT_TERMS_DAYS} dage fra fakturadatoen`,
    "Abonnementet betales af organisationen pr. bruger",
    "invitationer, der ikke er accepteret, tæller ikke med",
    "faktureres som en organisation med én bruger",
    "årsprisen × dage tilbage ÷ dage i perioden",
    "Når en bruger forlader organisationen, refunderes intet",
    "Der er ingen binding",
    "fornyes automatisk for et år ad gangen, medmindre det opsiges skriftligt pr. e-mail senest en kalendermåned før fornyelsen",
    "En opsigelse med knappen under Konto → Fakturaer gælder som skriftlig og bekræftes pr. e-mail",
    "får virkning ved udløbet af den følgende periode",
    `ikke er betalt ${BLOCK_GRACE_DAYS} dage efter forfaldsdagen`,
    "En spærret konto kan stadig logge ind, åbne, se og eksportere sine planer. Intet slettes",
    "Kontoen åbnes igen med det samme",
    "Betingelserne er underlagt dansk ret",
  ]) {
    expect(text, statement).toContain(statement);
  }
});

test("the Swedish terms are in Swedish, in kronor, with the same numbers", async ({ page }) => {
  await page.goto(siteUrl("ta-planen", "/terms-of-service"));
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page).toHaveTitle("Allmänna villkor | TA-planen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Allmänna villkor");
  await expect(page.getByTestId("terms-product")).toHaveText("TA-planen");
  await expect(page.getByTestId("terms-version")).toHaveText("Version från 28 november 2026");

  const text = plain(await page.getByTestId("terms").textContent());
  for (const statement of [
    "Det är förbjudet att dela ett konto mellan flera personer",
    `gratis i ${TRIAL_DAYS} dagar från din första inloggning`,
    "Alla priser är exkl. moms",
    `${VAT_RATE_PERCENT} % moms läggs till på fakturan`,
    "Priset är 2 995 kr per år för första användaren och 1 495 kr per år för varje ytterligare användare",
    "faktureras årligen i förskott mot faktura",
    `netto ${PAYMENT_TERMS_DAYS} dagar från fakturadatum`,
    "Abonnemanget betalas av organisationen per användare",
    "inbjudningar som inte har accepterats räknas inte",
    "faktureras som en organisation med en användare",
    "årspriset × återstående dagar ÷ dagar i perioden",
    "När en användare lämnar organisationen återbetalas inget",
    "Det finns ingen bindningstid",
    "förnyas automatiskt med ett år i taget, om det inte sägs upp skriftligen per e-post senast en kalendermånad före förnyelsen",
    "En uppsägning med knappen under Konto → Fakturor gäller som skriftlig och bekräftas per e-post",
    "får verkan vid slutet av den följande perioden",
    `inte är betald ${BLOCK_GRACE_DAYS} dagar efter förfallodagen`,
    "Ett spärrat konto kan fortfarande logga in, öppna, visa och exportera sina planer. Inget raderas",
    "Kontot öppnas igen direkt",
    "Villkoren lyder under dansk rätt",
  ]) {
    expect(text, statement).toContain(statement);
  }
});

test("the sewer site's terms carry its own product name", async ({ page }) => {
  await page.goto(siteUrl("kloakplanen", "/terms-of-service"));
  await expect(page).toHaveTitle("Handelsbetingelser | Kloakplanen");
  await expect(page.getByTestId("terms-product")).toHaveText("Kloakplanen");
  await expect(page.getByTestId("terms")).toContainText("Kloakplanen er et webværktøj");
  await expect(page.getByTestId("terms")).not.toContainText("Skilteplanen");
});

test("the table of contents leads to each section by its anchor", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(siteUrl("skilteplanen", "/terms-of-service"));
  const toc = page.getByTestId("terms-toc");
  await expect(toc.getByRole("link")).toHaveCount(11);
  await toc.getByRole("link", { name: "Spærring og genåbning" }).click();
  await expect(page).toHaveURL(/\/terms-of-service#blocking$/);
  await expect(page.getByRole("heading", { name: "8. Spærring og genåbning" })).toBeInViewport();
});

for (const site of ["skilteplanen", "ta-planen"] as const) {
  for (const width of [1400, 390]) {
    test(`${site}: /terms-of-service has no serious accessibility violation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(siteUrl(site, "/terms-of-service"));
      await expect(page.getByTestId("terms-toc")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

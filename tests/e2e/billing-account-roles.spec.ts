/**
 * The invoices tab for others than a Danish owner (issue 31): a member sees the subscription's state
 * and who manages it, never the form or the invoices; TA-planen's tab in Swedish with SEK and the
 * organisationsnummer; and the whole subscribe flow of a user in no organisation with the keyboard only.
 */
import { apiCall } from "./api";
import { openInvoicesTab, plain, tabTo } from "./billing-account-support";
import { expect, test } from "./fixtures";
import { axeViolations, organisationWith, VALID_ORGNR, verifiedUser, type User } from "./organisation-support";
import { siteTexts } from "./support";
import { danishIn } from "../support/danish-text";

test("a member sees the subscription's state and who manages it, not the form or the invoices", async ({ page }) => {
  const site = "skilteplanen";
  const t = siteTexts(site);
  const owner = await verifiedUser(page, site);
  const member: User = await verifiedUser(page, site);
  await organisationWith(site, owner, [{ user: member }]);

  await openInvoicesTab(page, site, member);
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.trial"));
  await expect(page.getByTestId("billing-managed-by")).toHaveText(t("billingAccount.subscription.managedBy", { owner: owner.name }));
  await expect(page.getByTestId("subscribe-section")).toHaveCount(0);
  await expect(page.getByTestId("invoices-section")).toHaveCount(0);
  await expect(page.getByTestId("details-section")).toHaveCount(0);
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByTestId("cancel-subscription")).toHaveCount(0);
  expect(await axeViolations(page), "member").toEqual([]);
  // The server agrees: the invoices are not the member's to read.
  expect((await apiCall(site, "GET", "/api/users/invoices", undefined, member.token)).status).toBe(403);
});

test("TA-planen: the tab in Swedish, amounts in SEK and the organisationsnummer", async ({ page }) => {
  test.setTimeout(90_000);
  const site = "ta-planen";
  const t = siteTexts(site);
  const owner = await verifiedUser(page, site);
  await organisationWith(site, owner, [], "Vägbolaget AB");
  await openInvoicesTab(page, site, owner);

  await expect(page.getByTestId("subscription-status")).toHaveText("Provperiod");
  expect(plain(await page.getByTestId("subscription-total").textContent())).toBe("3 743,75 kr");
  expect(plain(await page.getByTestId("subscription-prices").textContent())).toBe(
    "Första användaren 2 995 kr, varje ytterligare användare 1 495 kr",
  );
  const form = page.getByTestId("subscribe-details-form");
  await expect(form.getByLabel("Organisationsnummer")).toHaveValue(VALID_ORGNR);
  await expect(form.getByText("CVR", { exact: false })).toHaveCount(0);
  await expect(page.getByTestId("details-country")).toHaveText("Sverige");

  // The prefilled name is the test user's (a Danish one); a Swedish customer's instead.
  await form.getByTestId("details-name").fill("Anna Svensson");
  await form.getByTestId("details-address").fill("Storgatan 1");
  await form.getByTestId("details-zip").fill("111 22");
  await form.getByTestId("details-city").fill("Stockholm");
  await form.getByRole("button", { name: t("billingAccount.details.saveAndContinue") }).click();
  await expect(form.getByText("Ange antingen en e-postadress för fakturor eller välj e-faktura")).toBeVisible();
  expect(danishIn(await page.getByTestId("invoices-tab").innerText())).toEqual([]);

  await form.getByTestId("details-invoice-email").fill("faktura@vagbolaget.se");
  await form.getByRole("button", { name: t("billingAccount.details.saveAndContinue") }).click();
  const accept = page.getByTestId("accept-subscription");
  expect(plain(await accept.getByTestId("accept-total").textContent())).toBe("3 743,75 kr");
  await expect(accept.getByTestId("accept-terms-text")).toContainText("SEK");
  expect(danishIn(await page.getByTestId("invoices-tab").innerText())).toEqual([]);
  expect(await axeViolations(page), "Swedish accept step").toEqual([]);

  await accept.getByRole("checkbox").check();
  await accept.getByRole("button", { name: "Godkänn abonnemanget" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Aktivt");
  const row = page.getByTestId("invoice-row");
  expect(plain(await row.getByTestId("invoice-amount").textContent())).toBe("3 743,75 kr");
  await expect(row.getByTestId("invoice-status")).toHaveText("Väntar på betalning");
  expect(danishIn(await page.getByTestId("invoices-tab").innerText())).toEqual([]);
  expect(await axeViolations(page), "Swedish active").toEqual([]);
});

test("a user in no organisation subscribes with the keyboard only", async ({ page }) => {
  test.setTimeout(90_000);
  const site = "skilteplanen";
  const t = siteTexts(site);
  const user = await verifiedUser(page, site);
  await openInvoicesTab(page, site, user);
  await expect(page.getByTestId("subscription-seats")).toHaveText(t("billingAccount.subscription.seatsAlone"));
  const form = page.getByTestId("subscribe-details-form");
  await expect(form.getByTestId("details-from-organisation")).toHaveCount(0);

  // Not a company: Space on the checkbox, and the company's fields go.
  const isCompany = form.getByLabel(t("billingAccount.details.isCompany"));
  await tabTo(page, isCompany);
  await page.keyboard.press("Space");
  await expect(isCompany).not.toBeChecked();
  await expect(form.getByTestId("details-company-name")).toHaveCount(0);

  await tabTo(page, form.getByTestId("details-address"));
  await page.keyboard.type("Vejen 2");
  await page.keyboard.press("Tab");
  await page.keyboard.type("8000");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Aarhus");
  await tabTo(page, form.getByTestId("details-invoice-email"));
  await page.keyboard.type("mig@example.dk");
  await page.keyboard.press("Enter");

  const accept = page.getByTestId("accept-subscription");
  await expect(accept).toBeVisible();
  await tabTo(page, accept.getByRole("checkbox"));
  await page.keyboard.press("Space");
  await expect(accept.getByRole("checkbox")).toBeChecked();
  await tabTo(page, accept.getByRole("button", { name: t("billingAccount.subscribe.button") }));
  await page.keyboard.press("Enter");

  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.active"));
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  expect(plain(await page.getByTestId("invoice-amount").textContent())).toBe("3.118,75 kr.");
  expect(await axeViolations(page), "after the keyboard's acceptance").toEqual([]);
});

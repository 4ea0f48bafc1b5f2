/**
 * The invoices tab of /organisation on a Danish site (issue 31; core §3, §4, §8): a trial owner
 * subscribes without details (the form's Danish errors, then the terms and the one button, then the
 * invoice and the active subscription); cancelling states the day it ends, and resuming; the details
 * edited later and an overdue invoice's chip; a blocked user with details reactivates with one button.
 * axe on the tab in each state; screenshots of the trial, the form and the active tab with its invoice
 * at three sizes go to /tmp/billing-account-shots.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { apiCall } from "./api";
import {
  acceptByApi,
  dayOf,
  openInvoicesTab,
  plain,
  saveDetailsByApi,
  shoot,
  subscriptionOf,
  VALID_EAN,
  WRONG_CHECK_DIGIT_EAN,
} from "./billing-account-support";
import { setTrialDaysLeft } from "./billing-support";
import { expect, test } from "./fixtures";
import { axeViolations, organisationWith, VALID_CVR, verifiedUser } from "./organisation-support";
import { siteTexts } from "./support";

const site = "skilteplanen";
const t = siteTexts(site);

interface InvoiceJson {
  id: number;
  number: number;
  amount: number;
  status: string;
  pdfUrl: string;
  ublUrl: string | null;
}

test("a trial owner subscribes from the tab: details with the Danish errors, the terms, then the invoice and an active subscription", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await verifiedUser(page, site);
  await organisationWith(site, owner);
  await openInvoicesTab(page, site, owner);

  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.trial"));
  await expect(page.getByTestId("subscription-status-text")).toHaveText(t("billingAccount.subscription.trialText", { days: 14 }));
  await expect(page.getByTestId("subscription-seats")).toHaveText(
    t("billingAccount.subscription.seatsOrganisation", { seats: 1, organisation: "Vejfirma ApS" }),
  );
  expect(plain(await page.getByTestId("subscription-total").textContent())).toBe("3.118,75 kr.");
  await expect(page.getByTestId("invoices-empty")).toBeVisible();

  // Without details the form comes first, filled from the organisation.
  const form = page.getByTestId("subscribe-details-form");
  await expect(page.getByTestId("subscribe-step")).toHaveText(t("billingAccount.subscribe.stepDetails"));
  await expect(form.getByTestId("details-company-name")).toHaveValue("Vejfirma ApS");
  await expect(form.getByTestId("details-company-number")).toHaveValue(VALID_CVR);
  await expect(form.getByLabel(t("organisationPage.form.cvrLabel"))).toBeVisible();
  await expect(page.getByTestId("accept-subscription")).toHaveCount(0);
  expect(await axeViolations(page), "trial").toEqual([]);
  await shoot(page, "trial");

  await form.getByTestId("details-address").fill("Vejen 1");
  await form.getByTestId("details-zip").fill("5000");
  await form.getByTestId("details-city").fill("Odense");
  await form.getByLabel(t("billingAccount.details.sendEInvoice")).check();
  await form.getByTestId("details-ean").fill(WRONG_CHECK_DIGIT_EAN);
  const save = form.getByRole("button", { name: t("billingAccount.details.saveAndContinue") });
  await save.click();
  await expect(form.getByText("EAN-nummerets kontrolciffer passer ikke")).toBeVisible();
  await expect(form.getByTestId("details-ean")).toHaveAttribute("aria-invalid", "true");

  // Neither an invoice e-mail nor e-invoice: the message at the e-mail field.
  await form.getByLabel(t("billingAccount.details.sendEInvoice")).uncheck();
  await save.click();
  const email = form.getByTestId("details-invoice-email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Angiv enten en faktura-e-mail eller vælg e-faktura")).toBeVisible();
  expect(await axeViolations(page), "form with errors").toEqual([]);
  await shoot(page, "form");

  await email.fill("faktura@vejfirma.dk");
  await form.getByLabel(t("billingAccount.details.sendEInvoice")).check();
  await form.getByTestId("details-ean").fill(VALID_EAN);
  await save.click();

  // Then the one-button step: what is invoiced now, the terms, and the button.
  const accept = page.getByTestId("accept-subscription");
  await expect(accept).toBeVisible();
  await expect(page.getByTestId("subscribe-details-form")).toHaveCount(0);
  expect(plain(await accept.getByTestId("accept-subtotal").textContent())).toBe("2.495 kr.");
  expect(plain(await accept.getByTestId("accept-vat").textContent())).toBe("623,75 kr.");
  expect(plain(await accept.getByTestId("accept-total").textContent())).toBe("3.118,75 kr.");
  await expect(accept.getByTestId("accept-terms-text")).toContainText("DKK");
  const termsLink = accept.getByTestId("accept-terms-link");
  await expect(termsLink).toHaveAttribute("href", "/terms-of-service");
  await expect(termsLink).toHaveAttribute("target", "_blank");
  await expect(page.getByTestId("details-summary")).toContainText(`E-faktura til EAN ${VALID_EAN}`);
  expect(await axeViolations(page), "accept step").toEqual([]);

  await accept.getByRole("button", { name: t("billingAccount.subscribe.button") }).click();
  await expect(accept.getByTestId("accept-terms-error")).toHaveText(t("validation.acceptTermsRequired"));
  await accept.getByRole("checkbox").check();
  await accept.getByRole("button", { name: t("billingAccount.subscribe.button") }).click();

  // The invoice, the toast and the refreshed state.
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.active"));
  const invoices = (await apiCall(site, "GET", "/api/users/invoices", undefined, owner.token)).json as InvoiceJson[];
  expect(invoices).toHaveLength(1);
  const invoice = invoices[0]!;
  expect(invoice).toMatchObject({ amount: 311875, status: "pending" });
  await expect(page.getByText(t("billingAccount.subscribe.done", { number: invoice.number }))).toBeVisible();
  await expect(page.getByTestId("invoice-issued")).toContainText(`nr. ${invoice.number}`);
  const row = page.getByTestId("invoice-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("invoice-number")).toHaveText(t("billingAccount.invoices.invoiceTitle", { number: invoice.number }));
  expect(plain(await row.getByTestId("invoice-amount").textContent())).toBe("3.118,75 kr.");
  await expect(row.getByTestId("invoice-status")).toHaveText(t("billingAccount.invoices.statuses.pending"));
  await expect(row.getByTestId("invoice-status")).toHaveAttribute("data-status", "pending");
  const pdf = row.getByTestId("invoice-pdf");
  await expect(pdf).toHaveAttribute("href", invoice.pdfUrl);
  expect(invoice.pdfUrl).toBe(`/api/users/invoices/${invoice.id}/pdf`);
  await expect(pdf).toHaveAttribute("download", `faktura-nr-${invoice.number}.pdf`);
  await expect(row.getByTestId("invoice-ubl")).toHaveAttribute("href", invoice.ublUrl!);
  await expect(row.getByTestId("invoice-ubl")).toHaveText("UBL (e-faktura)");
  await expect(row.getByTestId("invoice-ubl")).toHaveAttribute("download", `faktura-nr-${invoice.number}.xml`);

  const subscription = await subscriptionOf(site, owner);
  expect(subscription.status).toBe("active");
  await expect(page.getByTestId("subscription-renewal")).toHaveText(dayOf(site, subscription.periodEnd!));
  await expect(page.getByTestId("subscribe-section")).toHaveCount(0);
  await expect(page.getByTestId("cancel-subscription")).toBeVisible();
  expect(await axeViolations(page), "active with an invoice").toEqual([]);
  await shoot(page, "active");
});

test("cancelling states the day it ends and ends as cancelled on that day; resuming makes it active again; details edited later; an overdue invoice in red", async ({
  page,
}) => {
  const owner = await verifiedUser(page, site);
  await organisationWith(site, owner);
  await saveDetailsByApi(site, owner);
  await acceptByApi(site, owner);
  const { periodEnd } = await subscriptionOf(site, owner);
  // Accepted during the trial, the period ends a year after the trial: far more than a month's notice away.
  const ends = dayOf(site, periodEnd!);
  await openInvoicesTab(page, site, owner);
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.active"));

  await page.getByTestId("cancel-subscription").click();
  const dialog = page.getByTestId("cancel-subscription-dialog");
  await expect(dialog.getByRole("heading", { name: t("billingAccount.cancelDialog.title") })).toBeVisible();
  await expect(dialog.getByTestId("cancel-subscription-ends")).toHaveText(t("billingAccount.cancelDialog.endsOn", { date: ends }));
  await expect(dialog.getByTestId("cancel-subscription-notice")).toHaveCount(0);
  await expect(dialog.getByText(t("billingAccount.cancelDialog.written"))).toBeVisible();
  await expect(dialog.getByTestId("cancel-subscription-terms")).toHaveAttribute("href", "/terms-of-service#renewal");
  // Cancel has the focus: Enter alone does not cancel a subscription.
  await expect(dialog.getByRole("button", { name: t("billingAccount.cancelDialog.keep") })).toBeFocused();
  expect(await axeViolations(page), "cancel dialog").toEqual([]);
  await dialog.getByRole("button", { name: t("billingAccount.cancelDialog.confirm") }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.cancelled"));
  await expect(page.getByTestId("subscription-status-text")).toHaveText(t("billingAccount.subscription.cancelledText", { date: ends }));
  await expect(page.getByTestId("subscription-ends")).toContainText(ends);
  const cancelled = await subscriptionOf(site, owner);
  expect(cancelled).toMatchObject({ status: "cancelled", cancelAt: periodEnd });
  expect(await axeViolations(page), "cancelled").toEqual([]);

  await page.getByRole("button", { name: t("billingAccount.subscription.resume") }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.active"));
  await expect(page.getByTestId("subscription-renewal")).toHaveText(ends);
  expect(await subscriptionOf(site, owner)).toMatchObject({ status: "active", cancelAt: null });

  // The saved details are edited later, and the summary shows the change.
  await page.getByRole("button", { name: t("billingAccount.details.edit") }).click();
  const form = page.getByTestId("invoice-details-form");
  await expect(form.getByTestId("details-name")).toHaveValue("Bo Jensen");
  await form.getByTestId("details-reference").fill("PO 4711");
  await form.getByRole("button", { name: t("billingAccount.details.save") }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId("details-summary")).toContainText(t("billingAccount.details.referenceValue", { reference: "PO 4711" }));

  // An overdue invoice's chip in the error colour (the darker shade of #f44336, as the danger buttons).
  const [invoice] = (await apiCall(site, "GET", "/api/users/invoices", undefined, owner.token)).json as InvoiceJson[];
  const conn = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    conn.prepare("UPDATE invoices SET status = 'overdue' WHERE id = ?").run(invoice!.id);
  } finally {
    conn.close();
  }
  await page.reload();
  const chip = page.getByTestId("invoice-row").getByTestId("invoice-status");
  await expect(chip).toHaveText(t("billingAccount.invoices.statuses.overdue"));
  await expect(chip).toHaveCSS("background-color", "rgb(170, 46, 37)");
  expect(await axeViolations(page), "overdue invoice").toEqual([]);
});

test("a blocked user with saved details reactivates with the one button, and block-status is lifted", async ({ page }) => {
  const user = await verifiedUser(page, site);
  await saveDetailsByApi(site, user);
  setTrialDaysLeft(user.id, -1);
  const blockStatus = async () =>
    (await apiCall(site, "GET", "/api/users/block-status", undefined, user.token)).json as { blocked: boolean };
  expect((await blockStatus()).blocked).toBe(true);

  await openInvoicesTab(page, site, user);
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.blocked"));
  await expect(page.getByTestId("subscription-status-text")).toHaveText(t("billingAccount.subscription.blocked.trialEnded"));
  // An account of one, and it says so.
  await expect(page.getByTestId("subscription-seats")).toHaveText(t("billingAccount.subscription.seatsAlone"));
  const accept = page.getByTestId("accept-subscription");
  await expect(accept).toBeVisible();
  await expect(page.getByTestId("subscribe-details-form")).toHaveCount(0);
  await expect(page.getByTestId("details-summary")).toContainText("Vejfirma ApS");
  expect(await axeViolations(page), "blocked").toEqual([]);

  await accept.getByRole("checkbox").check();
  await accept.getByRole("button", { name: t("billingAccount.subscribe.button") }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText(t("billingAccount.subscription.status.active"));
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  expect((await blockStatus()).blocked).toBe(false);
});

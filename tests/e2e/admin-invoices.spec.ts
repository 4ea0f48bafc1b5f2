/**
 * The admin area's invoices in the browser (issue 32): staff record the payment of an overdue invoice
 * and the blocked customer's open editor (another browser) turns editable without a reload; staff credit
 * an invoice and both numbers show, and the customer finds the credit note in their invoices tab and
 * downloads it; the filters live in the address; the CSV downloads with the rows. axe on the screen and
 * its dialogs; screenshots at 1400x900 and 390x844 under /tmp.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { apiCall } from "./api";
import { acceptPaymentThroughApi } from "./billing-shell-support";
import { editorUser, newPlan } from "./editor-support";
import { axeViolations, screenshotSizes, userIdOf } from "./organisation-support";
import { createVerifiedUser, siteTexts, siteUrl, storeTokenInPage } from "./support";
import { siteDay } from "@/lib/billing/dates";

const site = "skilteplanen";
const t = siteTexts(site);
const SHOTS = "/tmp/admin-invoices-shots";

function inDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const makeStaff = (userId: number) => inDatabase((db) => db.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(userId));

/** Past its due date and the grace: the invoice blocks its payer (the daily job would set "overdue"). */
const makeOverdue = (invoiceId: number) =>
  inDatabase((db) =>
    db
      .prepare("UPDATE invoices SET due_at = ?, status = 'overdue' WHERE id = ?")
      .run(new Date(Date.now() - 30 * 86_400_000).toISOString(), invoiceId),
  );

type Invoice = { id: number; number: number; amount: number };
async function onlyInvoice(token: string): Promise<Invoice> {
  const res = await apiCall(site, "GET", "/api/users/invoices", undefined, token);
  expect(res.status).toBe(200);
  return (res.json as Invoice[])[0]!;
}

async function staffUser(page: Page) {
  const staff = await createVerifiedUser(page, site);
  makeStaff(userIdOf(staff.token));
  await storeTokenInPage(page, site, staff.token);
  return staff;
}

const row = (page: Page, number: number) => page.locator(`[data-testid="admin-invoice-row"][data-number="${number}"]`);

/** Opens a row's actions menu and picks one. */
async function rowAction(page: Page, number: number, action: string) {
  await row(page, number).getByTestId("invoice-actions").click();
  await page.getByTestId(action).click();
}

test("a payment recorded by staff pays an overdue invoice and the customer's open editor turns editable without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = await editorUser(browser, site);
  const planId = await newPlan(customer, "Plan med forfalden faktura");
  await acceptPaymentThroughApi(site, customer.token);
  const invoice = await onlyInvoice(customer.token);
  makeOverdue(invoice.id);

  // The customer's editor, in a browser of its own: read-only, with the banner.
  const customerContext = await browser.newContext();
  const editorPage = await customerContext.newPage();
  await storeTokenInPage(editorPage, site, customer.token);
  await editorPage.goto(siteUrl(site, `/app?plan=${planId}`));
  await expect(editorPage.getByTestId("blocked-account-dialog")).toBeVisible();
  await editorPage.keyboard.press("Escape");
  const editor = editorPage.getByTestId("plan-editor");
  await expect(editor).toHaveAttribute("data-mode", "view");
  await expect(editorPage.getByTestId("blocked-banner")).toBeVisible();
  await editorPage.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // Staff find the invoice with the overdue filter, kept in the address.
  await staffUser(page);
  await page.goto(siteUrl(site, `/admin?tab=invoices&overdue=true&q=${invoice.number}`));
  await expect(row(page, invoice.number)).toBeVisible();
  await expect(page.getByTestId("invoices-overdue")).toBeChecked();
  await expect(row(page, invoice.number).getByTestId("invoice-status")).toHaveAttribute("data-status", "overdue");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotSizes(page, SHOTS, "overdue-list");

  // Keyboard: the actions button opens its menu, Enter picks "record payment".
  await row(page, invoice.number).getByTestId("invoice-actions").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("action-payment")).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("payment-dialog");
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("payment-date")).toHaveValue(siteDay(new Date()));
  await expect(page.getByTestId("payment-amount")).toHaveValue((invoice.amount / 100).toFixed(2).replace(".", ","));
  expect(await axeViolations(page, { scope: '[data-testid="payment-dialog"]' })).toEqual([]);
  await screenshotSizes(page, SHOTS, "payment-dialog");
  // A reference is required: nothing is sent without it.
  await page.getByTestId("payment-reference").fill("Bankoverførsel 4711");
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(t("admin.invoices.payment.paid", { number: invoice.number }))).toBeVisible();

  // Paid: no longer among the overdue; without the filter it shows paid in full.
  await expect(row(page, invoice.number)).toHaveCount(0);
  // The box follows the address, which the click changes (a checked state of its own could disagree with the list).
  await page.getByTestId("invoices-overdue").click();
  await expect(page).not.toHaveURL(/overdue=/);
  await expect(page.getByTestId("invoices-overdue")).not.toBeChecked();
  await expect(row(page, invoice.number).getByTestId("invoice-status")).toHaveAttribute("data-status", "paid");

  // The customer's editor: editable again, in the same document.
  await expect(editorPage.getByTestId("blocked-banner")).toHaveCount(0);
  await expect(editor).toHaveAttribute("data-mode", "edit");
  await expect(editorPage.getByTestId("tool-line")).toBeEnabled();
  expect(await editorPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await customerContext.close();
});

test("staff credit an invoice: both numbers show, the customer downloads the credit note, and the CSV has both rows", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customerPage = await browser.newPage();
  const customer = await createVerifiedUser(customerPage, site);
  await acceptPaymentThroughApi(site, customer.token);
  const invoice = await onlyInvoice(customer.token);

  const staff = await staffUser(page);
  await page.goto(siteUrl(site, "/admin?tab=invoices"));
  // The search goes to the address once typing pauses.
  await page.getByTestId("invoices-search").fill(String(invoice.number));
  await expect(page).toHaveURL(new RegExp(`q=${invoice.number}`));
  await expect(row(page, invoice.number)).toBeVisible();

  await rowAction(page, invoice.number, "action-credit");
  const dialog = page.getByTestId("credit-dialog");
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: t("admin.invoices.creditDialog.submit") });
  await expect(confirm).toBeDisabled();
  await page.getByTestId("credit-reason").fill("Faktureret to gange");
  await expect(confirm).toBeEnabled();
  // The button's colours fade in from the disabled ones (MUI's transition): axe reads them once it ends.
  await page.waitForTimeout(400);
  expect(await axeViolations(page, { scope: '[data-testid="credit-dialog"]' })).toEqual([]);
  await screenshotSizes(page, SHOTS, "credit-dialog");
  await confirm.click();
  await expect(dialog).toHaveCount(0);

  const listed = await apiCall(site, "GET", `/api/admin/invoices?q=${invoice.number}`, undefined, staff.token);
  const credited = (listed.json as { invoices: { number: number; creditNote: { number: number } | null }[] }).invoices.find(
    (i) => i.number === invoice.number,
  )!;
  const creditNumber = credited.creditNote!.number;
  await expect(row(page, invoice.number).getByTestId("invoice-number")).toContainText(String(invoice.number));
  await expect(row(page, invoice.number).getByTestId("invoice-credit-note")).toHaveText(
    t("admin.invoices.creditNoteNumber", { number: creditNumber }),
  );
  await expect(row(page, invoice.number).getByTestId("invoice-status")).toHaveAttribute("data-status", "credited");

  // The status filter lives in the address and survives a reload.
  await page.getByTestId("invoices-status").click();
  await page.getByRole("option", { name: t("billingAccount.invoices.statuses.credited") }).click();
  await expect(page).toHaveURL(/status=credited/);
  await page.reload();
  await expect(page.getByTestId("invoices-status")).toContainText(t("billingAccount.invoices.statuses.credited"));
  await expect(row(page, invoice.number)).toBeVisible();
  await screenshotSizes(page, SHOTS, "credited-list");

  // Staff download the credit note.
  const staffDownload = page.waitForEvent("download");
  await rowAction(page, invoice.number, "action-credit-pdf");
  expect((await staffDownload).suggestedFilename()).toBe(`kreditnota-${creditNumber}.pdf`);

  // The customer's invoices tab: the invoice with its number, the credit note's number and its download.
  await storeTokenInPage(customerPage, site, customer.token);
  await customerPage.goto(siteUrl(site, "/organisation?tab=invoices"));
  const card = customerPage.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`);
  await expect(card.getByTestId("invoice-status")).toHaveAttribute("data-status", "credited");
  await expect(card.getByTestId("invoice-credit-note")).toHaveText(t("billingAccount.invoices.creditNote", { number: creditNumber }));
  const customerDownload = customerPage.waitForEvent("download");
  await card.getByTestId("credit-note-pdf").click();
  const file = await customerDownload;
  expect(file.suggestedFilename()).toBe(`kreditnota-${creditNumber}.pdf`);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  expect(await axeViolations(customerPage, { scope: '[data-testid="invoice-list"]' })).toEqual([]);
  await screenshotSizes(customerPage, SHOTS, "customer-credit-note");
  await customerPage.close();

  // The CSV of this month: the invoice and its credit note.
  await page.getByTestId("invoices-csv").click();
  const csvDialog = page.getByTestId("csv-dialog");
  await expect(csvDialog).toBeVisible();
  await expect(page.getByTestId("csv-to")).toHaveValue(siteDay(new Date()));
  expect(await axeViolations(page, { scope: '[data-testid="csv-dialog"]' })).toEqual([]);
  const csvDownload = page.waitForEvent("download");
  await csvDialog.getByRole("button", { name: t("admin.invoices.csv.submit") }).click();
  const csv = readFileSync((await (await csvDownload).path())!, "utf8");
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toMatch(/^Nummer;/);
  expect(lines.some((line) => line.startsWith(`${invoice.number};Faktura;`))).toBe(true);
  expect(lines.some((line) => line.startsWith(`${creditNumber};Kreditnota;`) && line.endsWith(`;${invoice.number}`))).toBe(true);
  await expect(csvDialog).toHaveCount(0);
});

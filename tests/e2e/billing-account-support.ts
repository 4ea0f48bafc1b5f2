/**
 * What the browser tests of the invoices tab share: users and organisations made through the API,
 * invoice details saved and the subscription accepted through it, the dates and amounts as the tab
 * prints them, a walk to an element with the Tab key, and the screenshots at three sizes.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { validDetails } from "../support/invoice-details";
import { apiCall } from "./api";
import { screenshotSizes, type User } from "./organisation-support";
import { siteUrl, storeTokenInPage, waitForHydration } from "./support";
import type { SiteId } from "@/sites/site-ids";

export const VALID_EAN = "5790000000005";
/** VALID_EAN with its last digit changed: 13 digits, the GS1 check digit wrong. */
export const WRONG_CHECK_DIGIT_EAN = "5790000000006";

export async function saveDetailsByApi(site: SiteId, user: User, extra: Record<string, unknown> = {}): Promise<void> {
  const saved = await apiCall(site, "POST", "/api/users/invoiceDetails", validDetails(site, { reference: "", ...extra }), user.token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
}

export interface SubscriptionJson {
  status: string;
  periodEnd: string | null;
  cancelAt: string | null;
}

export async function subscriptionOf(site: SiteId, user: User): Promise<SubscriptionJson> {
  return (await apiCall(site, "GET", "/api/users/subscription-status", undefined, user.token)).json as SubscriptionJson;
}

export async function acceptByApi(site: SiteId, user: User): Promise<void> {
  const accepted = await apiCall(site, "POST", "/api/users/accept-payment", { acceptTerms: true }, user.token);
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
}

/** Opens the invoices tab as `user` and waits until its data has come. */
export async function openInvoicesTab(page: Page, site: SiteId, user: User): Promise<void> {
  await storeTokenInPage(page, site, user.token);
  await page.goto(siteUrl(site, "/organisation?tab=invoices"));
  await expect(page.getByTestId("subscription-card")).toBeVisible();
  await waitForHydration(page.getByTestId("subscription-status"));
}

// Intl separates "kr" (and Swedish thousands) with no-break spaces; the expectations use plain ones.
export const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

const INTL: Record<SiteId, string> = { skilteplanen: "da-DK", kloakplanen: "da-DK", "ta-planen": "sv-SE" };

/** A moment as the tab prints its day (the Danish calendar, the site's language). */
export function dayOf(site: SiteId, iso: string): string {
  return new Intl.DateTimeFormat(INTL[site], { dateStyle: "long", timeZone: "Europe/Copenhagen" }).format(new Date(iso));
}

/** Presses Tab until `target` has the focus (the keyboard's way there), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target.toString()} not reached with ${max} presses of Tab`);
}

/** The tab's screenshots at three sizes, into /tmp/billing-account-shots. */
export const shoot = (page: Page, name: string) => screenshotSizes(page, "/tmp/billing-account-shots", name);

/**
 * What the app shell's billing browser tests share: a user's subscription accepted through the API (as
 * the invoices tab does it), screenshots at the three sizes, and the texts of the billing state.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { apiCall } from "./api";
import { validDetails } from "../support/invoice-details";
import type { SiteId } from "@/sites/site-ids";

/** Gives invoice details and accepts the subscription with the user's own token: the account is active. */
export async function acceptPaymentThroughApi(site: SiteId, token: string): Promise<void> {
  const details = await apiCall(site, "POST", "/api/users/invoiceDetails", validDetails(site), token);
  expect(details.status, JSON.stringify(details.json)).toBe(200);
  const accepted = await apiCall(site, "POST", "/api/users/accept-payment", { acceptTerms: true }, token);
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
}

export const VIEWPORTS = [
  { name: "desktop", width: 1400, height: 900 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** Screenshots of the page as it is at the three sizes, under /tmp (never in the repository); the viewport is put back. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of VIEWPORTS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: `/tmp/billing-shell-shots/${name}-${size.name}.png` });
  }
  if (before) await page.setViewportSize(before);
}

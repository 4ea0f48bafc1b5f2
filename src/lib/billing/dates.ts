/**
 * Billing's calendar: every day billing names (a trial's end, an invoice's date, a period, a block) is a
 * day of the sites' time zone, so a mail, the invoice, its e-invoice, the daily job and the invoices tab
 * all name the same day wherever the server or the browser runs. Universal: server and client alike.
 */
import type { Locale } from "@/sites/registry";

export const SITE_TIME_ZONE = "Europe/Copenhagen";
const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };

/** A moment as its day in words: "6. december 2026", "6 december 2026". */
export function formatDay(moment: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: SITE_TIME_ZONE }).format(new Date(moment));
}

/** A short day for table cells: "06.12.2026", "2026-12-06". */
export function formatShortDay(moment: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeZone: SITE_TIME_ZONE }).format(new Date(moment));
}

/** A moment's day as YYYY-MM-DD (the job's keys, the e-invoice's dates). */
export function siteDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * Dates and country names of the invoices tab, as the invoice and its e-mails print them: the site's language,
 * dates on the Danish calendar (the server's notices use the same zone), so a period ending at midnight
 * in Copenhagen is not shown as the day before in another browser's zone.
 */
import type { Locale } from "@/sites/registry";

const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };
const TIME_ZONE = "Europe/Copenhagen";

/** A moment (ISO timestamp or Date) as its calendar day: "6. december 2026", "6 december 2026". */
export function formatDay(moment: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: TIME_ZONE }).format(new Date(moment));
}

/** A short day for table cells: "06.12.2026", "2026-12-06". */
export function formatShortDay(moment: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeZone: TIME_ZONE }).format(new Date(moment));
}

/** A country's name in the user's language ("Danmark", "Sverige"), its code when the browser has no name. */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Money and dates as the prices page and the terms print them: the site's language and currency with
 * Intl (da-DK "2.495 kr.", sv-SE "2 995 kr"), never typed into a message. Universal: the server pages
 * and the price calculator's client island format alike.
 */
import type { Locale } from "@/sites/registry";

const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };

/** An amount in minor units (øre, öre) as currency; whole kroner without decimals, else two. */
export function formatPrice(minor: number, currency: "DKK" | "SEK", locale: Locale): string {
  const whole = minor % 100 === 0;
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(minor / 100);
}

/** A calendar date given as YYYY-MM-DD (TERMS_VERSION) in words: "28. november 2026", "28 november 2026". */
export function formatDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Country names of the invoices tab in the site's language (its days: src/lib/billing/dates.ts). */
import type { Locale } from "@/sites/registry";

const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };
/** A country's name in the user's language ("Danmark", "Sverige"), its code when the browser has no name. */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Moments on the admin screens: the day and time in the site's language and its time zone (Copenhagen). */
import type { Locale } from "@/sites/registry";

const INTL_LOCALE: Record<Locale, string> = { da: "da-DK", sv: "sv-SE" };

export function formatMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(
    new Date(iso),
  );
}

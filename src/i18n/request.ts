import { getRequestConfig } from "next-intl/server";
import { getSiteMessages } from "./messages";
import { DEFAULT_SITE_ID, SITES, isSiteId } from "@/sites/registry";

/**
 * next-intl's request configuration. The "locale" that pages pass to setRequestLocale() and
 * getTranslations() is the site id (the [site] segment), because the catalogue differs per site
 * and not only per language; the real language is looked up in the site registry.
 */
export default getRequestConfig(async ({ locale, requestLocale }) => {
  const requested = locale ?? (await requestLocale);
  const site = isSiteId(requested) ? requested : DEFAULT_SITE_ID;
  return {
    locale: SITES[site].locale,
    messages: getSiteMessages(site),
    timeZone: SITES[site].locale === "sv" ? "Europe/Stockholm" : "Europe/Copenhagen",
  };
});

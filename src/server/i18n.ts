import "server-only";
import { createTranslator } from "next-intl";
import { getSiteMessages } from "@/i18n/messages";
import { SITES, type SiteId } from "@/sites/registry";

/** A translator for server messages (API errors, e-mails) in the language of the caller's site. */
export function serverTranslator(site: SiteId) {
  return createTranslator({ locale: SITES[site].locale, messages: getSiteMessages(site) });
}

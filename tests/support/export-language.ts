/**
 * The export's texts in a site's language for unit tests, from the real messages (with their ICU plurals),
 * as the export panel passes them to src/editor/export.
 */
import { createTranslator } from "use-intl/core";
import da from "@messages/da.json";
import sv from "@messages/sv.json";
import type { ExportLanguage } from "@/editor/kinds/types";

export function exportLanguage(locale: "da" | "sv" = "da"): ExportLanguage {
  const t = createTranslator({ locale, messages: locale === "da" ? da : sv });
  return {
    t: (key, values) => t(key as never, values as never),
    locale,
    number: (value, digits) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value),
    date: (day) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", year: "numeric" }).format(day),
  };
}

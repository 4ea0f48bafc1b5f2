/**
 * The language labels on the map are written in: the page's (`<html lang>`, set from the site), as a
 * kind's module has no React context. Danish outside a browser.
 */
export function pageLocale(): string {
  return (typeof document !== "undefined" && document.documentElement.lang) || "da";
}

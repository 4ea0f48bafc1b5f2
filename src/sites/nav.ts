import { ROUTES } from "./routes";
import type { NavEntry, Site } from "./registry";

/** Id of the FAQ section on the front page; the nav's FAQ entry scrolls to it (core §2). */
export const FAQ_ANCHOR = "faq";
/** Delay before the smooth scroll to the FAQ section, in ms (core §9). */
export const FAQ_SCROLL_DELAY_MS = 100;

export function navHref(site: Site, entry: NavEntry): string {
  if (entry === "faq") return `/#${FAQ_ANCHOR}`;
  if (entry === "guide") return `/guide/${site.guideSlug}`;
  return ROUTES[entry].path;
}

/** Scrolls smoothly to the FAQ section after the specified delay. */
export function scrollToFaq(): void {
  window.setTimeout(() => {
    document.getElementById(FAQ_ANCHOR)?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, FAQ_SCROLL_DELAY_MS);
}

/**
 * The signs staff added to the site's catalogue (issue 32, GET /api/signs/catalogue-additions): entries
 * of that site's catalogue like the built-in ones, read once per page load, so an addition reaches the
 * gallery without a release and an undone one leaves it. A plan that placed an addition names it by its
 * uploaded picture (/api/sign-images/<key>/added_12.svg), which keeps answering after an undo, so the
 * sign still draws (sign-image.ts loads it like an upload) even when it is no longer offered here.
 */
import { api, ApiRequestError } from "@/client/api";
import { signIdFromImageUrl } from "@/lib/signs/image-url";
import type { CatalogueSign } from "@/lib/signs/types";
import type { SiteId } from "@/sites/site-ids";

const loads = new Map<SiteId, Promise<readonly CatalogueSign[]>>();
const byId = new Map<string, CatalogueSign>();

const isAddition = (value: unknown): value is CatalogueSign =>
  !!value &&
  typeof value === "object" &&
  typeof (value as CatalogueSign).id === "string" &&
  typeof (value as CatalogueSign).imageUrl === "string" &&
  (value as CatalogueSign).imageUrl.startsWith("/api/sign-images/");

/** The site's added signs; empty when they cannot be had (logged, as the gallery's other loads are). */
export function loadCatalogueAdditions(site: SiteId): Promise<readonly CatalogueSign[]> {
  let load = loads.get(site);
  if (!load) {
    load = api
      .get<unknown>(`/signs/catalogue-additions?site=${site}`, { toast: false, sharedHandling: false })
      .then((answer) => {
        const signs = Array.isArray(answer) ? answer.filter(isAddition) : [];
        for (const sign of signs) byId.set(sign.id, sign);
        return signs;
      })
      .catch((error: unknown) => {
        loads.delete(site); // tried again at the next load
        if (!(error instanceof ApiRequestError && error.status === 404)) console.error("catalogue additions: load failed", error);
        return [];
      });
    loads.set(site, load);
  }
  return load;
}

/** The added sign behind a placed sign's image URL, once the additions have loaded; else null. */
export function additionOf(imageUrl: string): CatalogueSign | null {
  if (byId.size === 0) return null;
  try {
    return byId.get(signIdFromImageUrl(imageUrl)) ?? null;
  } catch {
    return null;
  }
}

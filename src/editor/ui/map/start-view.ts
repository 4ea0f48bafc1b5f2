/**
 * Where a new plan opens (issue 33, item 1): where the user last worked on this site, else the site's
 * own start (src/sites/registry.ts: the specification's default view on the Danish sites, Sweden on
 * TA-planen). A new plan is one whose stored view is still the default and that has no background image
 * (such a plan keeps fitting its image). The last view is the last one saved in any plan, kept in this
 * browser's localStorage per site and user (a shared office computer does not hand one user's district to
 * the next): it is a convenience of this device, not part of any plan.
 */
import { useEffect, useRef } from "react";
import * as z from "zod";
import type { PlanStore } from "../../core/store/plan-store";
import type { Position } from "@/lib/elements/common";
import { MAX_ZOOM } from "@/lib/elements/plan-content";
import type { Site } from "@/sites/registry";
import type { SiteId } from "@/sites/site-ids";

export interface StartView {
  center: Position;
  zoom: number;
}

const storedViewSchema = z.object({
  center: z.tuple([z.number().min(-180).max(180), z.number().min(-85).max(85)]),
  zoom: z.number().min(0).max(MAX_ZOOM),
});

/** Whose last view: a site and the signed-in user's id. */
export interface Worker {
  site: SiteId;
  userId: number;
}

export const lastViewKey = ({ site, userId }: Worker) => `plan-editor:last-view:${site}:${userId}`;

/** The view the user last saved on this site in this browser; null when none or unreadable (storage blocked, edited by hand). */
export function readLastView(worker: Worker): StartView | null {
  try {
    const parsed = storedViewSchema.safeParse(JSON.parse(localStorage.getItem(lastViewKey(worker)) ?? "null"));
    return parsed.success ? { center: [parsed.data.center[0], parsed.data.center[1]], zoom: parsed.data.zoom } : null;
  } catch {
    return null;
  }
}

export function rememberView(worker: Worker, view: StartView): void {
  try {
    localStorage.setItem(lastViewKey(worker), JSON.stringify({ center: view.center, zoom: view.zoom }));
  } catch {
    // Storage full or blocked: the next new plan opens at the site's start instead.
  }
}

/** The view a new plan opens at: the last one worked at, else the site's start. */
export function startViewOf(site: Site, last: StartView | null): StartView {
  return last ?? { center: [site.mapStart.center[0], site.mapStart.center[1]], zoom: site.mapStart.zoom };
}

/**
 * Call before the editor makes its map (effects run in order): a new plan's view is moved to its start
 * in the store, from which the map is made and autosave saves it, so the plan opens there next time too.
 * While the plan is editable, every view the store takes is remembered for the next new plan. The shared
 * view and a blocked account change nothing: their views are not saved.
 */
export function useStartView(
  store: PlanStore,
  { site, userId, isNew, editable }: { site: Site; userId: number | null; isNew: boolean; editable: boolean },
): void {
  // Once per opened plan: the editor turning editable again after a block must not move the map back.
  const started = useRef<PlanStore | null>(null);
  useEffect(() => {
    if (started.current === store || !editable) return;
    started.current = store;
    if (!isNew) return;
    const { center, zoom } = startViewOf(site, userId === null ? null : readLastView({ site: site.id, userId }));
    store.transact({ note: "view", mapView: { center, zoom } });
  }, [store, site, userId, isNew, editable]);

  useEffect(() => {
    if (!editable || userId === null) return;
    return store.subscribe((change) => {
      if (!change.mapViewChanged) return;
      const { center, zoom } = store.getMapView();
      rememberView({ site: site.id, userId }, { center, zoom });
    });
  }, [store, site.id, userId, editable]);
}

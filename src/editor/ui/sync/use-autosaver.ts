"use client";
import { useEffect, useMemo } from "react";
import { autosavePlan, fetchPlanChanges } from "@/client/projects/plan-save-api";
import { getPlan } from "@/client/projects/projects-api";
import { Autosaver, type ServerPlan } from "@/editor/core/store/autosave";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { UnreadablePlanError } from "@/editor/core/sync/remote-plan";
import { parsePlanContent } from "@/lib/elements/plan-content";

/** GET /signplan/{id} with its content parsed: the whole plan for an editor too far behind the change log. */
async function fetchServerPlan(planId: number): Promise<ServerPlan> {
  const plan = await getPlan(planId, { toast: false });
  const parsed = parsePlanContent(plan.content);
  if (!parsed.success) throw new UnreadablePlanError(parsed.error.issues[0]?.path.join(".") ?? "");
  return { version: plan.version, content: parsed.data };
}

export interface UseAutosaverOptions {
  /** The open plan's store; a new store (another plan) gets a new autosaver. */
  store: PlanStore;
  planId: number;
  /** The version of the content the store was created with (GET /signplan/{id}). */
  version: number;
  /** false in view mode: nothing is saved and null is returned. */
  enabled: boolean;
}

/**
 * The autosaver of the open plan, following its store while the editor is mounted. When the store
 * changes or the editor unmounts, the old autosaver retires: it sends what is unsaved right away and
 * keeps retrying while offline (see Autosaver.retire), so an unplanned unmount does not drop the last
 * edit. A planned switch should still `await autosaver.flush()` first and react to `false`.
 */
export function useAutosaver({ store, planId, version, enabled }: UseAutosaverOptions): Autosaver | null {
  // Created during render (the constructor has no side effects); `version` is deliberately not a
  // dependency: it belongs to the content the store was created with, and a later value from the page
  // (after our own saves) must not start a second autosaver on the same store.
  const autosaver = useMemo(
    () =>
      enabled
        ? new Autosaver({
            store,
            planId,
            version,
            save: autosavePlan,
            fetchChanges: (id, since) => fetchPlanChanges(id, since),
            fetchPlan: fetchServerPlan,
          })
        : null,
    [store, planId, enabled], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => {
    if (!autosaver) return;
    autosaver.start();
    return () => autosaver.retire();
  }, [autosaver]);
  return autosaver;
}

/**
 * What to do with a newer version of the open plan from the server, and how to take it over. Plain
 * TypeScript (no React, no network), so the rules of live collaboration are tested in node; the hook
 * in ./use-plan-sync.ts and the conflict dialog call these.
 */
import type { Autosaver } from "@/editor/core/store/autosave";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { parsePlanContent } from "@/lib/elements/plan-content";

/**
 * - "ignore": not newer than what the store is based on (our own save coming back, or an update
 *   already taken over).
 * - "reload": newer, and nothing the user drew is unsaved (at most a pan or zoom): take it over.
 * - "conflict": newer while element edits are unsaved: overwriting either side would lose work.
 */
export type RemoteDecision = "ignore" | "reload" | "conflict";

export function decideOnServerVersion(
  autosaver: Pick<Autosaver, "getVersion" | "hasUnsavedElementChanges">,
  serverVersion: number,
): RemoteDecision {
  if (serverVersion <= autosaver.getVersion()) return "ignore";
  return autosaver.hasUnsavedElementChanges() ? "conflict" : "reload";
}

/** The plan's content on the server could not be read by this client (e.g. written by a newer version). */
export class UnreadablePlanError extends Error {
  constructor(readonly field: string) {
    super(`The plan on the server is not readable here (${field})`);
    this.name = "UnreadablePlanError";
  }
}

/**
 * Puts the server's plan into the store as one undoable step (the user's previous drawing stays one
 * Ctrl+Z away) and tells the autosaver that this is now what the server has. The user's own map view
 * is kept: following someone else's panning would make the map jump under the user's hands, and the
 * view goes to the server with the next save anyway. Throws UnreadablePlanError, changing nothing,
 * when the content does not pass the registry's schema.
 */
export function applyServerPlan(plan: { id: number; version: number; content: unknown }, store: PlanStore, autosaver: Autosaver): void {
  // An answer for the previously open plan arriving after a switch must never land in this one.
  if (plan.id !== autosaver.getPlanId()) throw new Error(`plan ${plan.id} is not the open plan ${autosaver.getPlanId()}`);
  const parsed = parsePlanContent(plan.content);
  if (!parsed.success) throw new UnreadablePlanError(parsed.error.issues[0]?.path.join(".") ?? "");
  store.replace({ ...parsed.data, mapView: store.getMapView() }, { keepHistory: true });
  // The server has its own view: the user's goes with the next save, as an operation of its own.
  autosaver.adopt(plan.version, { ...store.getContent(), mapView: parsed.data.mapView });
}

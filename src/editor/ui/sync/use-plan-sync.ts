"use client";
/**
 * Live collaboration on the open plan (core §4, "Live collaboration"): the plan's socket room, and what
 * happens when another user saves it.
 *
 * - Issue 36: other clients' changes (`signplanChanges`) go to the autosaver, which applies them in
 *   version order and rebases the user's unsaved edits onto them (src/editor/core/sync/rebase.ts): no
 *   reload, nothing of the user's lost; a true conflict is shown on its element (<SyncConflictPanel>).
 * - `signplanUpdate` from another user is only a hint that a change is coming; updates caused by the
 *   user's own actions are ignored (core §4).
 * - The whole-plan conflict dialog remains for what cannot be merged (an unreadable plan, a server
 *   without the change log). Only a changed map view (pan, zoom, rotation, base layer) is not worth a
 *   dialog: the plan is taken over and the user's own view kept.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ApiRequestError } from "@/client/api";
import { getPlan } from "@/client/projects/projects-api";
import { useSocket } from "@/client/realtime";
import { useCurrentUser } from "@/client/session";
import type { Autosaver, AutosaveConflict, AutosaveStatus } from "@/editor/core/store/autosave";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { applyServerPlan, decideOnServerVersion } from "@/editor/core/sync/remote-plan";
import { planChangeSchema } from "@/lib/elements/changes";
import { WS_EVENTS, signplanAccessLostSchema, signplanUpdateSchema, type JoinSignplanAck } from "@/lib/realtime-events";
import type { SignplanDto } from "@/lib/schemas/signplan";

/** The autosaver's status, re-rendering when it changes; null without an autosaver (view mode). */
export function useAutosaveStatus(autosaver: Autosaver | null): AutosaveStatus | null {
  const subscribe = useCallback((notify: () => void) => (autosaver ? autosaver.subscribe(notify) : () => {}), [autosaver]);
  const read = () => autosaver?.getStatus() ?? null;
  return useSyncExternalStore(subscribe, read, read);
}

/** GET /signplan/{id} then applyServerPlan: the "Reload" of the conflict dialog. */
export async function reloadFromServer(planId: number, store: PlanStore, autosaver: Autosaver, signal?: AbortSignal): Promise<SignplanDto> {
  const plan = await getPlan(planId, { toast: false, signal });
  applyServerPlan(plan, store, autosaver);
  return plan;
}

export interface PlanSyncOptions {
  planId: number;
  store: PlanStore;
  /** null while there is none (view mode): nothing is joined or reloaded. */
  autosaver: Autosaver | null;
  /** false: do not follow the plan (view mode, or the editor is not ready yet). */
  enabled: boolean;
  /**
   * The user may no longer read the plan (removed from or left the organisation it is shared with): the
   * server said so, or refused to let this connection follow the plan and then answered 404 for it.
   * The editor turns read-only.
   */
  onAccessLost?: () => void;
}

/** Another user's save, loaded into the editor without touching unsaved work. */
export interface RemoteReload {
  /** The server version that was loaded. */
  version: number;
}

export interface PlanSync {
  /** The autosaver's unresolved conflict; while it is set nothing is saved. Pass it to <ConflictDialog>. */
  conflict: AutosaveConflict | null;
  /** Whether <ConflictDialog> is shown: true when a conflict needs the user, false after "Later". */
  conflictDialogOpen: boolean;
  /** Shows the conflict dialog again (the save-state indicator's conflict button). */
  openConflictDialog: () => void;
  closeConflictDialog: () => void;
  /** Set after another user's save was loaded (no local edits affected): show <RemoteChangeNotice>. */
  remoteReload: RemoteReload | null;
  dismissRemoteReload: () => void;
}

/**
 * Joins the plan's socket room while `enabled` (again after every reconnect, and then checks for saves
 * missed while disconnected), leaves it on unmount, and reconciles other users' saves with the store
 * as described at the top of this file.
 */
export function usePlanSync({ planId, store, autosaver, enabled, onAccessLost }: PlanSyncOptions): PlanSync {
  const socket = useSocket();
  const userId = useCurrentUser()?.id ?? null;
  const status = useAutosaveStatus(autosaver);
  const conflict = status?.conflict ?? null;
  const [remoteReload, setRemoteReload] = useState<RemoteReload | null>(null);
  // The conflict (by id) the user put aside with "Later"; a new conflict opens the dialog again.
  const [deferredId, setDeferredId] = useState<number | null>(null);
  // The conflict (by id) that the automatic reload (only a map view was unsaved) could not settle.
  const [manualId, setManualId] = useState<number | null>(null);

  // The latest values for the socket handlers, without re-joining the room when they change.
  const latest = useRef({ userId, store, autosaver, onAccessLost });
  useEffect(() => {
    latest.current = { userId, store, autosaver, onAccessLost };
  });

  // The room: joined now and after every reconnect (the server forgets rooms with the connection). The
  // join names the version the editor's base is at, and its acknowledgement brings what was saved since
  // (issue 36); other clients' changes then arrive one by one as `signplanChanges`.
  useEffect(() => {
    if (!enabled || !socket) return;
    let joins = 0;
    const join = () => {
      const saver = latest.current.autosaver;
      const payload = saver ? { signplanId: planId, version: saver.getVersion() } : { signplanId: planId };
      socket.emit(WS_EVENTS.joinSignplan, payload, (ack: unknown) => {
        const answer = typeof ack === "object" && ack !== null ? (ack as Partial<JoinSignplanAck>) : {};
        if (answer.ok !== true) {
          console.warn(`plan sync: not allowed to follow plan ${planId}`);
          // Access that ended while the connection was down shows as a refused join; a failed check on the
          // server does too, so the plan itself is asked: a 404 is the answer that access is over.
          getPlan(planId, { toast: false }).catch((error: unknown) => {
            if (error instanceof ApiRequestError && error.status === 404) latest.current.onAccessLost?.();
          });
          return;
        }
        const current = latest.current.autosaver;
        if (!current) return;
        if (answer.catchUp && typeof answer.catchUp.version === "number") current.receiveCatchUp(answer.catchUp);
        // A rejoin after a lost connection whose acknowledgement brought nothing: ask for what was missed.
        else if (joins > 0) void current.catchUp();
        joins += 1;
      });
    };
    const onChanges = (payload: unknown) => {
      const change = planChangeSchema.safeParse(payload);
      if (!change.success || change.data.signplanId !== planId) return;
      latest.current.autosaver?.receiveChanges([change.data]);
    };
    const onUpdate = (payload: unknown) => {
      const update = signplanUpdateSchema.safeParse(payload);
      if (!update.success || update.data.signplanId !== planId) return;
      if (update.data.doneByUserId === latest.current.userId) return; // core §4: own updates are ignored
      // Only a hint now: the change itself comes as signplanChanges; if it does not, the autosaver asks.
      latest.current.autosaver?.hint();
    };
    const onAccessLost = (payload: unknown) => {
      const lost = signplanAccessLostSchema.safeParse(payload);
      if (lost.success && lost.data.signplanId === planId) latest.current.onAccessLost?.();
    };
    if (socket.connected) join();
    socket.on("connect", join);
    socket.on(WS_EVENTS.signplanChanges, onChanges);
    socket.on(WS_EVENTS.signplanUpdate, onUpdate);
    socket.on(WS_EVENTS.signplanAccessLost, onAccessLost);
    return () => {
      socket.off("connect", join);
      socket.off(WS_EVENTS.signplanChanges, onChanges);
      socket.off(WS_EVENTS.signplanUpdate, onUpdate);
      socket.off(WS_EVENTS.signplanAccessLost, onAccessLost);
      if (socket.connected) socket.emit(WS_EVENTS.leaveSignplan, { signplanId: planId });
    };
  }, [enabled, socket, planId]);

  // A 409 to a save that carried only a map view: take the server's plan over, keep the view, no dialog.
  // After the conflict's jittered wait: the other editors refused by the same save come back spread out.
  const conflictId = conflict?.id ?? null;
  useEffect(() => {
    if (!enabled || conflictId === null || !autosaver || autosaver.hasUnsavedElementChanges()) return;
    let cancelled = false;
    const controller = new AbortController();
    const giveUp = () => setManualId(conflictId);
    const reload = () =>
      getPlan(planId, { toast: false, signal: controller.signal })
        .then((plan) => {
          if (cancelled || autosaver.getStatus().conflict?.id !== conflictId) return;
          // An element edit made while the plan was being read makes it a real conflict after all.
          if (decideOnServerVersion(autosaver, plan.version) !== "reload") return giveUp();
          applyServerPlan(plan, store, autosaver);
          setRemoteReload({ version: plan.version });
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          console.warn("plan sync: automatic reload failed; the user decides", error);
          giveUp();
        });
    const timer = setTimeout(() => void reload(), autosaver.getStatus().conflict?.retryDelayMs ?? 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, conflictId, autosaver, store, planId]);

  // Read at render on purpose: a conflict that arrives with only a view unsaved must not flash the
  // dialog before the effect above has taken over. Any later turn to "needs the user" goes through
  // setManualId, which re-renders.
  const needsUser = conflict !== null && (conflict.id === manualId || !enabled || (autosaver?.hasUnsavedElementChanges() ?? true));
  const openConflictDialog = useCallback(() => setDeferredId(null), []);
  const closeConflictDialog = useCallback(() => setDeferredId(conflictId), [conflictId]);
  const dismissRemoteReload = useCallback(() => setRemoteReload(null), []);
  return {
    conflict: needsUser ? conflict : null,
    conflictDialogOpen: needsUser && conflict.id !== deferredId,
    openConflictDialog,
    closeConflictDialog,
    remoteReload,
    dismissRemoteReload,
  };
}

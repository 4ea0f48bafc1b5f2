"use client";
/**
 * Live collaboration on the open plan (core §4, "Live collaboration"): the plan's socket room, and what
 * happens when another user saves it.
 *
 * - Without local edits the other user's version is loaded into the store as one undoable step and a
 *   notice says so (the spec's "conflict flag and message"); nothing of the user's was unsaved.
 * - With local element edits nothing is overwritten: the autosaver goes into conflict (its next save
 *   would be refused anyway) and the conflict dialog lets the user choose.
 * - Only a changed map view (pan, zoom, rotation, base layer) is not worth a dialog: the plan is taken
 *   over and the user's own view kept. The same holds for a 409 to a save that only carried a view.
 * - Updates caused by the user's own actions are ignored (core §4). Another tab of the same user is
 *   therefore not reloaded; its next save meets a 409 and the conflict dialog instead.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ApiRequestError } from "@/client/api";
import { getPlan } from "@/client/projects/projects-api";
import { useSocket } from "@/client/realtime";
import { useCurrentUser } from "@/client/session";
import type { Autosaver, AutosaveConflict, AutosaveStatus } from "@/editor/core/store/autosave";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { applyServerPlan, decideOnServerVersion } from "@/editor/core/sync/remote-plan";
import { WS_EVENTS, signplanAccessLostSchema, signplanUpdateSchema } from "@/lib/realtime-events";
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

  /**
   * Reads the plan and decides. Serialised: updates arriving while one is being handled make one more
   * round afterwards, which then sees the newest version.
   */
  const reconcile = useRef<{ running: boolean; again: boolean; controller: AbortController | null }>({
    running: false,
    again: false,
    controller: null,
  });
  const runReconcile = useCallback(async (): Promise<void> => {
    const state = reconcile.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        const { store: currentStore, autosaver: saver } = latest.current;
        if (!saver) return;
        const controller = new AbortController();
        state.controller = controller;
        let plan: SignplanDto;
        try {
          plan = await getPlan(planId, { toast: false, signal: controller.signal });
        } catch (error) {
          // Not fatal: the next update, reconnect or save (409) brings the change in.
          if (!controller.signal.aborted) console.warn("plan sync: the plan could not be re-read", error);
          return;
        }
        // Aborted: the plan was switched or the editor closed meanwhile; the answer belongs to nobody.
        if (controller.signal.aborted || latest.current.autosaver !== saver) return;
        // Decided synchronously with the answer in hand, so no edit can slip in between.
        const decision = decideOnServerVersion(saver, plan.version);
        if (decision === "ignore") continue;
        if (decision === "conflict") {
          saver.markConflict(plan.version);
          continue;
        }
        try {
          applyServerPlan(plan, currentStore, saver);
          setRemoteReload({ version: plan.version });
        } catch (error) {
          // This client cannot read what the server holds: stop saving over it, let the dialog explain.
          console.error("plan sync: the server's plan is not readable here", error);
          saver.markConflict(plan.version);
        }
      } while (state.again);
    } finally {
      state.running = false;
      state.controller = null;
    }
  }, [planId]);

  useEffect(() => {
    const state = reconcile.current;
    return () => {
      state.controller?.abort();
      state.again = false;
    };
  }, [planId]);

  // The room: joined now and after every reconnect (the server forgets rooms with the connection).
  useEffect(() => {
    if (!enabled || !socket) return;
    let joins = 0;
    const join = () => {
      socket.emit(WS_EVENTS.joinSignplan, { signplanId: planId }, (ack: unknown) => {
        const ok = typeof ack === "object" && ack !== null && (ack as { ok?: unknown }).ok === true;
        if (!ok) {
          console.warn(`plan sync: not allowed to follow plan ${planId}`);
          // Access that ended while the connection was down shows as a refused join; a failed check on the
          // server does too, so the plan itself is asked: a 404 is the answer that access is over.
          getPlan(planId, { toast: false }).catch((error: unknown) => {
            if (error instanceof ApiRequestError && error.status === 404) latest.current.onAccessLost?.();
          });
          return;
        }
        // A rejoin after a lost connection: saves made meanwhile were not announced to us.
        if (joins++ > 0) void runReconcile();
      });
    };
    const onUpdate = (payload: unknown) => {
      const update = signplanUpdateSchema.safeParse(payload);
      if (!update.success || update.data.signplanId !== planId) return;
      if (update.data.doneByUserId === latest.current.userId) return; // core §4: own updates are ignored
      void runReconcile();
    };
    const onAccessLost = (payload: unknown) => {
      const lost = signplanAccessLostSchema.safeParse(payload);
      if (lost.success && lost.data.signplanId === planId) latest.current.onAccessLost?.();
    };
    if (socket.connected) join();
    socket.on("connect", join);
    socket.on(WS_EVENTS.signplanUpdate, onUpdate);
    socket.on(WS_EVENTS.signplanAccessLost, onAccessLost);
    return () => {
      socket.off("connect", join);
      socket.off(WS_EVENTS.signplanUpdate, onUpdate);
      socket.off(WS_EVENTS.signplanAccessLost, onAccessLost);
      if (socket.connected) socket.emit(WS_EVENTS.leaveSignplan, { signplanId: planId });
    };
  }, [enabled, socket, planId, runReconcile]);

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

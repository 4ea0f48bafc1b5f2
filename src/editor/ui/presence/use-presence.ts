"use client";
/**
 * Presence on the open plan (core §4, issue 36): this tab's pointer, selection and view go to the
 * plan's room (volatile, throttled, with a heartbeat: ../../core/presence/presence-sender.ts), and the
 * colleagues' come back as the roster the header and the map show. Never stored.
 *
 * The room is usePlanSync's: a presence sent before the server has taken the socket into it is dropped,
 * so the state goes out again whenever a colleague appears (the server announces the joiner to the room
 * and the room to the joiner), besides the heartbeat; a second join here would reset this socket's
 * presence on the server.
 */
import type OlMap from "ol/Map";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { PresenceMap } from "./presence-map";
import { useSocket } from "@/client/realtime";
import { nextFollow, viewDiffers, type FollowState, type FollowView } from "@/editor/core/presence/follow";
import { PresenceRoster, peopleOf, type Person, type RosterEntry } from "@/editor/core/presence/presence-roster";
import { PresenceSender } from "@/editor/core/presence/presence-sender";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { WS_EVENTS, type PresenceInput, type PresenceLeave, type PresenceState } from "@/lib/realtime-events";

/** How often entries are checked against PRESENCE_TTL_MS: a closed tab whose leave never came goes within TTL + this. */
const EXPIRY_CHECK_MS = 1_000;
/** The move to a colleague's view when following starts: short, so the user sees where the map went. */
const FOLLOW_ANIMATION_MS = 300;

export interface Presence {
  /** The colleagues on the plan, one per user (their tabs merged), by name. */
  people: Person[];
  /** The user followed, or null. */
  following: Person | null;
  /** Starts following a colleague's view, or stops when already following them. */
  toggleFollow: (userId: number) => void;
  stopFollowing: () => void;
}

function viewOf(map: OlMap): FollowView | null {
  const view = map.getView();
  const center = view.getCenter();
  const resolution = view.getResolution();
  if (!center || resolution === undefined) return null;
  return { center: [center[0]!, center[1]!], resolution, rotation: view.getRotation() };
}

export function usePresence({
  planId,
  map,
  store,
  enabled,
}: {
  planId: number;
  map: OlMap | null;
  store: PlanStore;
  /** false: nothing is sent or shown (the shared view, a plan the user lost access to). */
  enabled: boolean;
}): Presence {
  const socket = useSocket();
  const roster = useMemo(() => new PresenceRoster(planId), [planId]);
  const entries = useSyncExternalStore(
    useCallback((notify) => roster.subscribe(notify), [roster]),
    () => roster.all(),
    () => roster.all(),
  );
  const people = useMemo(() => peopleOf(entries), [entries]);
  const [follow, setFollow] = useState<FollowState>(null);
  const sender = useRef<PresenceSender | null>(null);

  // What this tab sends: kept current from the map and the store whether connected or not, so a
  // (re)join sends the state as it is.
  useEffect(() => {
    if (!enabled || !map) return;
    const initial: PresenceInput = { signplanId: planId, pointer: null, selection: [...store.getSelection()], view: viewOf(map) };
    const current = new PresenceSender(initial, (presence) => socket?.volatile.emit(WS_EVENTS.presence, presence));
    sender.current = current;
    const onPointer = (event: { coordinate: number[] }) => current.update({ pointer: [event.coordinate[0]!, event.coordinate[1]!] });
    map.on("pointermove", onPointer);
    const viewport = map.getViewport();
    const onLeave = () => current.update({ pointer: null });
    viewport?.addEventListener("pointerleave", onLeave);
    const offSelection = store.subscribeSelection((selection) => current.update({ selection: [...selection].slice(0, 500) }));
    const view = map.getView();
    const onView = () => current.update({ view: viewOf(map) });
    view.on(["change:center", "change:resolution", "change:rotation"], onView);

    // The plan's room is joined by usePlanSync; the server then sends the others' presence to this socket
    // and this socket's (empty) presence to them. A colleague not known before (they just joined, or this
    // socket did) is therefore the moment to send the whole state, so they see this tab at once.
    const onConnect = () => current.start();
    const onDisconnect = () => {
      current.stop();
      roster.clear();
    };
    const onUpdate = (state: PresenceState) => {
      if (state?.signplanId !== planId || state.socketId === socket?.id) return;
      const known = roster.get(state.socketId) !== undefined;
      roster.update(state, Date.now());
      if (!known) current.start();
    };
    const onPresenceLeave = (leave: PresenceLeave) => {
      if (leave) roster.leave(leave);
    };
    if (socket) {
      if (socket.connected) current.start();
      socket.on("connect", onConnect);
      socket.on("disconnect", onDisconnect);
      socket.on(WS_EVENTS.presenceUpdate, onUpdate);
      socket.on(WS_EVENTS.presenceLeave, onPresenceLeave);
    }
    const expiry = setInterval(() => roster.expire(Date.now()), EXPIRY_CHECK_MS);
    return () => {
      clearInterval(expiry);
      current.stop();
      sender.current = null;
      map.un("pointermove", onPointer);
      viewport?.removeEventListener("pointerleave", onLeave);
      offSelection();
      view.un(["change:center", "change:resolution", "change:rotation"], onView);
      socket?.off("connect", onConnect);
      socket?.off("disconnect", onDisconnect);
      socket?.off(WS_EVENTS.presenceUpdate, onUpdate);
      socket?.off(WS_EVENTS.presenceLeave, onPresenceLeave);
      roster.clear();
    };
  }, [enabled, map, store, socket, planId, roster]);

  // The colleagues on the map.
  const presenceMap = useRef<PresenceMap | null>(null);
  useEffect(() => {
    if (!enabled || !map) return;
    const shown = new PresenceMap(map, store);
    presenceMap.current = shown;
    shown.show(roster.all());
    return () => {
      shown.dispose();
      presenceMap.current = null;
    };
  }, [enabled, map, store, roster]);
  useEffect(() => presenceMap.current?.show(entries), [entries]);

  // Following ends when the colleague leaves.
  useEffect(
    () =>
      roster.subscribe(() =>
        setFollow((state) => nextFollow(state, { type: "present", userIds: new Set(roster.all().map((e) => e.state.userId)) })),
      ),
    [roster],
  );

  // Following: the map takes the followed tab's view; a move the map did not get from us ends it.
  const followedView = useRef<FollowView | null>(null);
  // True while the map moves to the followed view (its own change events are not the user's).
  const moving = useRef(false);
  const followedEntry = follow ? newestWithView(entries, follow.userId) : null;
  const target = followedEntry?.state.view ?? null;
  useEffect(() => {
    if (!map || !target) return;
    const view = map.getView();
    const here = viewOf(map);
    const first = followedView.current === null;
    followedView.current = target;
    if (here && !viewDiffers(here, target)) return;
    view.cancelAnimations();
    // What the map made of the view (a plan without rotation stays north up, a background plan's view
    // stays near its image) is what later changes are compared with.
    const settled = () => {
      moving.current = false;
      followedView.current = viewOf(map);
    };
    moving.current = true;
    if (first) {
      view.animate(
        { center: target.center, resolution: target.resolution, rotation: target.rotation, duration: FOLLOW_ANIMATION_MS },
        settled,
      );
    } else {
      view.setCenter(target.center);
      view.setResolution(target.resolution);
      view.setRotation(target.rotation);
      settled();
    }
  }, [map, target]);
  const following = follow !== null;
  useEffect(() => {
    if (!map || !following) {
      followedView.current = null;
      return;
    }
    const view = map.getView();
    const onChange = () => {
      const here = viewOf(map);
      const wanted = followedView.current;
      if (moving.current || !here || !wanted || !viewDiffers(here, wanted)) return;
      setFollow(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setFollow(null);
    };
    // The user's own moves: the view's change events (a move to the followed view is told apart by viewDiffers).
    view.on(["change:center", "change:resolution", "change:rotation"], onChange);
    document.addEventListener("keydown", onKey);
    return () => {
      view.un(["change:center", "change:resolution", "change:rotation"], onChange);
      document.removeEventListener("keydown", onKey);
    };
  }, [map, following]);

  const toggleFollow = useCallback((userId: number) => setFollow((state) => nextFollow(state, { type: "toggle", userId })), []);
  const stopFollowing = useCallback(() => setFollow(null), []);
  return {
    people,
    following: (follow && people.find((p) => p.userId === follow.userId)) ?? null,
    toggleFollow,
    stopFollowing,
  };
}

/** The user's tab that moved last and has a view. */
function newestWithView(entries: readonly RosterEntry[], userId: number): RosterEntry | null {
  let best: RosterEntry | null = null;
  for (const entry of entries) {
    if (entry.state.userId !== userId || !entry.state.view) continue;
    if (!best || entry.seenAt >= best.seenAt) best = entry;
  }
  return best;
}

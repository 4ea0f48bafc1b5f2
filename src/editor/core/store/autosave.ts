/**
 * Autosave (DESIGN.md, "The editor": "autosave sends it to the server (debounced) and shows the save
 * state"): follows the plan store and sends its content to the server (what changed since the last save,
 * see SavePlanBody and src/client/projects/plan-save-api.ts), so that an edit is never lost and never
 * silently overwrites someone else's.
 *
 * Guarantees:
 * - What goes out is always the store's content at the moment of sending, so the latest edit is in the
 *   next request and an older revision is never sent after a newer one.
 * - At most one request is in flight. A change made meanwhile is sent when it comes back.
 * - Every save carries the version the content is based on; a 409 means someone else saved first: the
 *   autosaver stops ("conflict") until the editor has decided (reload, or keep a copy) and calls `adopt`.
 *   Where the editor decides by itself (only the map view was unsaved), it first waits the conflict's
 *   `retryDelayMs`, a jittered backoff, so that many editors of one plan do not stampede.
 * - A failure leaves the edits in the store; `hasUnsavedChanges()` stays true until the server has them.
 * - A save refused because the account is blocked (402 ACCOUNT_BLOCKED, issue 31) keeps the edits and
 *   sends nothing more ("blocked") until the editor learns that the block has lifted and calls
 *   `unblock`: asking again would only be refused again, and the block lifts by an event, not by time.
 *
 * - Live collaboration (issue 36): the base (what the server has at `version`) is kept exact by applying
 *   every other client's change in version order (receiveChanges: buffered when early, caught up on a
 *   gap, a hint, a reconnect or a 409, the whole plan read when the log no longer reaches back), and the
 *   store's unsaved edits are rebased onto each (src/editor/core/sync/rebase.ts). A true conflict holds
 *   its element back from the saves until the user resolves it (resolveConflicts); with `fetchChanges`
 *   a 409 is caught up and retried rather than stopping for the conflict dialog.
 *
 * Lifecycle: the constructor has no side effects; `start()` follows the store, `retire()` finishes the
 * unsaved work and lets go (an effect and its cleanup: see useAutosaver), `dispose()` ends it for good.
 *
 * Plain TypeScript (no React, no DOM apart from the optional `online` event), so it is tested in node
 * with fake timers.
 */
import type { PlanStore, StoreChange } from "./plan-store";
import {
  conflictStillOpen,
  rebase,
  rebaseOntoPlan,
  resolveConflict,
  withoutConflicts,
  type RemoteTransaction,
  type SyncConflict,
} from "@/editor/core/sync/rebase";
import { PLAN_TOO_FAR_BEHIND, newClientId, type CatchUp, type PlanChange } from "@/lib/elements/changes";
import type { PlanContent } from "@/lib/elements/plan-content";

export type AutosaveState =
  /** The server has the store's content. */
  | "saved"
  /** There are edits; a save is scheduled (debounce). */
  | "pending"
  /** A request is under way. */
  | "saving"
  /** The last attempt could not reach the server or the server failed (0, 5xx, 408, 429): retrying with a jittered backoff. */
  | "offline"
  /** Someone else saved the plan: saving stopped until the editor resolves it and calls `adopt`. */
  | "conflict"
  /** The server refused the content (400, 413, …), or the session ended (401): edits kept, retried on the next change. */
  | "error"
  /** The account is blocked (402 ACCOUNT_BLOCKED): edits kept, nothing sent until `unblock`. */
  | "blocked";

export interface AutosaveConflict {
  /** Stays the same while one conflict lasts (a newer server version updates it); a new conflict gets a new id. */
  id: number;
  /** "save-rejected": a save answered 409. "remote-update": another user saved while there were local edits. */
  reason: "save-rejected" | "remote-update";
  /** The server's current version when known (a 409 answer carries it). */
  serverVersion: number | null;
  /**
   * How long an automatic resolution (re-read the plan, take it over, save again) waits before it starts:
   * a random time that grows with consecutive 409s (conflictRetryDelayMs), so that the editors refused
   * by one save do not all come back at the same moment and refuse each other again. 0 for a remote update.
   */
  retryDelayMs: number;
}

/** Everything the UI shows; a new object only when something in it changed (for useSyncExternalStore). */
export interface AutosaveStatus {
  state: AutosaveState;
  /** The server version the saved content has; the next save carries it. */
  version: number;
  conflict: AutosaveConflict | null;
  /** state "error" or "blocked": the server's message, already in the user's language; null when it gave none. */
  errorMessage: string | null;
  /** state "offline": why, and when the next attempt is due (ms since the epoch). */
  retry: { reason: "network" | "server"; at: number | null } | null;
  /** The session ended (401) or the autosaver was disposed: nothing more is sent. */
  stopped: boolean;
  /**
   * Live collaboration (issue 36): true conflicts with other users' changes, per element, for the user to
   * resolve (resolveConflicts). Those elements are not sent meanwhile; the rest of the edits are.
   */
  conflicts: readonly SyncConflict[];
}

export interface SavePlanBody {
  /** The version `base` is at on the server. */
  version: number;
  /** The store's content now: what the server must hold after the save. */
  content: PlanContent;
  /**
   * The content the server has at `version`, as this store last saved or loaded it: a save can send what
   * changed since (element operations, PATCH) rather than the whole plan. Unchanged elements are the
   * same objects in both (the store never modifies an element).
   */
  base: PlanContent;
  /** This editor instance (PATCH's clientId): its own changes coming back are recognised by it. */
  clientId: string;
  /** Increases with every save of this instance: a save sent again is recognised by the server (idempotent). */
  saveId: number;
}

export interface SavePlanResult {
  version: number;
  /** PATCH's answer (issue 36): every change after the save's base version up to its own, in order. */
  changes?: PlanChange[];
}

export type SavePlanFunction = (planId: number, body: SavePlanBody) => Promise<SavePlanResult>;

/** What the autosaver needs of the store: the content, its revision and its changes, and bringing others' changes in. */
export type AutosaveSource = Pick<PlanStore, "getContent" | "getRevision" | "subscribe" | "applyRemote">;

/** The whole plan as the server has it (GET /signplan/{id}, its content parsed), for a client too far behind the change log. */
export interface ServerPlan {
  version: number;
  content: PlanContent;
}

export interface AutosaverOptions {
  store: AutosaveSource;
  planId: number;
  /** The version of the content the store was created with (from GET /signplan/{id}). */
  version: number;
  /** Sends the save (PATCH or PUT /signplan/{id}); rejects with an error carrying `status` (and `body`) like ApiRequestError. */
  save: SavePlanFunction;
  /** Quiet time after the last change before saving: one request for a burst of edits. */
  debounceMs?: number;
  /**
   * Longest a change waits while changes keep coming (a long drag, a pasted series): without it a
   * user who never pauses for a second would never be saved.
   */
  maxWaitMs?: number;
  /** Subscribes to "the browser is back online"; the default listens to window's `online` event. */
  onOnline?: (listener: () => void) => () => void;
  /** A number in [0, 1) for the jitter of every retry (tests pass their own); Math.random by default. */
  random?: () => number;
  /** This editor instance's id (newClientId() by default). */
  clientId?: string;
  /**
   * GET /api/signplan/{id}/changes?since=N: catching up after a gap in the changes heard, a reconnect or a
   * 409. Without it a 409 stops saving for the conflict dialog, as before live collaboration.
   */
  fetchChanges?: (planId: number, since: number) => Promise<CatchUp>;
  /** GET /signplan/{id}: the whole plan, when the change log no longer reaches back. */
  fetchPlan?: (planId: number) => Promise<ServerPlan>;
  /** How long a missing change may be late (changes after it wait meanwhile) before catching up. */
  gapWaitMs?: number;
}

export const DEFAULT_GAP_WAIT_MS = 1500;
/** 409s in a row that catching up does not settle before the conflict dialog takes over. */
export const MAX_CATCH_UP_RETRIES = 4;

export const DEFAULT_DEBOUNCE_MS = 1000;
export const DEFAULT_MAX_WAIT_MS = 10_000;
/** Retry after a failed attempt: a random wait below 1 s, then below 2 s, 4 s, … */
export const RETRY_BASE_MS = 1000;
/** … but never below more than this, so a restored connection is used within half a minute. */
export const RETRY_MAX_MS = 30_000;
/** The longest Retry-After honoured: a header asking for more is read as this (a server's mistake must not stop saving for hours). */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

/**
 * The wait before the retry after the `attempt`-th failed save in a row (1 = the first; a failure is no
 * answer at all, a 5xx, 408 or 429): "full jitter", uniform between 0 and a cap that doubles from
 * RETRY_BASE_MS up to RETRY_MAX_MS, so that the editors a failing server turned away together come back
 * spread out instead of together, time after time. An answer's Retry-After is the least wait, with the
 * jitter on top of it for the same reason.
 */
export function failedSaveRetryDelayMs(attempt: number, random: () => number = Math.random, retryAfterMs: number | null = null): number {
  const cap = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const jitter = Math.floor(random() * cap);
  return retryAfterMs === null ? jitter : Math.min(Math.max(0, retryAfterMs), RETRY_AFTER_MAX_MS) + jitter;
}

/** After a 409 the wait before an automatic retry is drawn from [0, 200 ms), then [0, 400 ms), … */
export const CONFLICT_RETRY_BASE_MS = 200;
/** … up to [0, 5 s): many editors of one plan spread out, and none waits long for a plan it only looked at. */
export const CONFLICT_RETRY_MAX_MS = 5000;

/**
 * The wait before an automatic retry after the `streak`-th 409 in a row ("full jitter": uniform between 0
 * and an exponentially growing cap). Spreading the retries lets one of them through where fixed delays
 * would make them collide again.
 */
export function conflictRetryDelayMs(streak: number, random: () => number = Math.random): number {
  if (streak <= 0) return 0;
  const cap = Math.min(CONFLICT_RETRY_MAX_MS, CONFLICT_RETRY_BASE_MS * 2 ** (streak - 1));
  return Math.floor(random() * cap);
}

/** The answer's code of a change refused because the account is blocked (src/server/billing/blocking.ts). */
export const ACCOUNT_BLOCKED = "ACCOUNT_BLOCKED";

/** Statuses that say "try the same request again later": no connection, a timeout, rate limit, a server fault. */
function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Reads an ApiRequestError-like failure without importing the browser's API client into this module. */
function describeFailure(error: unknown): {
  status: number | null;
  code: string | null;
  message: string | null;
  serverVersion: number | null;
  retryAfterMs: number | null;
} {
  const record =
    typeof error === "object" && error !== null
      ? (error as { status?: unknown; code?: unknown; body?: unknown; message?: unknown; retryAfterMs?: unknown })
      : {};
  const status = typeof record.status === "number" ? record.status : null;
  const retryAfterMs = typeof record.retryAfterMs === "number" && Number.isFinite(record.retryAfterMs) ? record.retryAfterMs : null;
  const message = typeof record.message === "string" && record.message !== "" ? record.message : null;
  const body = record.body;
  const version = typeof body === "object" && body !== null ? (body as { version?: unknown }).version : undefined;
  const code = typeof record.code === "string" ? record.code : null;
  return {
    status,
    code,
    message,
    serverVersion: typeof version === "number" && Number.isSafeInteger(version) ? version : null,
    retryAfterMs,
  };
}

function defaultOnOnline(listener: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  window.addEventListener("online", listener);
  return () => window.removeEventListener("online", listener);
}

type Failure =
  | { kind: "offline"; reason: "network" | "server" }
  | { kind: "error"; message: string | null }
  | { kind: "blocked"; message: string | null };

export class Autosaver {
  private readonly store: AutosaveSource;
  private readonly planId: number;
  private readonly save: SavePlanFunction;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly random: () => number;

  /** Server version of the last content known to be on the server. */
  private version: number;
  /** Store revision whose content is on the server at `version`. */
  private savedRevision: number;
  /** The store's content at `savedRevision`: what a save's changes are computed against. */
  private savedContent: PlanContent;
  /** Revision of the latest change that touched elements or the plan information (not only the map view); see hasUnsavedElementChanges. */
  private elementRevision: number;
  /** The request under way; `done` settles after its outcome has been applied. */
  private inFlight: { revision: number; done: Promise<void> } | null = null;
  /** The debounce ended while a request was in flight: save again as soon as it is back. */
  private queued = false;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the oldest unsent change of the current burst was made (for maxWaitMs). */
  private burstStartedAt: number | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryAt: number | null = null;
  private retryAttempt = 0;
  private failure: Failure | null = null;
  private conflict: AutosaveConflict | null = null;
  private conflictCount = 0;
  /** 409s since the last save that went through: the longer the streak, the longer the wait after it. */
  private conflictStreak = 0;
  /** 402s since the last save that went through: an `unblock` that the server contradicts waits longer each time. */
  private blockedStreak = 0;
  private stopped = false;
  private disposed = false;
  /**
   * Bumped by `adopt` and `dispose`: the outcome of a request sent before belongs to content the store
   * no longer holds, so it is ignored.
   */
  private epoch = 0;
  private status: AutosaveStatus;
  private readonly listeners = new Set<(status: AutosaveStatus) => void>();
  private readonly onOnlineSource: (listener: () => void) => () => void;
  /** Set while following the store (between start and release). */
  private unsubscribeStore: (() => void) | null = null;
  private unsubscribeOnline: (() => void) | null = null;
  /** The last store revision this autosaver has seen, to catch up on changes made while not following. */
  private seenRevision: number;
  /** retire() was called: finish the unsaved work, then stop following. */
  private retiring = false;

  // --- live collaboration (issue 36) ---------------------------------------------------------------
  readonly clientId: string;
  private saveId = 0;
  private readonly fetchChanges: AutosaverOptions["fetchChanges"];
  private readonly fetchPlan: AutosaverOptions["fetchPlan"];
  private readonly gapWaitMs: number;
  /** Changes heard ahead of the next version: applied once the ones before them are in. */
  private readonly buffered = new Map<number, PlanChange>();
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private catchingUp: Promise<void> | null = null;
  private catchUpAgain = false;
  private conflicts: readonly SyncConflict[] = [];
  /** A resolved conflict's element still has to be sent, though no store revision says so. */
  private resendNeeded = false;
  /**
   * The last save got no answer (no connection, a 5xx): it may have reached the server all the same. The
   * retry first catches up, so that a save that did land comes back as our own change and is not sent
   * again (an element added twice would be refused); then it sends the latest content as always.
   */
  private unanswered = false;
  private catchingUpBeforeSave = false;

  constructor(options: AutosaverOptions) {
    this.store = options.store;
    this.planId = options.planId;
    this.version = options.version;
    this.save = options.save;
    this.debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    this.maxWaitMs = Math.max(options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, this.debounceMs);
    this.savedRevision = this.store.getRevision();
    this.savedContent = this.store.getContent();
    this.elementRevision = this.savedRevision;
    this.seenRevision = this.savedRevision;
    this.onOnlineSource = options.onOnline ?? defaultOnOnline;
    this.random = options.random ?? Math.random;
    this.clientId = options.clientId ?? newClientId();
    this.fetchChanges = options.fetchChanges;
    this.fetchPlan = options.fetchPlan;
    this.gapWaitMs = options.gapWaitMs ?? DEFAULT_GAP_WAIT_MS;
    this.status = this.computeStatus();
  }

  /**
   * Starts following the store (and the browser's online event). Construction has no side effects, so
   * an Autosaver can be created during render; start and retire belong in an effect and its cleanup:
   * under React's StrictMode the pair runs twice, which is why retire can be undone by start.
   * Changes made before start (or after a finished retire) are picked up and saved.
   */
  start(): void {
    if (this.disposed) return;
    this.retiring = false;
    if (this.unsubscribeStore) return;
    this.unsubscribeStore = this.store.subscribe((change) => this.onStoreChange(change));
    this.unsubscribeOnline = this.onOnlineSource(() => this.onOnline());
    const revision = this.store.getRevision();
    if (revision > this.seenRevision) {
      // What changed meanwhile is unknown: count it as element edits, the cautious reading.
      this.seenRevision = revision;
      this.elementRevision = revision;
    }
    if (!this.stopped && !this.conflict && !this.inFlight && !this.retryTimer && this.revisionUnsaved()) this.scheduleSave();
    this.publish();
  }

  /**
   * The editor lets go of this plan (unmount, another plan opened): sends what is unsaved now, keeps
   * retrying while offline, then stops following. A conflict or a refused save cannot be settled without
   * the user, so it stops there; the editor should `await flush()` and look at the result before it
   * switches plans, and treats this as the safety net for an unmount it did not plan.
   */
  retire(): void {
    if (this.disposed || !this.unsubscribeStore) return;
    this.retiring = true;
    if (this.hasUnsavedChanges()) void this.flush();
    this.settleRetirement();
  }

  getState(): AutosaveState {
    return this.status.state;
  }

  /** The current status; the same object until something changes. */
  getStatus(): AutosaveStatus {
    return this.status;
  }

  /** The plan this autosaver saves to: a guard against putting one plan's content into another. */
  getPlanId(): number {
    return this.planId;
  }

  /** The version the next save will carry (the last loaded or saved one). */
  getVersion(): number {
    return this.version;
  }

  subscribe(listener: (status: AutosaveStatus) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** True while the store holds anything the server has not confirmed (a request in flight included, an unresolved conflict too). */
  hasUnsavedChanges(): boolean {
    return this.revisionUnsaved() || this.conflicts.length > 0;
  }

  /** Edits to send: store revisions after the saved one, or a resolved conflict's element. */
  private revisionUnsaved(): boolean {
    return this.store.getRevision() > this.savedRevision || this.resendNeeded;
  }

  /**
   * True when unsaved changes include elements (or the plan information), not only pan, zoom, rotation or base layer. A remote
   * update can then not simply be taken over without losing drawing work: that is a real conflict.
   */
  hasUnsavedElementChanges(): boolean {
    return this.elementRevision > this.savedRevision;
  }

  /**
   * Saves now instead of waiting for the debounce or the next retry (before switching plan, closing the
   * tab). Resolves true once everything up to the call is on the server, false when it could not be
   * saved (offline, refused, conflict, stopped); it never rejects, and the edits stay in the store.
   */
  async flush(): Promise<boolean> {
    const target = this.store.getRevision();
    let attempted = false;
    while (!this.stopped && !this.conflict && this.failure?.kind !== "blocked" && this.savedRevision < target) {
      if (this.inFlight) {
        await this.inFlight.done;
        continue;
      }
      // One attempt of our own; if that fails too, report it rather than loop.
      if (attempted) return false;
      attempted = true;
      this.startSave();
      if (!this.inFlight) return false;
    }
    return this.savedRevision >= target;
  }

  /**
   * The store now holds exactly the server's content at `version` (after a reload from the server, or
   * after "keep my version as a copy" followed by a reload). Clears a conflict or an error and resumes
   * saving from there. A request still in flight is disregarded: should it have been written after all,
   * the server is ahead of `version` and the next save answers 409, so nothing is overwritten unseen.
   * `serverContent`: what the server holds at `version` where the store kept something of its own (the
   * user's map view), so the next save sends that too; the store's content by default.
   */
  adopt(version: number, serverContent?: PlanContent): void {
    if (this.stopped) return;
    this.epoch += 1;
    this.inFlight = null;
    this.queued = false;
    this.clearTimers();
    this.version = version;
    this.savedRevision = this.store.getRevision();
    this.savedContent = serverContent ?? this.store.getContent();
    this.conflict = null;
    this.failure = null;
    this.retryAttempt = 0;
    this.conflicts = [];
    this.resendNeeded = false;
    this.unanswered = false;
    this.dropBufferedUpTo(version);
    this.publish();
  }

  // --- live collaboration (issue 36) ---------------------------------------------------------------

  /**
   * Changes heard from the server (`signplanChanges`, a catch-up, a save's answer): applied strictly in
   * version order onto the base and rebased into the store; one ahead of a missing version waits for it
   * (gapWaitMs, then a catch-up asks the server); older ones are dropped.
   */
  receiveChanges(changes: readonly PlanChange[]): void {
    if (this.stopped) return;
    for (const change of changes) if (change.version > this.version) this.buffered.set(change.version, change);
    this.drain();
  }

  /** A catch-up's answer (GET …/changes, the join's acknowledgement): its changes, or the whole plan when too far behind. */
  receiveCatchUp(catchUp: CatchUp): void {
    if (this.stopped) return;
    if ("reload" in catchUp) {
      if (catchUp.version > this.version) void this.reloadPlan();
      return;
    }
    this.receiveChanges(catchUp.changes);
  }

  /**
   * Something changed on the server (`signplanUpdate` from another user, or the browser back online): if
   * the change itself does not arrive within gapWaitMs, ask for it.
   */
  hint(): void {
    if (this.stopped || this.gapTimer !== null) return;
    const version = this.version;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      if (this.version === version) void this.catchUp();
    }, this.gapWaitMs);
  }

  /** Asks the server for the changes since the base's version (serialised: one more round if asked again meanwhile). */
  catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return this.catchingUp;
    }
    const fetchChanges = this.fetchChanges;
    if (!fetchChanges || this.stopped) return Promise.resolve();
    const run = async () => {
      do {
        this.catchUpAgain = false;
        const epoch = this.epoch;
        let answer: CatchUp;
        try {
          answer = await fetchChanges(this.planId, this.version);
        } catch (error) {
          // Not fatal: the next change, hint, reconnect or save brings it in.
          console.warn("autosave: could not catch up with the server", error);
          if (this.buffered.size > 0) this.hint();
          return;
        }
        if (epoch !== this.epoch || this.stopped) return;
        if ("reload" in answer) await this.reloadPlan();
        else this.receiveChanges(answer.changes);
      } while (this.catchUpAgain);
    };
    this.catchingUp = run().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  /**
   * The user's decision on conflicts (by element id; all when `ids` is omitted): "mine" keeps the store's
   * value and sends it over theirs on purpose; "theirs" puts theirs in the store. Either way the element
   * is sent again from now on.
   */
  resolveConflicts(choice: "mine" | "theirs", ids?: readonly string[]): void {
    const chosen = this.conflicts.filter((conflict) => !ids || ids.includes(conflict.elementId));
    if (chosen.length === 0) return;
    this.conflicts = this.conflicts.filter((conflict) => !chosen.includes(conflict));
    this.resendNeeded = true;
    for (const conflict of chosen) this.applyToStore(resolveConflict(conflict, choice, this.savedContent, this.store.getContent()));
    if (!this.stopped && !this.conflict && !this.retryTimer && this.failure?.kind !== "blocked") this.scheduleSave();
    this.publish();
  }

  private drain(): void {
    let next = this.buffered.get(this.version + 1);
    while (next) {
      this.buffered.delete(next.version);
      if (!this.applyChange(next)) return;
      next = this.buffered.get(this.version + 1);
    }
    this.dropBufferedUpTo(this.version);
    if (this.buffered.size > 0) this.hint();
    else if (this.gapTimer !== null) {
      clearTimeout(this.gapTimer);
      this.gapTimer = null;
    }
  }

  private dropBufferedUpTo(version: number): void {
    for (const key of this.buffered.keys()) if (key <= version) this.buffered.delete(key);
  }

  /** One change onto the base and into the store; false when it does not fit the base (the whole plan is read then). */
  private applyChange(change: PlanChange): boolean {
    const result = rebase(this.savedContent, this.store.getContent(), change, this.clientId);
    if (!result.ok) {
      console.warn(`autosave: change ${change.version} does not fit the base; reloading the plan`);
      void this.reloadPlan();
      return false;
    }
    this.savedContent = result.base;
    this.version = change.version;
    this.applyToStore(result.tx);
    this.addConflicts(result.conflicts);
    this.publish();
    return true;
  }

  /** The whole plan from the server, with the unsaved edits rebased onto it; without fetchPlan (or if it fails), the conflict dialog. */
  private async reloadPlan(): Promise<void> {
    const fetchPlan = this.fetchPlan;
    if (!fetchPlan) return this.markConflict(null);
    const epoch = this.epoch;
    let plan: ServerPlan;
    try {
      plan = await fetchPlan(this.planId);
    } catch (error) {
      console.warn("autosave: could not read the plan to catch up", error);
      if (epoch === this.epoch) this.markConflict(null);
      return;
    }
    if (epoch !== this.epoch || this.stopped || plan.version <= this.version) return;
    const result = rebaseOntoPlan(this.savedContent, this.store.getContent(), plan.content, 0);
    if (!result.ok) return this.markConflict(plan.version);
    this.savedContent = result.base;
    this.version = plan.version;
    this.dropBufferedUpTo(plan.version);
    this.applyToStore(result.tx);
    this.addConflicts(result.conflicts);
    this.drain();
    this.publish();
  }

  private applyToStore(tx: RemoteTransaction): void {
    if (tx.put.length === 0 && tx.remove.length === 0 && tx.planInfo === undefined) return;
    this.store.applyRemote(tx);
  }

  /** New conflicts replace older ones on the same element; ones the store no longer has open are dropped. */
  private addConflicts(found: readonly SyncConflict[]): void {
    const ids = new Set(found.map((conflict) => conflict.elementId));
    const kept = this.conflicts.filter((conflict) => !ids.has(conflict.elementId));
    const next = [...kept, ...found].filter((conflict) => conflictStillOpen(conflict, this.savedContent, this.store.getContent()));
    if (next.length !== this.conflicts.length || next.some((conflict, i) => conflict !== this.conflicts[i])) this.conflicts = next;
  }

  /**
   * Another user saved (the server is at `serverVersion`) while this store has unsaved edits: stop
   * saving, because our next save would be refused anyway, and let the conflict dialog decide.
   */
  markConflict(serverVersion: number | null): void {
    if (this.stopped) return;
    this.setConflict("remote-update", serverVersion);
    this.queued = false;
    this.clearTimers();
    this.publish();
  }

  /**
   * The account's block has lifted (the editor heard it from block-status): the edits the server refused
   * are sent now. Should the server still refuse them, the next `unblock` waits a jittered backoff
   * first, so that a client that believes the block is over while the server does not cannot hammer it.
   */
  unblock(): void {
    if (this.stopped || this.failure?.kind !== "blocked") return;
    this.failure = null;
    if (!this.revisionUnsaved() || this.inFlight) return this.publish();
    const delay = this.blockedStreak > 1 ? failedSaveRetryDelayMs(this.blockedStreak - 1, this.random) : 0;
    if (delay === 0) return this.startSave();
    this.clearTimers();
    this.saveAfter(delay);
    this.publish();
  }

  /** Stops timers and listeners; nothing is sent afterwards, and a late answer is ignored. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopped = true;
    this.epoch += 1;
    this.inFlight = null;
    this.queued = false;
    this.release();
    if (this.gapTimer !== null) clearTimeout(this.gapTimer);
    this.gapTimer = null;
    this.buffered.clear();
    this.publish();
    this.listeners.clear();
  }

  // --- internals -----------------------------------------------------------------------------------

  private onStoreChange(change: StoreChange): void {
    const before = this.seenRevision;
    this.seenRevision = change.revision;
    if (change.reason === "remote") {
      // Another client's change (or a conflict resolved to theirs) is no edit of the user's: what was
      // saved before it is still saved after it, and nothing needs to be sent for it.
      if (!this.inFlight && this.savedRevision >= before && !this.resendNeeded) this.savedRevision = change.revision;
      this.publish();
      return;
    }
    if (this.conflicts.length > 0) this.addConflicts([]);
    if (
      change.put.length > 0 ||
      change.removed.length > 0 ||
      change.planInfoChanged ||
      change.replacedAll ||
      change.reason !== "transact"
    ) {
      this.elementRevision = change.revision;
    }
    if (this.stopped) return;
    // In conflict the edits stay in the store until the user has chosen; offline the retry timer sends
    // the latest content anyway, and restarting it on every edit would defeat the backoff.
    if (!this.conflict && !this.retryTimer && this.failure?.kind !== "blocked") {
      if (this.failure?.kind === "error") this.failure = null; // "retried on the next change"
      this.scheduleSave();
    }
    this.publish();
  }

  private onOnline(): void {
    if (this.stopped || this.failure?.kind !== "offline" || this.inFlight) return;
    this.startSave();
  }

  private scheduleSave(): void {
    const now = Date.now();
    this.burstStartedAt ??= now;
    if (this.debounceTimer !== null) clearTimeout(this.debounceTimer);
    const wait = Math.max(0, Math.min(this.debounceMs, this.burstStartedAt + this.maxWaitMs - now));
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      this.startSave();
    }, wait);
  }

  private startSave(): void {
    if (this.stopped || this.conflict || this.failure?.kind === "blocked") return;
    if (this.inFlight) {
      this.queued = true;
      return;
    }
    this.clearTimers();
    this.queued = false;
    // A refused save is tried again with newer content; an offline state stays until a save succeeds,
    // so the indicator does not flicker between "offline" and "saving" with every retry.
    if (this.failure?.kind === "error") this.failure = null;
    if (!this.revisionUnsaved()) {
      this.failure = null;
      this.publish();
      return;
    }
    if (this.catchingUpBeforeSave) return;
    if (this.unanswered && this.fetchChanges) {
      this.catchingUpBeforeSave = true;
      const epoch = this.epoch;
      void this.catchUp().finally(() => {
        this.catchingUpBeforeSave = false;
        this.unanswered = false;
        if (epoch === this.epoch) this.startSave();
      });
      return;
    }
    const revision = this.store.getRevision();
    const base = this.savedContent;
    // An element in conflict is sent as the server has it until the user decides; the rest goes.
    const content = withoutConflicts(this.store.getContent(), base, this.conflicts);
    const epoch = this.epoch;
    const resend = this.resendNeeded;
    this.saveId += 1;
    const body: SavePlanBody = { version: this.version, content, base, clientId: this.clientId, saveId: this.saveId };
    // `new Promise` also catches a `save` that throws synchronously.
    const request = new Promise<SavePlanResult>((resolve) => resolve(this.save(this.planId, body)));
    const done = request.then(
      (result) => this.onSaved(epoch, revision, content, result, body.version, resend),
      (error: unknown) => this.onFailed(epoch, error),
    );
    this.inFlight = { revision, done };
    this.publish();
  }

  private onSaved(
    epoch: number,
    revision: number,
    content: PlanContent,
    result: SavePlanResult,
    baseVersion: number,
    resend: boolean,
  ): void {
    if (epoch !== this.epoch) return;
    this.inFlight = null;
    this.unanswered = false;
    const version = result.version;
    // Recorded first, so that the changes below, taken into the store, count as saved too when nothing newer is.
    if (resend) this.resendNeeded = false;
    this.savedRevision = Math.max(this.savedRevision, revision);
    if (result.changes && result.changes.length > 0) {
      // The server merged the save onto what others saved since its base: the answer's changes (others'
      // and then its own) bring the base to exactly what the server has, and the others' into the store.
      this.receiveChanges(result.changes);
      // A change never carries the map view; the server has the one this save sent.
      if (this.version >= version) this.savedContent = { ...this.savedContent, mapView: content.mapView };
    } else if (version >= this.version && baseVersion === this.version) {
      // No changes in the answer (a whole-plan PUT, or a view alone saved in place): the server holds what was sent.
      this.version = version;
      this.savedContent = content;
    } else if (version > this.version) {
      // Changes heard meanwhile moved the base, and the answer does not say what the save did there.
      void this.catchUp();
    }
    this.failure = null;
    this.retryAttempt = 0;
    this.conflictStreak = 0;
    this.blockedStreak = 0;
    // A remote update seen while this request was under way may have been this very save coming back
    // (the plan was re-read after it landed): if our save is at least as new, nobody else is ahead.
    if (this.conflict?.reason === "remote-update" && this.conflict.serverVersion !== null && version >= this.conflict.serverVersion) {
      this.conflict = null;
    }
    if (!this.conflict && this.revisionUnsaved() && (this.queued || this.debounceTimer === null)) this.startSave();
    else this.publish();
  }

  private onFailed(epoch: number, error: unknown): void {
    if (epoch !== this.epoch) return;
    this.inFlight = null;
    const { status, code, message, serverVersion, retryAfterMs } = describeFailure(error);
    this.unanswered = status !== null && isTransient(status);
    if (status === 401) {
      // The API client has ended the session and is on its way to the login page.
      this.stopped = true;
      this.failure = { kind: "error", message };
      this.queued = false;
      this.clearTimers();
    } else if (status === 402 && code === ACCOUNT_BLOCKED) {
      this.blockedStreak += 1;
      this.failure = { kind: "blocked", message };
      this.queued = false;
      this.clearTimers();
    } else if (status === 409 && this.fetchChanges && this.conflictStreak < MAX_CATCH_UP_RETRIES) {
      // Another client saved first: bring its changes in (a true conflict then shows on its element, and
      // that element is left out of the next save), then save the rest again, after a jittered wait.
      this.conflictStreak += 1;
      this.failure = null;
      this.queued = false;
      this.clearTimers();
      const delay = conflictRetryDelayMs(this.conflictStreak, this.random);
      const settled = code === PLAN_TOO_FAR_BEHIND ? this.reloadPlan() : this.catchUp();
      void settled.then(() => {
        if (epoch !== this.epoch || this.stopped || this.conflict || this.inFlight || this.retryTimer) return;
        this.saveAfter(delay);
        this.publish();
      });
    } else if (status === 409) {
      this.conflictStreak += 1;
      this.setConflict("save-rejected", serverVersion);
      this.failure = null;
      this.queued = false;
      this.clearTimers();
    } else if (status !== null && isTransient(status)) {
      this.failure = { kind: "offline", reason: status === 0 ? "network" : "server" };
      this.queued = false;
      this.clearTimers();
      this.scheduleRetry(retryAfterMs);
    } else {
      this.failure = { kind: "error", message };
      // An edit made while this request was out is a new attempt ("retried on the next change").
      if (this.queued) {
        this.startSave();
        return;
      }
    }
    this.publish();
  }

  /** Starts a conflict, or updates the running one with a newer server version (keeping its id and reason). */
  private setConflict(reason: AutosaveConflict["reason"], serverVersion: number | null): void {
    const current = this.conflict;
    if (!current) {
      this.conflictCount += 1;
      const retryDelayMs = reason === "save-rejected" ? conflictRetryDelayMs(this.conflictStreak, this.random) : 0;
      this.conflict = { id: this.conflictCount, reason, serverVersion, retryDelayMs };
      return;
    }
    const known = current.serverVersion;
    const newest = known === null ? serverVersion : serverVersion === null ? known : Math.max(known, serverVersion);
    if (newest !== known) this.conflict = { ...current, serverVersion: newest };
  }

  private scheduleRetry(retryAfterMs: number | null): void {
    this.retryAttempt += 1;
    this.saveAfter(failedSaveRetryDelayMs(this.retryAttempt, this.random, retryAfterMs));
  }

  /** The retry timer: a save after `delay` ms, which a change meanwhile does not move (onStoreChange). */
  private saveAfter(delay: number): void {
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      this.startSave();
    }, delay);
  }

  private clearTimers(): void {
    if (this.debounceTimer !== null) clearTimeout(this.debounceTimer);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.debounceTimer = null;
    this.retryTimer = null;
    this.retryAt = null;
    this.burstStartedAt = null;
  }

  /** Stops following the store and the online event; the state is kept, and start() resumes. */
  private release(): void {
    this.clearTimers();
    this.unsubscribeStore?.();
    this.unsubscribeOnline?.();
    this.unsubscribeStore = null;
    this.unsubscribeOnline = null;
  }

  /** A retiring autosaver stops once nothing more can happen without the user: saved, conflict or error. */
  private settleRetirement(): void {
    if (!this.retiring) return;
    const { state } = this.status;
    if (state === "pending" || state === "saving" || state === "offline") return;
    this.retiring = false;
    this.release();
  }

  private computeStatus(): AutosaveStatus {
    const failure = this.failure;
    let state: AutosaveState;
    if (this.conflict) state = "conflict";
    else if (failure?.kind === "error") state = "error";
    else if (failure?.kind === "blocked") state = "blocked";
    // Offline wins over saving: the indicator does not flicker with every retry.
    else if (failure?.kind === "offline") state = "offline";
    else if (this.inFlight) state = "saving";
    else if (this.revisionUnsaved()) state = "pending";
    else state = "saved";
    return {
      state,
      version: this.version,
      conflict: this.conflict,
      errorMessage: failure?.kind === "error" || failure?.kind === "blocked" ? failure.message : null,
      retry: failure?.kind === "offline" ? { reason: failure.reason, at: this.retryAt } : null,
      stopped: this.stopped,
      conflicts: this.conflicts,
    };
  }

  private publish(): void {
    const next = this.computeStatus();
    const previous = this.status;
    const same =
      previous.state === next.state &&
      previous.version === next.version &&
      previous.conflict === next.conflict &&
      previous.errorMessage === next.errorMessage &&
      previous.retry?.reason === next.retry?.reason &&
      previous.retry?.at === next.retry?.at &&
      previous.stopped === next.stopped &&
      previous.conflicts === next.conflicts;
    if (!same) {
      this.status = next;
      for (const listener of this.listeners) listener(next);
    }
    this.settleRetirement();
  }
}

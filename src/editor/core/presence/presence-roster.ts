/**
 * The colleagues on the open plan, as their presence events say (WS_EVENTS.presenceUpdate and
 * presenceLeave): one entry per socket (a user with two tabs has two pointers), dropped on leave or
 * when not refreshed within PRESENCE_TTL_MS (a crashed tab, a dead server process: the leave never
 * comes). The header shows one avatar per user (`people`): the same person twice would say nothing
 * more, and following them follows the tab they moved last. Plain TypeScript, tested in node.
 */
import { PRESENCE_TTL_MS, type PresenceLeave, type PresenceState } from "@/lib/realtime-events";

export interface RosterEntry {
  state: PresenceState;
  /** When the last update came (the roster's clock, ms). */
  seenAt: number;
}

/** One colleague in the header: their newest presence among their tabs. */
export interface Person {
  userId: number;
  name: string;
  initials: string;
  color: string;
  /** The tab followed when the avatar is clicked: the one updated last. */
  socketId: string;
}

export class PresenceRoster {
  private readonly entries = new Map<string, RosterEntry>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly RosterEntry[] = [];

  constructor(private readonly signplanId: number) {}

  /** The others in the room when joining (JoinSignplanAck.presence): replaces what was known. */
  reset(states: readonly PresenceState[], now: number): void {
    this.entries.clear();
    for (const state of states) if (state.signplanId === this.signplanId) this.entries.set(state.socketId, { state, seenAt: now });
    this.changed();
  }

  update(state: PresenceState, now: number): void {
    if (state.signplanId !== this.signplanId) return;
    this.entries.set(state.socketId, { state, seenAt: now });
    this.changed();
  }

  leave(leave: PresenceLeave): void {
    if (leave.signplanId !== this.signplanId || !this.entries.delete(leave.socketId)) return;
    this.changed();
  }

  /** Drops entries not refreshed within PRESENCE_TTL_MS; answers whether any went. */
  expire(now: number): boolean {
    let gone = false;
    for (const [socketId, entry] of this.entries) {
      if (now - entry.seenAt > PRESENCE_TTL_MS) {
        this.entries.delete(socketId);
        gone = true;
      }
    }
    if (gone) this.changed();
    return gone;
  }

  clear(): void {
    if (this.entries.size === 0) return;
    this.entries.clear();
    this.changed();
  }

  get(socketId: string): RosterEntry | undefined {
    return this.entries.get(socketId);
  }

  /** Every socket's entry; the same array until something changes (for useSyncExternalStore). */
  all(): readonly RosterEntry[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.snapshot = [...this.entries.values()];
    for (const listener of this.listeners) listener();
  }
}

/** One per user, the tab seen last, ordered by name (a stable order: avatars do not jump about). */
export function peopleOf(entries: readonly RosterEntry[]): Person[] {
  const newest = new Map<number, RosterEntry>();
  for (const entry of entries) {
    const known = newest.get(entry.state.userId);
    if (!known || entry.seenAt >= known.seenAt) newest.set(entry.state.userId, entry);
  }
  return [...newest.values()]
    .map(({ state }) => ({
      userId: state.userId,
      name: state.name,
      initials: state.initials,
      color: state.color,
      socketId: state.socketId,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}

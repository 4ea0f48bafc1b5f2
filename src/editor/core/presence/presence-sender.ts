/**
 * When the editor sends its presence (WS_EVENTS.presence): at once after a quiet spell, then at most
 * every PRESENCE_THROTTLE_MS while the pointer, selection or view keep changing (the last state always
 * goes out, after the wait), and every PRESENCE_HEARTBEAT_MS regardless, so colleagues keep the entry
 * within PRESENCE_TTL_MS. Plain TypeScript with an injected clock, tested in node; the socket emit is
 * the caller's (volatile: a dropped update is replaced by the next one).
 */
import { PRESENCE_HEARTBEAT_MS, type PresenceInput } from "@/lib/realtime-events";

/** At most one presence per this many ms while things change (WS_EVENTS.presence's contract). */
export const PRESENCE_THROTTLE_MS = 50;

export interface SenderClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: SenderClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PresenceSender {
  private state: PresenceInput;
  private lastSentAt = -Infinity;
  private pending: unknown = null;
  private heartbeat: unknown = null;
  private active = false;

  constructor(
    initial: PresenceInput,
    private readonly emit: (presence: PresenceInput) => void,
    private readonly clock: SenderClock = realClock,
  ) {
    this.state = initial;
  }

  /** Starts (or restarts, after a rejoin) sending: the current state goes out now, then the heartbeat runs. */
  start(): void {
    this.active = true;
    this.flush();
  }

  /** Stops sending (left the room, disconnected, unmounted); `update` keeps the state for the next start. */
  stop(): void {
    this.active = false;
    this.cancel("pending");
    this.cancel("heartbeat");
  }

  /** Merges a change in; sent now or at the end of the throttle wait. */
  update(change: Partial<PresenceInput>): void {
    this.state = { ...this.state, ...change };
    if (!this.active || this.pending !== null) return;
    const wait = this.lastSentAt + PRESENCE_THROTTLE_MS - this.clock.now();
    if (wait <= 0) this.flush();
    else
      this.pending = this.clock.setTimeout(() => {
        this.pending = null;
        this.flush();
      }, wait);
  }

  getState(): PresenceInput {
    return this.state;
  }

  private flush(): void {
    this.cancel("pending");
    if (!this.active) return;
    this.lastSentAt = this.clock.now();
    this.emit(this.state);
    this.cancel("heartbeat");
    this.heartbeat = this.clock.setTimeout(() => {
      this.heartbeat = null;
      this.flush();
    }, PRESENCE_HEARTBEAT_MS);
  }

  private cancel(which: "pending" | "heartbeat"): void {
    if (this[which] !== null) this.clock.clearTimeout(this[which]);
    this[which] = null;
  }
}

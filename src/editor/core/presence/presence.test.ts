import { describe, expect, it } from "vitest";
import { nextFollow, viewDiffers } from "./follow";
import { PresenceRoster, peopleOf } from "./presence-roster";
import { PRESENCE_THROTTLE_MS, PresenceSender, type SenderClock } from "./presence-sender";
import { PRESENCE_HEARTBEAT_MS, PRESENCE_TTL_MS, type PresenceInput, type PresenceState } from "@/lib/realtime-events";

/** A clock the test moves by hand, running due timers in order. */
function fakeClock() {
  let now = 1_000;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: SenderClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.size };
}

const input = (pointer: [number, number] | null = null): PresenceInput => ({ signplanId: 7, pointer, selection: [], view: null });
const state = (socketId: string, userId: number, name: string, signplanId = 7): PresenceState => ({
  ...input(),
  signplanId,
  socketId,
  userId,
  name,
  initials: name.slice(0, 1),
  color: "#000",
});

describe("PresenceSender", () => {
  it("sends at once after a quiet spell, then at most every 50 ms while the pointer moves, the last state included", () => {
    const { clock, advance } = fakeClock();
    const sent: PresenceInput[] = [];
    const sender = new PresenceSender(input(), (p) => sent.push(p), clock);
    sender.start();
    expect(sent).toHaveLength(1);
    advance(200);
    sender.update({ pointer: [1, 1] });
    expect(sent.map((p) => p.pointer)).toEqual([null, [1, 1]]);
    // Twenty moves within 40 ms: none goes out until the wait is over, then the last one.
    for (let i = 2; i < 22; i++) {
      advance(2);
      sender.update({ pointer: [i, i] });
    }
    expect(sent).toHaveLength(2);
    advance(PRESENCE_THROTTLE_MS);
    expect(sent).toHaveLength(3);
    expect(sent[2]!.pointer).toEqual([21, 21]);
    // Over a second of continuous moves every 5 ms: about one per 50 ms, never more.
    const before = sent.length;
    for (let i = 0; i < 200; i++) {
      advance(5);
      sender.update({ pointer: [i, 0] });
    }
    advance(PRESENCE_THROTTLE_MS);
    const count = sent.length - before;
    expect(count).toBeGreaterThanOrEqual(19);
    expect(count).toBeLessThanOrEqual(21);
    expect(sent.at(-1)!.pointer).toEqual([199, 0]);
  });

  it("keeps sending a heartbeat while nothing changes, and nothing once stopped", () => {
    const { clock, advance, pending } = fakeClock();
    const sent: PresenceInput[] = [];
    const sender = new PresenceSender(input([5, 5]), (p) => sent.push(p), clock);
    sender.start();
    advance(PRESENCE_HEARTBEAT_MS * 3 + 1);
    expect(sent).toHaveLength(4);
    expect(sent.every((p) => p.pointer?.[0] === 5)).toBe(true);
    sender.stop();
    expect(pending()).toBe(0);
    sender.update({ pointer: [6, 6] });
    advance(PRESENCE_HEARTBEAT_MS * 2);
    expect(sent).toHaveLength(4);
    // A rejoin sends the state kept meanwhile at once.
    sender.start();
    expect(sent.at(-1)!.pointer).toEqual([6, 6]);
  });
});

describe("PresenceRoster", () => {
  it("keeps one entry per socket, forgets a leave, and drops what was not refreshed within the TTL", () => {
    const roster = new PresenceRoster(7);
    let notified = 0;
    roster.subscribe(() => notified++);
    roster.reset([state("a1", 1, "Anna"), state("x", 3, "Other plan", 8)], 0);
    roster.update(state("a2", 1, "Anna"), 0);
    roster.update(state("b", 2, "Bo"), 10_000);
    expect(roster.all().map((e) => e.state.socketId)).toEqual(["a1", "a2", "b"]);
    roster.leave({ signplanId: 7, socketId: "a1" });
    expect(roster.all().map((e) => e.state.socketId)).toEqual(["a2", "b"]);
    expect(roster.expire(PRESENCE_TTL_MS)).toBe(false);
    expect(roster.expire(PRESENCE_TTL_MS + 1)).toBe(true);
    expect(roster.all().map((e) => e.state.socketId)).toEqual(["b"]);
    // Refreshed in time: kept.
    roster.update(state("b", 2, "Bo"), PRESENCE_TTL_MS + 5_000);
    expect(roster.expire(PRESENCE_TTL_MS * 2)).toBe(false);
    expect(roster.all()).toHaveLength(1);
    expect(notified).toBe(6);
  });

  it("shows one person per user, following their tab that moved last, by name", () => {
    const roster = new PresenceRoster(7);
    roster.update(state("b", 2, "Bo"), 0);
    roster.update(state("a1", 1, "Anna"), 1);
    roster.update(state("a2", 1, "Anna"), 2);
    expect(peopleOf(roster.all()).map((p) => [p.name, p.socketId])).toEqual([
      ["Anna", "a2"],
      ["Bo", "b"],
    ]);
    roster.update(state("a1", 1, "Anna"), 3);
    expect(peopleOf(roster.all())[0]!.socketId).toBe("a1");
  });
});

describe("following", () => {
  it("starts and stops with the avatar, stops on the user's own move, and ends when they leave", () => {
    let follow = nextFollow(null, { type: "toggle", userId: 1 });
    expect(follow).toEqual({ userId: 1 });
    expect(nextFollow(follow, { type: "toggle", userId: 1 })).toBeNull();
    follow = nextFollow(follow, { type: "toggle", userId: 2 });
    expect(follow).toEqual({ userId: 2 });
    expect(nextFollow(follow, { type: "present", userIds: new Set([1, 2]) })).toEqual({ userId: 2 });
    expect(nextFollow(follow, { type: "present", userIds: new Set([1]) })).toBeNull();
    expect(nextFollow(follow, { type: "stop" })).toBeNull();
  });

  it("tells the followed view from a move by the user", () => {
    const view = { center: [1000, 2000] as [number, number], resolution: 0.5, rotation: 0 };
    expect(viewDiffers(view, { ...view, center: [1000.1, 2000] })).toBe(false);
    expect(viewDiffers(view, { ...view, center: [1003, 2000] })).toBe(true);
    expect(viewDiffers(view, { ...view, resolution: 0.25 })).toBe(true);
    expect(viewDiffers(view, { ...view, rotation: Math.PI / 2 })).toBe(true);
  });
});

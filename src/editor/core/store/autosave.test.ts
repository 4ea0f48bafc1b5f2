import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  Autosaver,
  CONFLICT_RETRY_BASE_MS,
  CONFLICT_RETRY_MAX_MS,
  RETRY_AFTER_MAX_MS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  conflictRetryDelayMs,
  failedSaveRetryDelayMs,
  type AutosaverOptions,
  type AutosaveStatus,
} from "./autosave";
import { PlanStore } from "./plan-store";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";

/** An error shaped like the API client's ApiRequestError. */
class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message = "",
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

interface Call {
  planId: number;
  version: number;
  content: PlanContent;
  base: PlanContent;
  resolve: (version: number) => void;
  reject: (error: unknown) => void;
}

/** A `save` whose answers the test gives, one call at a time. */
function controlledSave() {
  const calls: Call[] = [];
  const save = vi.fn((planId: number, body: { version: number; content: PlanContent; base: PlanContent }) => {
    return new Promise<{ version: number }>((resolve, reject) => {
      calls.push({ planId, ...body, resolve: (version) => resolve({ version }), reject });
    });
  });
  return { calls, save };
}

/** Lets the promise callbacks run after a fake answer. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const line = (id: string, width = 1) => ({ kind: "line" as const, element: { ...EXAMPLE_ELEMENTS.line, id, width } });

function setup(options: Partial<AutosaverOptions> = {}) {
  const store = new PlanStore(defaultPlanContent());
  const { calls, save } = controlledSave();
  let online: (() => void) | null = null;
  const autosaver = new Autosaver({
    store,
    planId: 7,
    version: 1,
    save,
    // A fixed draw unless a test brings its own: every jittered wait is then known (half its cap).
    random: () => 0.5,
    onOnline: (listener) => {
      online = listener;
      return () => {
        online = null;
      };
    },
    ...options,
  });
  autosaver.start();
  const states: string[] = [];
  autosaver.subscribe((status: AutosaveStatus) => states.push(status.state));
  let n = 0;
  const edit = () => store.transact({ note: "edit", put: [line(`l${++n}`)] });
  return { store, autosaver, calls, save, states, edit, goOnline: () => online?.() };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Autosaver: debounce", () => {
  it("coalesces a burst of edits into one save of the latest content, after a quiet second", async () => {
    const { store, autosaver, calls, edit } = setup();
    expect(autosaver.getState()).toBe("saved");
    edit();
    expect(autosaver.getState()).toBe("pending");
    await vi.advanceTimersByTimeAsync(600);
    edit();
    await vi.advanceTimersByTimeAsync(600);
    edit();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.planId).toBe(7);
    expect(calls[0]!.version).toBe(1);
    expect(calls[0]!.content).toBe(store.getContent());
    expect(calls[0]!.content.lines).toHaveLength(3);
    expect(autosaver.getState()).toBe("saving");

    calls[0]!.resolve(2);
    await settle();
    expect(autosaver.getState()).toBe("saved");
    expect(autosaver.getVersion()).toBe(2);
    expect(autosaver.hasUnsavedChanges()).toBe(false);
  });

  it("does not wait longer than maxWaitMs while edits keep coming", async () => {
    const { calls, edit } = setup({ maxWaitMs: 5000 });
    for (let i = 0; i < 12; i++) {
      edit();
      await vi.advanceTimersByTimeAsync(500);
    }
    // The first edit was at t=0, so the save went out at t=5000 despite the constant editing.
    expect(calls).toHaveLength(1);
  });

  it("saves map view changes too (they are part of the plan), but counts them apart from element edits", async () => {
    const { store, autosaver, calls } = setup();
    store.transact({ note: "pan", mapView: { zoom: 15 } });
    expect(autosaver.hasUnsavedChanges()).toBe(true);
    expect(autosaver.hasUnsavedElementChanges()).toBe(false);
    store.transact({ note: "draw", put: [line("a")] });
    expect(autosaver.hasUnsavedElementChanges()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.resolve(2);
    await settle();
    expect(autosaver.hasUnsavedElementChanges()).toBe(false);
    store.undo();
    expect(autosaver.hasUnsavedElementChanges()).toBe(true);
  });

  it("counts a change of the plan information as work, saved like a drawing", async () => {
    const { store, autosaver, calls } = setup();
    store.transact({ note: "plan info", planInfo: { planNumber: "17" } });
    expect(autosaver.hasUnsavedElementChanges()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.content.planInfo).toEqual({ planNumber: "17" });
  });
});

describe("Autosaver: one request at a time, in order", () => {
  it("never overlaps requests and sends an edit made during a save right after it, with the new version", async () => {
    const { store, autosaver, calls, edit, states } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);

    edit();
    edit();
    await vi.advanceTimersByTimeAsync(5000); // the debounce ends while the first save is still out
    expect(calls).toHaveLength(1);
    expect(autosaver.getState()).toBe("saving");
    expect(autosaver.hasUnsavedChanges()).toBe(true);

    calls[0]!.resolve(2);
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.version).toBe(2);
    expect(calls[1]!.content).toBe(store.getContent());
    expect(calls[1]!.content.lines).toHaveLength(3);

    calls[1]!.resolve(3);
    await settle();
    expect(autosaver.getState()).toBe("saved");
    expect(autosaver.getVersion()).toBe(3);
    // The second "saving" is a new status: the version moved on from 1 to 2 between the requests.
    expect(states).toEqual(["pending", "saving", "saving", "saved"]);
    // The revisions sent only ever increase.
    expect(calls[0]!.content.lines.length).toBeLessThan(calls[1]!.content.lines.length);
  });

  it("waits for the debounce of an edit made during a save when the save comes back first", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    edit();
    await vi.advanceTimersByTimeAsync(200);
    calls[0]!.resolve(2);
    await settle();
    expect(calls).toHaveLength(1);
    expect(autosaver.getState()).toBe("pending");
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.version).toBe(2);
  });

  it("reports each state change once, in order", async () => {
    const { calls, edit, states } = setup();
    edit();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.resolve(2);
    await settle();
    expect(states).toEqual(["pending", "saving", "saved"]);
  });

  it("keeps the same status object while nothing visible changes", () => {
    const { autosaver, edit } = setup();
    edit();
    const status = autosaver.getStatus();
    edit();
    expect(autosaver.getStatus()).toBe(status);
  });
});

describe("Autosaver: offline", () => {
  it("retries below 1 s, 2 s, 4 s … capped at 30 s (here at half), always with the latest content, then recovers", async () => {
    const { store, autosaver, calls, edit } = setup({ random: () => 0.5 });
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    const delays = [500, 1000, 2000, 4000, 8000, RETRY_MAX_MS / 2, RETRY_MAX_MS / 2];
    for (const [i, delay] of delays.entries()) {
      calls[i]!.reject(new FakeApiError(i % 2 ? 503 : 0));
      await settle();
      expect(autosaver.getState()).toBe("offline");
      expect(autosaver.getStatus().retry?.reason).toBe(i % 2 ? "server" : "network");
      if (i === 2) edit(); // an edit while offline does not restart the backoff
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(calls).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(i + 2);
      expect(autosaver.getState()).toBe("offline"); // no flicker to "saving" on each retry
    }
    const last = calls[calls.length - 1]!;
    expect(last.version).toBe(1);
    expect(last.content).toBe(store.getContent());
    expect(last.content.lines).toHaveLength(2);

    last.resolve(2);
    await settle();
    expect(autosaver.getState()).toBe("saved");
    expect(autosaver.hasUnsavedChanges()).toBe(false);

    // The backoff starts from below 1 s again after a success.
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[calls.length - 1]!.reject(new FakeApiError(0));
    await settle();
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(before + 1);
  });

  it("tries at once when the browser says it is back online", async () => {
    const { calls, edit, goOnline } = setup({ random: () => 0.9 });
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new FakeApiError(0));
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    goOnline();
    expect(calls).toHaveLength(2);
    // The cancelled retry timer does not send a second request.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it("sends two editors turned away by the same failure back at different times", async () => {
    const early = setup({ random: () => 0.1 });
    const late = setup({ random: () => 0.8 });
    early.edit();
    late.edit();
    await vi.advanceTimersByTimeAsync(1000);
    early.calls[0]!.reject(new FakeApiError(503));
    late.calls[0]!.reject(new FakeApiError(503));
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    expect([early.calls.length, late.calls.length]).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(700);
    expect([early.calls.length, late.calls.length]).toEqual([2, 2]);
  });

  it("spreads many editors over the whole first second instead of one moment", async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31; // a fixed sequence
    const retries: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { autosaver, calls, edit } = setup({ random });
      edit();
      await vi.advanceTimersByTimeAsync(1000);
      const failedAt = Date.now();
      calls[0]!.reject(new FakeApiError(0));
      await settle();
      retries.push(autosaver.getStatus().retry!.at! - failedAt);
      autosaver.dispose();
    }
    expect(Math.max(...retries)).toBeLessThan(RETRY_BASE_MS);
    expect(new Set(retries).size).toBeGreaterThan(15);
  });

  it("waits at least the Retry-After of a 503 or 429, with the jitter on top", async () => {
    const { autosaver, calls, edit } = setup({ random: () => 0.5 });
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(Object.assign(new FakeApiError(503, "Busy"), { retryAfterMs: 5000 }));
    await settle();
    expect(autosaver.getState()).toBe("offline");
    await vi.advanceTimersByTimeAsync(5000 + 500 - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]!.reject(Object.assign(new FakeApiError(429, "Too many"), { retryAfterMs: 60_000 }));
    await settle();
    await vi.advanceTimersByTimeAsync(60_000 + 1000 - 1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
  });

  it("treats 429 and 408 as temporary too", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new FakeApiError(429, "Too many"));
    await settle();
    expect(autosaver.getState()).toBe("offline");
  });
});

describe("Autosaver: conflict", () => {
  it("stops on 409, remembers the server's version, and sends nothing until adopt", async () => {
    const { store, autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new FakeApiError(409, "Planen er blevet ændret af en anden", { message: "…", version: 5 }));
    await settle();
    expect(autosaver.getState()).toBe("conflict");
    expect(autosaver.getStatus().conflict).toEqual({ id: 1, reason: "save-rejected", serverVersion: 5, retryDelayMs: expect.any(Number) });

    edit();
    edit();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    expect(autosaver.hasUnsavedChanges()).toBe(true);
    expect(await autosaver.flush()).toBe(false);
    expect(calls).toHaveLength(1);

    // The editor reloads the server's plan into the store, then adopts its version.
    store.replace({ ...defaultPlanContent(), lines: [line("server").element] }, { keepHistory: true });
    autosaver.adopt(5);
    expect(autosaver.getState()).toBe("saved");
    expect(autosaver.getStatus().conflict).toBeNull();
    expect(autosaver.hasUnsavedChanges()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);

    // Undoing the reload brings the user's version back, and it is saved on top of version 5.
    store.undo();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.version).toBe(5);
    expect(calls[1]!.content.lines.map((l) => l.id)).toEqual(["l1", "l2", "l3"]);
  });

  it("markConflict stops saving pending edits", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    autosaver.markConflict(4);
    expect(autosaver.getStatus().conflict).toEqual({ id: 1, reason: "remote-update", serverVersion: 4, retryDelayMs: 0 });
    // A later update keeps the conflict (same id), with the newer server version.
    autosaver.markConflict(6);
    autosaver.markConflict(5);
    expect(autosaver.getStatus().conflict).toEqual({ id: 1, reason: "remote-update", serverVersion: 6, retryDelayMs: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
  });

  it("clears a remote-update conflict that was really its own save coming back", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    // The plan was re-read after our request landed: the server is at 2, which our save will report.
    autosaver.markConflict(2);
    calls[0]!.resolve(2);
    await settle();
    expect(autosaver.getStatus().conflict).toBeNull();
    expect(autosaver.getState()).toBe("saved");
  });

  it("keeps a remote-update conflict when someone else is ahead of our save", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    autosaver.markConflict(3);
    calls[0]!.resolve(2);
    await settle();
    expect(autosaver.getState()).toBe("conflict");
  });

  it("ignores the answer of a request sent before adopt", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    autosaver.adopt(9);
    calls[0]!.resolve(2);
    await settle();
    expect(autosaver.getVersion()).toBe(9);
    calls[0]!.reject(new FakeApiError(409, "", { version: 10 }));
    await settle();
    expect(autosaver.getState()).toBe("saved");
  });
});

describe("failedSaveRetryDelayMs", () => {
  it("is drawn uniformly below a cap that doubles with each failure in a row, from 1 s up to 30 s", () => {
    const almostOne = () => 0.999_999;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => failedSaveRetryDelayMs(attempt, almostOne))).toEqual([
      999, 1999, 3999, 7999, 15_999, 29_999, 29_999, 29_999,
    ]);
    expect(failedSaveRetryDelayMs(4, () => 0)).toBe(0);
    expect(failedSaveRetryDelayMs(4, () => 0.25)).toBe(2000);
    expect(RETRY_BASE_MS).toBe(1000);
    expect(RETRY_MAX_MS).toBe(30_000);
  });

  it("adds the jitter to a Retry-After, which it holds to ten minutes", () => {
    expect(failedSaveRetryDelayMs(1, () => 0.5, 3000)).toBe(3500);
    expect(failedSaveRetryDelayMs(1, () => 0, 0)).toBe(0);
    expect(failedSaveRetryDelayMs(3, () => 0, 24 * 3600_000)).toBe(RETRY_AFTER_MAX_MS);
    expect(RETRY_AFTER_MAX_MS).toBe(600_000);
  });
});

describe("Autosaver: the wait before an automatic retry after a 409", () => {
  it("is drawn uniformly below a cap that doubles with each 409 in a row, from 200 ms up to 5 s", () => {
    const almostOne = () => 0.999_999;
    expect([1, 2, 3, 4, 5, 6, 7].map((streak) => conflictRetryDelayMs(streak, almostOne))).toEqual([199, 399, 799, 1599, 3199, 4999, 4999]);
    expect(conflictRetryDelayMs(3, () => 0)).toBe(0);
    expect(conflictRetryDelayMs(3, () => 0.5)).toBe(400);
    expect(conflictRetryDelayMs(0, almostOne)).toBe(0);
    expect(CONFLICT_RETRY_BASE_MS).toBe(200);
    expect(CONFLICT_RETRY_MAX_MS).toBe(5000);
  });

  it("grows with consecutive 409s across automatic reloads, and starts over after a save that went through", async () => {
    const { store, autosaver, calls } = setup({ random: () => 0.5 });
    const waits: number[] = [];
    let version = 1;
    // What the editor does when only the view was unsaved: wait, take the server's plan over, go on.
    const refuseOnce = async () => {
      store.transact({ note: "pan", mapView: { zoom: 10 + calls.length } });
      await vi.advanceTimersByTimeAsync(1000);
      version += 1;
      calls.at(-1)!.reject(new FakeApiError(409, "", { version }));
      await settle();
      const conflict = autosaver.getStatus().conflict!;
      waits.push(conflict.retryDelayMs);
      await vi.advanceTimersByTimeAsync(conflict.retryDelayMs);
      autosaver.adopt(conflict.serverVersion!);
    };
    for (let i = 0; i < 7; i++) await refuseOnce();
    expect(waits).toEqual([100, 200, 400, 800, 1600, 2500, 2500]);

    store.transact({ note: "pan", mapView: { zoom: 3 } });
    await vi.advanceTimersByTimeAsync(1000);
    calls.at(-1)!.resolve(version + 1);
    await settle();
    version += 1;
    await refuseOnce();
    expect(waits.at(-1)).toBe(100);
    // Another user's save seen over the socket refused nothing of ours: no wait.
    store.transact({ note: "draw", put: [line("x")] });
    autosaver.markConflict(version + 5);
    expect(autosaver.getStatus().conflict?.retryDelayMs).toBe(0);
  });

  it("spreads the editors refused by one save instead of sending them back together", async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31; // a fixed sequence
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { autosaver, calls, edit } = setup({ random });
      edit();
      await vi.advanceTimersByTimeAsync(1000);
      calls[0]!.reject(new FakeApiError(409, "", { version: 2 }));
      await settle();
      waits.push(autosaver.getStatus().conflict!.retryDelayMs);
      autosaver.dispose();
    }
    expect(Math.max(...waits)).toBeLessThan(CONFLICT_RETRY_BASE_MS);
    expect(new Set(waits).size).toBeGreaterThan(15);
  });
});

describe("Autosaver: refused content and session end", () => {
  it("shows a 400 or 413 with its message, does not retry by itself, and tries again on the next change", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new FakeApiError(413, "Planen er for stor."));
    await settle();
    expect(autosaver.getState()).toBe("error");
    expect(autosaver.getStatus().errorMessage).toBe("Planen er for stor.");
    expect(autosaver.hasUnsavedChanges()).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);

    edit();
    expect(autosaver.getState()).toBe("pending");
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new FakeApiError(400, "Planens indhold er ugyldigt i feltet content.lines.0.width."));
    await settle();
    expect(autosaver.getStatus().errorMessage).toContain("lines.0.width");
  });

  it("treats an unexpected failure (a thrown bug) as an error without a message", async () => {
    const store = new PlanStore(defaultPlanContent());
    const autosaver = new Autosaver({
      store,
      planId: 1,
      version: 1,
      save: () => {
        throw new TypeError("");
      },
      onOnline: () => () => {},
    });
    autosaver.start();
    store.transact({ note: "x", put: [line("a")] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(autosaver.getState()).toBe("error");
    expect(autosaver.getStatus().errorMessage).toBeNull();
  });

  it("stops for good on 401 (the API client has ended the session)", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new FakeApiError(401, "Du er blevet logget ud."));
    await settle();
    expect(autosaver.getStatus().stopped).toBe(true);
    expect(autosaver.getState()).toBe("error");
    edit();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("Autosaver.flush", () => {
  it("saves at once instead of waiting for the debounce", async () => {
    const { calls, edit, autosaver } = setup();
    edit();
    const flushed = autosaver.flush();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(2);
    expect(await flushed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits for the request in flight, then sends what came after it", async () => {
    const { store, calls, edit, autosaver } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    edit();
    const flushed = autosaver.flush();
    calls[0]!.resolve(2);
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.content).toBe(store.getContent());
    calls[1]!.resolve(3);
    expect(await flushed).toBe(true);
    expect(autosaver.getState()).toBe("saved");
  });

  it("skips the backoff when offline and reports false when the attempt fails", async () => {
    const { calls, edit, autosaver } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new FakeApiError(0));
    await settle();
    const flushed = autosaver.flush();
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new FakeApiError(0));
    expect(await flushed).toBe(false);
    expect(autosaver.hasUnsavedChanges()).toBe(true);
  });

  it("resolves true at once when nothing is unsaved", async () => {
    const { calls, autosaver } = setup();
    expect(await autosaver.flush()).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe("Autosaver.dispose", () => {
  it("clears its timers, stops following the store and ignores a late answer", async () => {
    const { store, autosaver, calls, edit, states, goOnline } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    edit();
    expect(vi.getTimerCount()).toBe(1);
    autosaver.dispose();
    expect(vi.getTimerCount()).toBe(0);
    const reported = states.length;
    calls[0]!.resolve(2);
    await settle();
    store.transact({ note: "after", put: [line("z")] });
    goOnline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(states).toHaveLength(reported);
    expect(autosaver.getVersion()).toBe(1);
  });
});

describe("Autosaver lifecycle: start and retire", () => {
  function unstarted() {
    const store = new PlanStore(defaultPlanContent());
    const { calls, save } = controlledSave();
    const autosaver = new Autosaver({ store, planId: 7, version: 1, save, random: () => 0.5, onOnline: () => () => {} });
    return { store, autosaver, calls };
  }

  it("has no side effects until start, then saves what changed before it", async () => {
    const { store, autosaver, calls } = unstarted();
    store.transact({ note: "early", put: [line("a")] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(autosaver.hasUnsavedChanges()).toBe(true);
    expect(autosaver.hasUnsavedElementChanges()).toBe(false); // not seen yet …
    autosaver.start();
    expect(autosaver.hasUnsavedElementChanges()).toBe(true); // … and counted as drawing work once seen
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.content).toBe(store.getContent());
  });

  it("survives StrictMode's start, retire, start: one subscription, one request per burst", async () => {
    const { store, autosaver, calls } = unstarted();
    autosaver.start();
    autosaver.retire();
    autosaver.start();
    autosaver.start();
    store.transact({ note: "a", put: [line("a")] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });

  it("retire sends unsaved work at once, keeps retrying while offline, then stops following", async () => {
    const { store, autosaver, calls } = unstarted();
    autosaver.start();
    store.transact({ note: "a", put: [line("a")] });
    autosaver.retire();
    expect(calls).toHaveLength(1); // no debounce: the editor is going away
    calls[0]!.reject(new FakeApiError(0));
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(2);
    await settle();
    expect(autosaver.getState()).toBe("saved");
    expect(vi.getTimerCount()).toBe(0);
    store.transact({ note: "after", put: [line("b")] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it("retire without unsaved work stops following at once", async () => {
    const { store, autosaver, calls } = unstarted();
    autosaver.start();
    autosaver.retire();
    store.transact({ note: "a", put: [line("a")] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
  });
});

describe("what a save is based on (base)", () => {
  it("is the content last saved: after a failure the next save still carries every change since it, and after a success the saved content", async () => {
    const { store, autosaver, calls, edit } = setup();
    const loaded = store.getContent();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[0]!.base).toBe(loaded);
    calls[0]!.reject(new FakeApiError(0, "offline"));
    await settle();
    edit();
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    // Still against what the server has: the failed request's change is not lost from the diff.
    expect(calls[1]!.base).toBe(loaded);
    expect(calls[1]!.content).toBe(store.getContent());
    calls[1]!.resolve(2);
    await settle();
    const saved = store.getContent();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[2]!.base).toBe(saved);
    expect(calls[2]!.version).toBe(2);
    // After a reload from the server (adopt) the store's content is the base.
    calls[2]!.reject(new FakeApiError(409, "stale", { version: 5 }));
    await settle();
    store.replace(defaultPlanContent());
    autosaver.adopt(5);
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[3]!.base).not.toBe(saved);
    expect(calls[3]!.base.lines).toEqual([]);
    expect(calls[3]!.version).toBe(5);
  });
});

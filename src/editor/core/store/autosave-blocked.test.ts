import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_BLOCKED, Autosaver, RETRY_BASE_MS } from "./autosave";
import { PlanStore } from "./plan-store";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";

/** The API client's refusal of a blocked account's change (402, code ACCOUNT_BLOCKED). */
class BlockedError extends Error {
  readonly status = 402;
  readonly code = ACCOUNT_BLOCKED;
  readonly body = { message: "Din konto er spærret.", code: ACCOUNT_BLOCKED };
  constructor() {
    super("Din konto er spærret.");
  }
}

function setup() {
  const store = new PlanStore(defaultPlanContent());
  const calls: { version: number; content: PlanContent; resolve: (v: number) => void; reject: (e: unknown) => void }[] = [];
  const save = vi.fn(
    (_planId: number, body: { version: number; content: PlanContent }) =>
      new Promise<{ version: number }>((resolve, reject) => calls.push({ ...body, resolve: (version) => resolve({ version }), reject })),
  );
  const autosaver = new Autosaver({ store, planId: 7, version: 1, save, random: () => 0.5, onOnline: () => () => {} });
  autosaver.start();
  let n = 0;
  const edit = () => store.transact({ note: "edit", put: [{ kind: "line", element: { ...EXAMPLE_ELEMENTS.line, id: `l${++n}` } }] });
  return { store, autosaver, calls, save, edit };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Autosaver: a save refused because the account is blocked", () => {
  it("keeps the edit, sends nothing more while blocked, and saves it once unblocked", async () => {
    const { autosaver, calls, save, edit, store } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    calls[0]!.reject(new BlockedError());
    await settle();
    expect(autosaver.getState()).toBe("blocked");
    expect(autosaver.getStatus().errorMessage).toBe("Din konto er spærret.");
    expect(autosaver.hasUnsavedChanges()).toBe(true);

    // Neither time, nor another change, nor a flush asks the server again while it is blocked.
    edit();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(await autosaver.flush()).toBe(false);
    expect(save).toHaveBeenCalledTimes(1);
    expect(autosaver.getState()).toBe("blocked");

    autosaver.unblock();
    expect(save).toHaveBeenCalledTimes(2);
    // Both edits go out: what is sent is the store's content now.
    expect(calls[1]!.content).toEqual(store.getContent());
    expect(calls[1]!.content.lines).toHaveLength(2);
    expect(calls[1]!.version).toBe(1);
    calls[1]!.resolve(2);
    await settle();
    expect(autosaver.getState()).toBe("saved");
    expect(autosaver.hasUnsavedChanges()).toBe(false);
  });

  it("backs off when the server still refuses after an unblock", async () => {
    const { autosaver, calls, save, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(new BlockedError());
    await settle();
    autosaver.unblock(); // the first unblock saves at once
    expect(save).toHaveBeenCalledTimes(2);
    calls[1]!.reject(new BlockedError());
    await settle();
    expect(autosaver.getState()).toBe("blocked");

    // The second is held back by a jittered wait (half of the first retry's cap with this draw).
    autosaver.unblock();
    expect(save).toHaveBeenCalledTimes(2);
    expect(autosaver.getState()).toBe("pending");
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS / 2);
    expect(save).toHaveBeenCalledTimes(3);
    calls[2]!.resolve(2);
    await settle();
    expect(autosaver.getState()).toBe("saved");
  });

  it("does nothing on unblock when nothing was refused", async () => {
    const { autosaver, save } = setup();
    autosaver.unblock();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
    expect(autosaver.getState()).toBe("saved");
  });

  it("treats a 402 without the code like any other refusal", async () => {
    const { autosaver, calls, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]!.reject(Object.assign(new Error("Payment required"), { status: 402 }));
    await settle();
    expect(autosaver.getState()).toBe("error");
  });
});

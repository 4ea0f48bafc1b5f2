import { describe, expect, it } from "vitest";
import { Turns } from "./turns";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("Turns", () => {
  it("starts at most perTurn pieces of work in one turn of the event loop, the rest in later turns, in order", async () => {
    const turns = new Turns(2);
    const startedInTurn: number[] = [];
    let turn = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turn += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const order: number[] = [];
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map((i) =>
        turns.run(() => {
          order.push(i);
          startedInTurn.push(turn);
          return i * 10;
        }),
      ),
    );
    counting = false;
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Two in the turn they came in, then two a turn.
    const perTurn = new Map<number, number>();
    for (const t of startedInTurn) perTurn.set(t, (perTurn.get(t) ?? 0) + 1);
    expect([...perTurn.values()]).toEqual([2, 2, 2, 1]);
    expect(turns.queued).toBe(0);
  });

  it("lets callbacks due in the next turn run before the work that had to wait", async () => {
    const turns = new Turns(1);
    const order: string[] = [];
    const done = [0, 1, 2].map((i) => turns.run(() => void order.push(`work ${i}`)));
    // Another request's callback, due in the next turn: it must not wait for all the queued work.
    setImmediate(() => order.push("other"));
    await Promise.all(done);
    expect(order.indexOf("work 0")).toBe(0);
    expect(order.indexOf("other")).toBeLessThan(order.indexOf("work 2"));
  });

  it("passes a failure on and still starts the next", async () => {
    const turns = new Turns(1);
    const failing = turns.run(() => Promise.reject(new Error("no such plan")));
    const next = turns.run(() => "read");
    await expect(failing).rejects.toThrow("no such plan");
    await expect(next).resolves.toBe("read");
  });

  it("starts at once while the turn has room", async () => {
    const turns = new Turns(3);
    let started = 0;
    void turns.run(() => void (started += 1));
    void turns.run(() => void (started += 1));
    expect(started).toBe(2);
    await nextTurn();
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => new Turns(0)).toThrow(RangeError);
    expect(() => new Turns(1.5)).toThrow(RangeError);
  });
});

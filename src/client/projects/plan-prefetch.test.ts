import { beforeEach, describe, expect, it, vi } from "vitest";

const getPlan = vi.fn();
vi.mock("./projects-api", () => ({ getPlan: (...args: unknown[]) => getPlan(...args) }));
let token: string | null = "token-a";
vi.mock("../session", () => ({ readToken: () => token }));

const { prefetchPlan, takePrefetchedPlan } = await import("./plan-prefetch");

describe("the plan prefetched on /app", () => {
  beforeEach(() => {
    getPlan.mockReset();
    token = "token-a";
  });

  it("is asked for once, without the shared handling, and taken once for that plan", async () => {
    const plan = { id: 7, version: 1, content: {} };
    getPlan.mockResolvedValue(plan);
    prefetchPlan(7);
    expect(getPlan).toHaveBeenCalledTimes(1);
    expect(getPlan).toHaveBeenCalledWith(7, { sharedHandling: false, toast: false });
    await expect(takePrefetchedPlan(7)).resolves.toBe(plan);
    expect(takePrefetchedPlan(7)).toBeNull();
  });

  it("is not taken for another plan, nor after the session changed, and is not asked for without one", () => {
    getPlan.mockReturnValue(new Promise(() => {}));
    prefetchPlan(7);
    expect(takePrefetchedPlan(8)).toBeNull();
    prefetchPlan(7);
    token = "token-b";
    expect(takePrefetchedPlan(7)).toBeNull();
    token = null;
    getPlan.mockClear();
    prefetchPlan(7);
    expect(getPlan).not.toHaveBeenCalled();
    expect(takePrefetchedPlan(7)).toBeNull();
  });

  it("a failure is never left unhandled when nobody takes it", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    getPlan.mockRejectedValue(new Error("offline"));
    prefetchPlan(7);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

/**
 * The daily job's schedule in the server process: a run soon after start-up, then an hourly look at
 * billing_job_runs that runs the job only when today's run has not finished; BILLING_JOB=off starts nothing.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db";
import { jobDay } from "@/server/billing/job";
import { checkToday, startBillingScheduler, stopBillingScheduler } from "@/server/billing/scheduler";
import { log } from "@/server/log";

afterEach(async () => {
  await stopBillingScheduler();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function runOf(day: string) {
  const db = await getDb();
  return db.selectFrom("billing_job_runs").selectAll().where("day", "=", day).executeTakeFirst();
}

describe("the billing job's scheduler", () => {
  it("runs the job soon after start, and not before", async () => {
    await getDb();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const today = jobDay(new Date());
    startBillingScheduler();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await runOf(today)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(15_000);
    // The check under way finishes before the scheduler stops.
    await stopBillingScheduler();
    expect((await runOf(today))?.finished_at).toBeTruthy();
  });

  it("runs the job when today's run has not finished, and only then", async () => {
    const day = new Date("2025-05-05T06:00:00Z");
    await checkToday(day);
    const first = await runOf("2025-05-05");
    expect(first?.finished_at).toBeTruthy();
    // Later the same day: today's run has finished, so it is not run again (its row is untouched).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await checkToday(new Date("2025-05-05T07:00:00Z"));
    expect(await runOf("2025-05-05")).toEqual(first);
    // The next day it runs.
    await checkToday(new Date("2025-05-06T06:00:00Z"));
    expect((await runOf("2025-05-06"))?.finished_at).toBeTruthy();
  });

  it("starts nothing with BILLING_JOB=off", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const info = vi.spyOn(log, "info");
    startBillingScheduler({ config: getConfig({ ...process.env, BILLING_JOB: "off" }) });
    expect(info).toHaveBeenCalledWith("billing", "the daily job is off in this process (BILLING_JOB=off)");
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

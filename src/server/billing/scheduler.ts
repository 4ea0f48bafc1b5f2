import "server-only";
import { getConfig, type ServerConfig } from "../config";
import { getDb } from "../db";
import { log } from "../log";
import { jobDay, runBillingJob } from "./job";

/** The first run waits this long after start-up, so that the server answers requests first. */
const FIRST_RUN_DELAY_MS = 15_000;
/** Then, every hour, today's run is looked for in billing_job_runs and made when it has not finished. */
const CHECK_EVERY_MS = 3600_000;

interface SchedulerState {
  timer?: NodeJS.Timeout;
  running: boolean;
  check?: Promise<void>;
}

// One scheduler per process: server.ts and the route handlers are bundled separately (see db/index.ts).
const shared = globalThis as typeof globalThis & { __planBillingScheduler?: SchedulerState };
const state = (shared.__planBillingScheduler ??= { running: false });

/**
 * Starts the daily billing job's schedule in this process (server.ts after start-up), unless
 * BILLING_JOB=off. Every process may run it: the job itself makes sure only one runs at a time.
 */
export function startBillingScheduler({ config = getConfig() }: { config?: ServerConfig } = {}): void {
  if (state.running) return;
  if (config.BILLING_JOB === "off") {
    log.info("billing", "the daily job is off in this process (BILLING_JOB=off)");
    return;
  }
  state.running = true;
  schedule(FIRST_RUN_DELAY_MS);
}

/** Stops the schedule and waits for a run under way (a server that stops). */
export async function stopBillingScheduler(): Promise<void> {
  state.running = false;
  clearTimeout(state.timer);
  await state.check?.catch(() => undefined);
}

function schedule(delay: number): void {
  if (!state.running) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    state.check = checkToday().finally(() => {
      state.check = undefined;
      schedule(CHECK_EVERY_MS);
    });
  }, delay);
  state.timer.unref();
}

/** Runs the job unless today's run has finished (here or in another process). */
export async function checkToday(now = new Date()): Promise<void> {
  try {
    const db = await getDb();
    const run = await db.selectFrom("billing_job_runs").select("finished_at").where("day", "=", jobDay(now)).executeTakeFirst();
    if (run?.finished_at) return;
    await runBillingJob(db, now);
  } catch (error) {
    log.error("billing", "the daily job failed; it is tried again within the hour", error);
  }
}

import "server-only";
import { sql, type Kysely } from "kysely";
import { runMailJob } from "./mail-jobs";
import { getDb, type Database } from "../db";
import type { MailJobKind } from "../db/schema";
import { log } from "../log";
import type { SiteId } from "@/sites/registry";

/** A worker looks for due jobs every POLL_MS on average, at a random moment within ±50 % of it. */
const POLL_MS = 1000;
/** How long a taken job is the taker's: past that (the process died mid-job) another worker takes it. */
const LEASE_MS = 5 * 60_000;
/** Tries before a job that keeps failing is given up (logged); retries wait 1, 2, 4, 8 minutes. */
const MAX_ATTEMPTS = 5;
const RETRY_MS = 60_000;
const BATCH = 20;

export interface MailJobRequest {
  kind: MailJobKind;
  email: string;
  site: SiteId;
  /** Origin for links in the mail (see siteOrigin). */
  origin: string;
  /** The invitation an "invitation" job mails. */
  invite_id?: number;
  /** The invoice an "invoice" job mails, or the one whose credit note a "credit-note" job mails. */
  invoice_id?: number;
  /** The billing_notices key a "billing-notice" job mails. */
  notice_key?: string;
}

/**
 * Queues an account mail. The request writes this one row, the same way whatever the e-mail, and
 * answers; everything that depends on whether the e-mail has an account (the lookup, a link's token,
 * composing and sending the mail) happens in a worker on its own schedule (startMailWorker), not on
 * the request's path nor right after it, so neither the answer nor the caller's next request takes
 * longer for an existing account. A job is in the database, so it survives a crash or a restart.
 */
export async function queueMail(db: Kysely<Database>, job: MailJobRequest): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("mail_jobs")
    .values({ ...job, run_after: now, created_at: now })
    .execute();
  startMailWorker();
}

interface WorkerState {
  running: boolean;
  timer?: NodeJS.Timeout;
  /** The pass under way, if any: one at a time per process. */
  pass?: Promise<number>;
}

// One worker per process: server.ts and the route handlers are bundled separately (see db/index.ts).
const shared = globalThis as typeof globalThis & { __planMailWorker?: WorkerState };
const state = (shared.__planMailWorker ??= { running: false });

/**
 * Starts this process's worker (server.ts at start-up, so that jobs left by a stopped or crashed
 * process are sent; a queued job starts it too). Every process that shares the database runs one;
 * a job is taken by exactly one of them at a time.
 */
export function startMailWorker(): void {
  if (state.running) return;
  state.running = true;
  schedule();
}

/** Stops polling and waits for the pass under way (a server that stops; the end of a test file). */
export async function stopMailWorker(): Promise<void> {
  state.running = false;
  clearTimeout(state.timer);
  await state.pass?.catch(() => undefined);
}

/**
 * Resolves once every job that is due has been done or failed, running passes now rather than on the
 * worker's schedule: for tests (a test reads the outbox after it) and never on a request's path.
 */
export async function mailSettled(): Promise<void> {
  // A pass under way may have looked before the latest job was queued: wait for it, then look again.
  await state.pass;
  while ((await runPass()) > 0);
}

function schedule(): void {
  if (!state.running) return;
  clearTimeout(state.timer);
  // Random, so that when a job is done tells nothing about when it was asked for.
  state.timer = setTimeout(() => void runPass().finally(schedule), POLL_MS * (0.5 + Math.random()));
  // The worker alone must not keep a process (a script, a test run) alive.
  state.timer.unref();
}

/** One pass: takes the due jobs, a batch at a time, and does them. Answers how many it took. */
function runPass(): Promise<number> {
  state.pass ??= (async () => {
    let taken = 0;
    try {
      const db = await getDb();
      for (;;) {
        const jobs = await takeDueJobs(db);
        if (jobs.length === 0) break;
        taken += jobs.length;
        for (const job of jobs) await doJob(db, job);
      }
    } catch (error) {
      log.error("mail", "the mail queue could not be read", error);
    } finally {
      state.pass = undefined;
    }
    return taken;
  })();
  return state.pass;
}

/**
 * Takes up to BATCH due jobs for this process in one statement: their run_after moves to the end of a
 * lease, so no other worker takes them meanwhile. The outer condition is checked again on a row that
 * another worker updated first (PostgreSQL re-reads a changed row; SQLite runs one writer at a time).
 */
async function takeDueJobs(db: Kysely<Database>) {
  const now = new Date();
  const due = db
    .selectFrom("mail_jobs")
    .select("id")
    .where("run_after", "<=", now.toISOString())
    .orderBy("run_after")
    .orderBy("id")
    .limit(BATCH);
  return db
    .updateTable("mail_jobs")
    .set({ run_after: new Date(now.getTime() + LEASE_MS).toISOString(), attempts: sql<number>`attempts + 1` })
    .where("id", "in", due)
    .where("run_after", "<=", now.toISOString())
    .returningAll()
    .execute();
}

async function doJob(db: Kysely<Database>, job: Awaited<ReturnType<typeof takeDueJobs>>[number]): Promise<void> {
  try {
    await runMailJob(db, job);
    await db.deleteFrom("mail_jobs").where("id", "=", job.id).execute();
  } catch (error) {
    if (job.attempts >= MAX_ATTEMPTS) {
      log.error("mail", `${job.kind} mail failed ${job.attempts} times; given up`, error);
      await db.deleteFrom("mail_jobs").where("id", "=", job.id).execute();
    } else {
      log.error("mail", `${job.kind} mail failed; trying again later`, error);
      const retryAt = new Date(Date.now() + RETRY_MS * 2 ** (job.attempts - 1)).toISOString();
      await db.updateTable("mail_jobs").set({ run_after: retryAt }).where("id", "=", job.id).execute();
    }
  }
}

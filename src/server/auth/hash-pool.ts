import "server-only";
import { Worker } from "node:worker_threads";

export type HashJob = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

/** A password check refused because too many are waiting already (answered 503, see errorResponse). */
export class PasswordChecksBusyError extends Error {
  constructor() {
    super("Too many password checks are waiting");
    this.name = "PasswordChecksBusyError";
  }
}

/** By name: route handlers and server.ts may each have their own copy of this module. */
export function isPasswordChecksBusy(error: unknown): boolean {
  return error instanceof Error && error.name === "PasswordChecksBusyError";
}

export interface HashPoolStats {
  /** Checks running now, each on a thread of its own. */
  running: number;
  waiting: number;
  /** The most that ever ran at once, and waited at once (tests count these). */
  peakRunning: number;
  peakWaiting: number;
  /** Jobs answered (successfully or not) since the pool was made. */
  done: number;
}

// Each thread runs one job at a time with bcryptjs's synchronous functions: they block that thread
// only. The code is given as a string rather than a file because both server.ts (through tsx) and
// Next's bundles reach this module, and a bundle does not run from where its sources were; `require`
// in an evaluated worker resolves bcryptjs from the working directory's node_modules, as `node -e` does.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require("bcryptjs");
parentPort.on("message", (job) => {
  let answer;
  try {
    answer = { result: job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash) };
  } catch (error) {
    answer = { error: String((error && error.message) || error) };
  }
  parentPort.postMessage(answer);
});
`;

interface Task {
  job: HashJob;
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * Runs bcrypt off the event loop on at most `threads` worker threads, so that password checks can
 * neither stall the server's other requests nor run more than `threads` at once. Further jobs wait in
 * a queue of up to `maxWaiting` (first come, first served); beyond that a job is refused at once
 * (PasswordChecksBusyError) rather than kept waiting for longer than a login should take.
 * Threads start when first needed and stay; an idle thread does not keep the process alive.
 */
export class HashPool {
  private readonly idle: Worker[] = [];
  private readonly current = new Map<Worker, Task>();
  private readonly waiting: Task[] = [];
  private readonly counts = { peakRunning: 0, peakWaiting: 0, done: 0 };
  private closed = false;

  constructor(
    readonly threads: number,
    readonly maxWaiting: number,
  ) {}

  /** Whether a job given now would be taken (run or queued) rather than refused. */
  hasRoom(): boolean {
    return this.current.size < this.threads || this.waiting.length < this.maxWaiting;
  }

  run(job: HashJob): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new Error("The password hashing pool is closed"));
    if (!this.hasRoom()) return Promise.reject(new PasswordChecksBusyError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.pump();
      this.counts.peakWaiting = Math.max(this.counts.peakWaiting, this.waiting.length);
    });
  }

  stats(): HashPoolStats {
    return { running: this.current.size, waiting: this.waiting.length, ...this.counts };
  }

  /** Ends the threads; jobs still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error("The password hashing pool is closed"));
    await Promise.all([...this.idle.splice(0), ...this.current.keys()].map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.waiting.length > 0 && (this.idle.length > 0 || this.current.size < this.threads)) {
      const worker = this.idle.pop() ?? this.spawn();
      const task = this.waiting.shift()!;
      this.current.set(worker, task);
      this.counts.peakRunning = Math.max(this.counts.peakRunning, this.current.size);
      worker.ref();
      worker.postMessage(task.job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on("message", (answer: { result?: string | boolean; error?: string }) => {
      const task = this.current.get(worker);
      this.current.delete(worker);
      this.counts.done += 1;
      worker.unref();
      if (!this.closed) this.idle.push(worker);
      if (task) {
        if (answer.error !== undefined) task.reject(new Error(answer.error));
        else task.resolve(answer.result!);
      }
      this.pump();
    });
    // A thread that dies (out of memory, a bug) fails its job only; the next job gets a new thread.
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      const task = this.current.get(worker);
      this.current.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      if (task) {
        this.counts.done += 1;
        task.reject(new Error("A password hashing thread stopped"));
      }
      if (!this.closed) this.pump();
    });
    return worker;
  }
}

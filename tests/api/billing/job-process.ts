/**
 * One "server process" of the two-process billing test (job-processes.test.ts), run with
 * `node --import tsx --import ./scripts/server-only-hook.mjs`: it opens the database the environment
 * names, says READY, waits for "go" on stdin, then at once runs the daily job `rounds` times (when
 * asked) and issues the given invoices, and prints what happened as one RESULT line.
 */
import { createInterface } from "node:readline";
import { closeDb, getDb } from "@/server/db";
import { runBillingJob, type JobSummary } from "@/server/billing/job";
import { issueInvoice } from "@/server/billing/invoices";
import { addYear, subscriptionLines } from "@/lib/billing/pricing";
import type { InvoiceBuyer } from "@/lib/schemas/billing";

interface Task {
  now: string;
  /** How many times to run the job (0: only issue invoices). */
  rounds: number;
  issue: Array<{ accountId: number; dedupeKey: string }>;
  buyer: InvoiceBuyer;
}

const task = JSON.parse(process.argv[2] ?? "{}") as Task;
const now = new Date(task.now);
const db = await getDb();
process.stdout.write("READY\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line.trim() === "go") break;
lines.close();

const runs: JobSummary[] = [];
async function jobRounds() {
  for (let i = 0; i < task.rounds; i++) {
    runs.push(await runBillingJob(db, now));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
async function issueAll() {
  return Promise.all(
    task.issue.map(({ accountId, dedupeKey }) =>
      db.transaction().execute(async (trx) => {
        const { invoice, created } = await issueInvoice(trx, {
          account: { id: accountId, site: "skilteplanen" },
          dedupeKey,
          kind: "subscription",
          lines: subscriptionLines("skilteplanen", 1),
          userCount: 1,
          periodStart: now,
          periodEnd: addYear(now),
          buyer: task.buyer,
          createdBy: null,
          now,
        });
        return { dedupeKey, number: invoice.number, created };
      }),
    ),
  );
}
const [, issued] = await Promise.all([jobRounds(), issueAll()]);
process.stdout.write(`RESULT ${JSON.stringify({ runs, issued })}\n`);
await closeDb();
process.exit(0);

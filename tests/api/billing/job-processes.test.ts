/**
 * Two server processes on one database (issue 31), as real child processes (job-process.ts) released
 * at the same moment: they issue the same invoices at once and, on PostgreSQL, both run the daily job.
 * Never the same invoice twice, never the same number twice, numbers consecutive from the first without
 * a gap; on PostgreSQL the job's runs never overlap (the advisory lock). SQLite is one process per file
 * (the README), so there the two processes only issue invoices, which its single writer serialises.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addYear } from "@/lib/billing/pricing";
import type { JobSummary } from "@/server/billing/job";
import { account, buyer, user } from "./job-support";

const postgres = process.env.TEST_DIALECT === "postgres";
const root = new URL("../../../", import.meta.url).pathname;

interface ChildResult {
  runs: JobSummary[];
  issued: Array<{ dedupeKey: string; number: number; created: boolean }>;
}

interface Child {
  ready: Promise<void>;
  go: () => void;
  result: Promise<ChildResult>;
}

function startChild(task: object): Child {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "tests/api/billing/job-process.ts", JSON.stringify(task)],
    { cwd: root, env: process.env, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const result = new Promise<ChildResult>((resolve, reject) => {
    let found: ChildResult | undefined;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "READY") markReady();
      if (line.startsWith("RESULT ")) found = JSON.parse(line.slice("RESULT ".length)) as ChildResult;
    });
    child.on("exit", (code) => (found && code === 0 ? resolve(found) : reject(new Error(`child exited ${code}: ${stderr}`))));
  });
  return { ready: Promise.race([ready, result.then(() => undefined)]), go: () => child.stdin.end("go\n"), result };
}

describe("two server processes on one database", () => {
  it(
    postgres
      ? "run the daily job one at a time and never issue the same invoice or number twice"
      : "never issue the same invoice or number twice (SQLite: one writer at a time)",
    async () => {
      const db = await getDb();
      const now = new Date("2035-04-01T03:00:00Z");
      // Accounts due for renewal now (the job's work), and accounts both processes invoice directly.
      const renewing = [];
      for (let i = 0; i < 24; i++) {
        const u = await user({ firstLogin: new Date("2034-01-01T00:00:00Z") });
        renewing.push(await account({ userId: u.id }, { periodStart: new Date("2034-04-01T03:00:00Z"), seats: 1 }));
      }
      const direct = [];
      for (let i = 0; i < 12; i++) direct.push(await account({ userId: (await user()).id }, { periodStart: now, seats: 1 }));
      const issue = direct.map((a) => ({ accountId: a.id, dedupeKey: `subscription:${a.id}:processes` }));
      const task = { now: now.toISOString(), rounds: postgres ? 8 : 0, issue, buyer };

      const children = [startChild(task), startChild(task)];
      await Promise.all(children.map((c) => c.ready));
      for (const c of children) c.go();
      const results = await Promise.all(children.map((c) => c.result));

      // Each invoice exactly once, whoever issued it; the two processes were told the same number for it.
      const invoices = await db.selectFrom("invoices").select(["number", "dedupe_key", "kind"]).orderBy("number").execute();
      expect(invoices.map((i) => i.number)).toEqual(invoices.map((_, index) => index + 1));
      expect(new Set(invoices.map((i) => i.dedupe_key)).size).toBe(invoices.length);
      for (const { dedupeKey } of issue) expect(invoices.filter((i) => i.dedupe_key === dedupeKey)).toHaveLength(1);
      const created = results.flatMap((r) => r.issued.filter((i) => i.created).map((i) => i.dedupeKey));
      expect(created.sort()).toEqual(issue.map((i) => i.dedupeKey).sort());
      const [one, two] = results.map((r) => Object.fromEntries(r.issued.map((i) => [i.dedupeKey, i.number])));
      expect(one).toEqual(two);

      if (postgres) {
        const renewals = invoices.filter((i) => i.kind === "renewal");
        expect(renewals.map((i) => i.dedupe_key).sort()).toEqual(
          renewing.map((a) => `renewal:${a.id}:${addYear(new Date(a.period_start!)).toISOString()}`).sort(),
        );
        const runs = results.flatMap((r) => r.runs);
        const ran = runs.filter((r) => !r.skipped);
        // The 24 renewals were made once in all, by whichever run held the lock first.
        expect(ran.reduce((sum, r) => sum + r.renewals, 0)).toBe(24);
        expect(runs.some((r) => r.skipped)).toBe(true);
        // No two runs held the job at the same time.
        const spans = ran.map((r) => [Date.parse(r.ran!.from), Date.parse(r.ran!.to)] as const).sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
        for (const a of renewing) {
          const row = await db.selectFrom("billing_accounts").select("period_start").where("id", "=", a.id).executeTakeFirstOrThrow();
          expect(row.period_start).toBe(a.period_end);
        }
      }
    },
    60_000,
  );
});

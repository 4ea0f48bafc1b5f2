/**
 * The admin's key figures (issue 32) over generated data: USERS accounts (100,000 by default) signed up
 * over the last year, a plan each for half of them with five saves in its history, an export each for a
 * third, a few thousand accepted subscriptions and invoices. Times GET /api/admin/key-figures for a
 * year per day and per week and for the default 30 days, on SQLite, and on PostgreSQL with
 * BENCH_DATABASE_URL set to an empty database. Run with
 * `npm run bench:key-figures`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const USERS = Number(process.env.USERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-figures-"));
process.env.DATA_DIR = dataDir;
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;

const { sql } = await import("kysely");
const { GET: figures } = await import("@/app/api/admin/key-figures/route");
const { getDb, closeDb } = await import("@/server/db");
const { signAccessToken } = await import("@/server/auth/jwt");
const db = await getDb();
const dialect = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

const YEAR_MS = 365 * 86_400_000;
const t0 = performance.now();
const at = (i: number, spread = 1) => new Date(Date.now() - ((i * 7919 * spread) % YEAR_MS)).toISOString();
const BATCH = 500;
for (let start = 0; start < USERS; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, k) => {
    const i = start + k;
    return {
      email: `kunde-${i}@example.dk`,
      name: `Kunde ${i}`,
      password_hash: "x",
      is_verified: (i % 4 === 0 ? 0 : 1) as 0 | 1,
      registered_site: ["skilteplanen", "ta-planen", "kloakplanen"][i % 3]!,
      first_login_at: at(i),
      created_at: at(i),
      updated_at: at(i),
    };
  });
  const ids = (await db.insertInto("users").values(rows).returning("id").execute()).map((r) => r.id);
  const owners = ids.filter((_, k) => k % 2 === 0);
  const projects = await db
    .insertInto("projects")
    .values(owners.map((owner_id, k) => ({ owner_id, name: "P", created_at: at(start + k), updated_at: at(start + k) })))
    .returning(["id", "owner_id"])
    .execute();
  const plans = await db
    .insertInto("signplans")
    .values(
      projects.map((p, k) => ({
        project_id: p.id,
        owner_id: p.owner_id,
        name: "Plan",
        content: "{}",
        element_count: 0,
        created_at: at(start + k),
        updated_at: at(start + k, 3),
      })),
    )
    .returning("id")
    .execute();
  await db
    .insertInto("signplan_history")
    .values(
      plans.flatMap((p, k) =>
        [1, 2, 3, 4, 5].map((v) => ({
          signplan_id: p.id,
          version: v,
          name: "Plan",
          content: "{}",
          saved_by: null,
          saved_at: at(start + k * v, v),
        })),
      ),
    )
    .execute();
  await db
    .insertInto("signplan_exports")
    .values(
      plans
        .filter((_, k) => k % 3 < 2)
        .map((p, k) => ({
          signplan_id: p.id,
          created_by: null,
          settings: "{}",
          storage_key: `k${p.id}`,
          file_name: "x.pdf",
          content_type: "application/pdf" as const,
          size: 1,
          created_at: at(start + k, 5),
        })),
    )
    .execute();
  await db
    .insertInto("billing_accounts")
    .values(
      ids
        .filter((_, k) => k % 25 === 0)
        .map((user_id, k) => ({
          user_id,
          site: "skilteplanen",
          status: "active" as const,
          seats: 1,
          accepted_at: at(start + k, 7),
          period_end: "2099-01-01T00:00:00.000Z",
          created_at: at(0),
          updated_at: at(0),
        })),
    )
    .execute();
}
const staff = await db
  .insertInto("users")
  .values({
    email: "staff@example.dk",
    name: "Staff",
    password_hash: "x",
    is_verified: 1,
    is_admin: 1,
    registered_site: "skilteplanen",
    created_at: at(0),
    updated_at: at(0),
  })
  .returningAll()
  .executeTakeFirstOrThrow();
// PostgreSQL's autovacuum gathers the planner's statistics after a bulk load; here it is done at once
// (without them it guessed a site's users at 267 rows of 33,333 and compared every row with every day).
if (dialect === "PostgreSQL") await sql`analyze`.execute(db);
console.log(
  `${dialect}: ${USERS} users, ${USERS / 2} plans with 5 saves each, ${Math.round(USERS / 3)} exports generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
const token = await signAccessToken({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  isVerified: true,
  organizationId: null,
  tokenVersion: staff.token_version,
});

async function call(query: string) {
  const res = await figures(
    new Request(`http://skilteplanen.localhost/api/admin/key-figures${query}`, { headers: { authorization: `Bearer ${token}` } }),
    {
      params: Promise.resolve({}),
    },
  );
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { totals: Record<string, number> };
}

const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
for (const [label, query] of [
  ["366 days per day, all sites", `?by=day&from=${yearAgo}&to=${today}`],
  ["366 days per week, all sites", `?by=week&from=${yearAgo}&to=${today}`],
  ["366 days per day, one site", `?site=ta-planen&by=day&from=${yearAgo}&to=${today}`],
  ["30 days per day (default)", ""],
] as const) {
  const { totals } = await call(query);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call(query);
    times.push(performance.now() - t);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(`${label.padEnd(32)} median ${median.toFixed(0)} ms  (sign-ups ${totals.signUps}, active plans ${totals.activePlans})`);
}
await closeDb();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

/**
 * `npm run bench:admin`: the admin's customer list (issue 32) with USERS generated customers (100,000 by
 * default; a tenth in organisations of five with a CVR, a few paying), target under 200 ms per page on
 * SQLite and, with BENCH_DATABASE_URL set to an empty PostgreSQL database, on PostgreSQL too. Calls the
 * route handler in this process (the same wrapper and guard as the app; no build needed), as staff, and
 * prints each query's median next to a bare baseline measured in the same run: the newest 51 rows of
 * users by primary key, the least any page can cost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const USERS = Number(process.env.USERS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 15);
const TARGET_MS = 200;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-admin-"));
process.env.DATA_DIR = dataDir;
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;

const { GET: list } = await import("@/app/api/admin/customers/route");
const { getDb, closeDb } = await import("@/server/db");
const { signAccessToken } = await import("@/server/auth/jwt");
const db = await getDb();
const dialect = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

const t0 = performance.now();
const now = new Date().toISOString();
const BATCH = 1000;
const firstNames = ["Anna", "Bo", "Carl", "Dorte", "Erik", "Frida", "Gustav", "Hanne", "Øster", "Åsa"];
for (let start = 0; start < USERS; start += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, k) => {
    const i = start + k;
    return {
      email: `kunde-${i}@firma-${i % 997}.dk`,
      name: `${firstNames[i % firstNames.length]} Kunde ${i}`,
      password_hash: "x",
      is_verified: 1 as const,
      registered_site: i % 3 === 0 ? "ta-planen" : "skilteplanen",
      first_login_at: new Date(Date.now() - (i % 30) * 86_400_000).toISOString(),
      last_login_at: now,
      created_at: now,
      updated_at: now,
    };
  });
  const ids = await db.insertInto("users").values(rows).returning("id").execute();
  // Every fiftieth block of five users is an organisation (owner and four members): a tenth of all users.
  for (let g = 0; g + 5 <= ids.length; g += 50) {
    const members = ids.slice(g, g + 5).map((r) => r.id);
    const org = await db
      .insertInto("organisations")
      .values({
        name: `Vejfirma ${start + g} ApS`,
        cvr_number: String(10_000_000 + start + g),
        owner_id: members[0]!,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("organisation_members")
      .values(
        members.map((user_id, m) => ({
          organisation_id: org.id,
          user_id,
          is_admin: m === 0 ? (1 as const) : (0 as const),
          joined_at: now,
        })),
      )
      .execute();
    if ((start + g) % 500 === 0)
      await db
        .insertInto("billing_accounts")
        .values({
          organisation_id: org.id,
          site: "skilteplanen",
          status: "active",
          seats: 5,
          accepted_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
  }
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
    created_at: now,
    updated_at: now,
  })
  .returningAll()
  .executeTakeFirstOrThrow();
console.log(`${dialect}: ${USERS} customers generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const token = await signAccessToken({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  isVerified: true,
  organizationId: null,
  tokenVersion: staff.token_version,
});

async function page(query: string): Promise<number> {
  const res = await list(
    new Request(`http://skilteplanen.localhost/api/admin/customers${query}`, { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({}) },
  );
  const body = (await res.json()) as { customers?: unknown[] };
  if (res.status !== 200 || !body.customers) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
  return body.customers.length;
}

async function median(label: string, run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const bare = await median("bare", () => db.selectFrom("users").select(["id", "name", "email"]).orderBy("id", "desc").limit(51).execute());
console.log(`baseline (51 newest users by primary key): median ${bare.toFixed(1)} ms`);
const cases: [string, string][] = [
  ["first page, no search", "?page=1"],
  ["page 1000, no search", "?page=1000"],
  ["name contains 'kunde 4242'", "?q=kunde%204242"],
  // Names beyond ASCII: SQLite's lower() and LIKE fold only A-Z.
  ["name contains 'ØSTER KUNDE 1238'", "?q=%C3%98STER%20KUNDE%201238"],
  ["e-mail contains '@firma-42.dk'", "?q=%40firma-42.dk"],
  ["CVR of an organisation", `?q=${10_000_000 + 5_000}`],
  ["no match", "?q=findes-ikke"],
];
let missed = 0;
for (const [label, query] of cases) {
  const rows = await page(query);
  const ms = await median(label, () => page(query));
  if (ms > TARGET_MS) missed++;
  console.log(
    `${label.padEnd(32)} ${rows.toString().padStart(3)} rows: median ${ms.toFixed(1)} ms (${(ms / bare).toFixed(1)}× baseline)${ms > TARGET_MS ? `  MISSED the ${TARGET_MS} ms target` : ""}`,
  );
}
console.log(missed ? `${missed} of ${cases.length} missed the ${TARGET_MS} ms target` : `all under the ${TARGET_MS} ms target`);
await closeDb();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

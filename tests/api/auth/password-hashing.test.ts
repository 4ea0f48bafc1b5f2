/**
 * Password hashing off the event loop, at most PASSWORD_HASH_THREADS at once, with a bounded queue
 * (issue 28, item 1): counted, not timed.
 */
import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { HashPool } from "@/server/auth/hash-pool";
import { getHashPool, setHashPool } from "@/server/auth/passwords";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db";
import { callRoute } from "../../support/route";
import { createUser } from "../../support/users";

const attempt = (email: string, password: string, ip: string, site = "skilteplanen") =>
  callRoute(login, { method: "POST", path: "/api/auth/login", site, body: { email, password }, headers: { "x-forwarded-for": ip } });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("password hashing", () => {
  let pools: HashPool[] = [];
  const usePool = (threads: number, maxWaiting: number) => {
    const pool = new HashPool(threads, maxWaiting);
    pools.push(pool);
    setHashPool(pool);
    return pool;
  };
  afterEach(async () => {
    setHashPool(undefined);
    await Promise.all(pools.map((pool) => pool.close()));
    pools = [];
  });

  it("runs at most PASSWORD_HASH_THREADS checks at once; the rest wait their turn", async () => {
    const threads = getConfig().PASSWORD_HASH_THREADS;
    const pool = usePool(threads, 1000);
    // Passwords at cost 8 take long enough to check that the simultaneous logins all meet in the queue.
    const db = await getDb();
    const hash = bcrypt.hashSync("hemmelig1", 8);
    const users = [];
    for (let i = 0; i < 40; i++) {
      const user = await createUser();
      await db.updateTable("users").set({ password_hash: hash }).where("id", "=", user.id).execute();
      users.push(user);
    }
    const before = pool.stats().done;
    const answers = await Promise.all(users.map((user, i) => attempt(user.email, "forkert1", `198.18.0.${i}`)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 40 });
    const stats = pool.stats();
    expect(stats.done - before).toBe(40);
    expect(stats.peakRunning).toBe(threads);
    expect(stats.peakWaiting).toBeGreaterThanOrEqual(20);
    expect(stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it("runs two checks on two threads at once, never more", async () => {
    const pool = usePool(2, 1000);
    const hash = await bcrypt.hash("hemmelig1", 4);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pool.run({ op: "compare", password: i === 5 ? "hemmelig1" : "nej", hash })),
    );
    expect(results.map((ok, i) => [i, ok]).filter(([, ok]) => ok)).toEqual([[5, true]]);
    expect(pool.stats()).toMatchObject({ peakRunning: 2, peakWaiting: 10, done: 12 });
  });

  it("answers 503 in the user's language when too many checks wait, and counts no attempt for it", async () => {
    // A check at cost 11 takes far longer than a login's database work, so the ten logins meet at the pool
    // even when the database answers slowly (at the test cost, a loaded machine let them through one by one).
    const user = await createUser();
    const db = await getDb();
    await db
      .updateTable("users")
      .set({ password_hash: bcrypt.hashSync("hemmelig1", 11) })
      .where("id", "=", user.id)
      .execute();
    usePool(1, 2);
    const ip = "203.0.113.20";
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(user.email, `forkert${i}`, ip, i % 2 ? "ta-planen" : "kloakplanen")),
    );
    // One running and two waiting are compared; the other seven are refused, and their attempts given back.
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 3, 503: 7 });
    const busy = answers.filter((a) => a.status === 503);
    const messages = new Set(await Promise.all(busy.map(async (a) => (await a.json()).message)));
    expect(messages).toEqual(
      new Set(["Tjenesten har travlt lige nu. Prøv igen om lidt.", "Tjänsten är hårt belastad just nu. Försök igen om en stund."]),
    );
    expect(busy.every((a) => Number(a.headers.get("retry-after")) > 0)).toBe(true);

    setHashPool(undefined);
    // 3 failures counted for the address and e-mail, so 7 more are allowed before it is locked.
    for (let i = 0; i < 7; i++) expect((await attempt(user.email, "forkert", ip)).status).toBe(401);
    expect((await attempt(user.email, "hemmelig1", ip)).status).toBe(429);
  });

  it("keeps verifying passwords hashed before, by bcryptjs on the main thread ($2a$ and $2b$)", async () => {
    const db = await getDb();
    for (const [i, hash] of [bcrypt.hashSync("gammel-kode", 5), bcrypt.hashSync("gammel-kode", 5).replace(/^\$2b\$/, "$2a$")].entries()) {
      const user = await createUser();
      await db.updateTable("users").set({ password_hash: hash }).where("id", "=", user.id).execute();
      expect((await attempt(user.email, "gammel-kode", `203.0.113.${30 + i}`)).status).toBe(200);
      expect((await attempt(user.email, "gammel-kodE", `203.0.113.${30 + i}`)).status).toBe(401);
    }
    // And what the threads hash is an ordinary bcrypt hash at the configured cost.
    const fresh = await getHashPool().run({ op: "hash", password: "ny-kode", cost: getConfig().BCRYPT_COST });
    expect(bcrypt.compareSync("ny-kode", fresh as string)).toBe(true);
    expect(bcrypt.getRounds(fresh as string)).toBe(getConfig().BCRYPT_COST);
  });
});

/**
 * Simultaneous logins (issue 28, item 1): the attempt is counted before the password is compared, so a
 * burst cannot get more guesses compared than the limits allow, whatever the timing. Counts, not times.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { HashPool } from "@/server/auth/hash-pool";
import { getHashPool, setHashPool } from "@/server/auth/passwords";
import { getConfig } from "@/server/config";
import { callRoute } from "../../support/route";
import { createUser, uniqueEmail } from "../../support/users";

const attempt = (email: string, password: string, ip: string, site = "skilteplanen") =>
  callRoute(login, { method: "POST", path: "/api/auth/login", site, body: { email, password }, headers: { "x-forwarded-for": ip } });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** Password checks (compares and hashes) the process has run so far. */
const checksDone = () => getHashPool().stats().done;

describe("POST /auth/login under a burst", () => {
  // What is counted here is the rate limits, not the hashing queue (password-hashing.test.ts): room for every burst.
  const pool = new HashPool(getConfig().PASSWORD_HASH_THREADS, 1000);
  beforeAll(() => setHashPool(pool));
  afterAll(async () => {
    setHashPool(undefined);
    await pool.close();
  });

  it("compares only 10 of 100 simultaneous wrong guesses, and refuses the right password sent after them", async () => {
    const user = await createUser({ password: "hemmelig1" });
    const ip = "203.0.113.10";
    const before = checksDone();
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) => attempt(user.email, `forkert${i}`, ip, "ta-planen")),
      attempt(user.email, "hemmelig1", ip, "ta-planen"),
    ]);
    const right = answers.pop()!;
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 10, 429: 90 });
    expect(checksDone() - before).toBe(10);
    expect(right.status).toBe(429);
    expect((await right.json()).message).toMatch(/^För många försök\. Försök igen om \d+ minuter\.$/);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner, from anywhere else, is not locked out.
    expect((await attempt(user.email, "hemmelig1", "198.51.100.10")).status).toBe(200);
  });

  it("compares only 50 of 150 simultaneous logins from one address", async () => {
    await attempt(uniqueEmail(), "x", "192.0.2.250"); // makes the dummy hash unknown e-mails are compared with
    const ip = "203.0.113.11";
    const before = checksDone();
    const answers = await Promise.all(Array.from({ length: 150 }, () => attempt(uniqueEmail(), "forkert1", ip)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 50, 429: 100 });
    expect(checksDone() - before).toBe(50);
    // Refused attempts count nowhere: the address is at its limit of 50, not past it, and no e-mail was counted.
    expect((await attempt(uniqueEmail(), "forkert1", ip)).status).toBe(429);
  });

  it("gives a right password its attempt back, so only failures lock", async () => {
    const user = await createUser({ password: "hemmelig1" });
    const ip = "203.0.113.12";
    for (let i = 0; i < 9; i++) expect((await attempt(user.email, `forkert${i}`, ip)).status).toBe(401);
    for (let i = 0; i < 20; i++) expect((await attempt(user.email, "hemmelig1", ip)).status).toBe(200);
    // Simultaneous right passwords too: each counts only while it is being checked.
    expect((await Promise.all([attempt(user.email, "hemmelig1", ip)])).map((a) => a.status)).toEqual([200]);
    expect((await attempt(user.email, "forkert9", ip)).status).toBe(401);
    expect((await attempt(user.email, "hemmelig1", ip)).status).toBe(429);
  });
});

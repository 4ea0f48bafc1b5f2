import "server-only";
import { getConfig } from "../config";
import { HashPool, type HashJob } from "./hash-pool";

// One pool per process: server.ts and the route handlers are bundled separately (see db/index.ts), and
// the bound on how many hashes run at once holds only if they share it.
const shared = globalThis as typeof globalThis & { __planHashPool?: HashPool };

/** The process's password hashing threads (PASSWORD_HASH_THREADS, PASSWORD_HASH_QUEUE). */
export function getHashPool(): HashPool {
  const config = getConfig();
  shared.__planHashPool ??= new HashPool(config.PASSWORD_HASH_THREADS, config.PASSWORD_HASH_QUEUE * config.PASSWORD_HASH_THREADS);
  return shared.__planHashPool;
}

/** For tests: replaces the process's pool; undefined goes back to one made from the configuration. */
export function setHashPool(pool: HashPool | undefined): void {
  shared.__planHashPool = pool;
}

async function run<T extends string | boolean>(job: HashJob): Promise<T> {
  return (await getHashPool().run(job)) as T;
}

export function hashPassword(password: string): Promise<string> {
  return run({ op: "hash", password, cost: getConfig().BCRYPT_COST });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return run({ op: "compare", password, hash });
}

// Compared against when the e-mail is unknown, so a login takes as long whether or not the account
// exists and the answer time reveals nothing.
let dummyHash: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password").catch((error: unknown) => {
    // A first try refused (the queue was full) must not stay cached.
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
}

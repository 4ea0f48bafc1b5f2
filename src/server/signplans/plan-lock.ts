import "server-only";

// Process-wide, as the save turns (src/server/turns.ts): each route handler is bundled on its own.
const shared = globalThis as typeof globalThis & { __planLocks?: Map<number, Promise<void>> };

/**
 * Runs `work` when no other work holding the same plan's lock in this process is running: the saves
 * of one plan (PATCH, PUT, reset, restore) one after another, so that a merge is never undone by a save
 * of the same process landing between its read and its write (issue 36, "under a per-plan lock").
 * Between processes the compare-and-set on the version decides, and a PATCH that lost merges again.
 */
export async function withPlanLock<T>(planId: number, work: () => Promise<T>): Promise<T> {
  const locks = (shared.__planLocks ??= new Map());
  const previous = locks.get(planId) ?? Promise.resolve();
  let release!: () => void;
  const tail = previous.then(() => new Promise<void>((resolve) => (release = resolve)));
  locks.set(planId, tail);
  await previous;
  try {
    return await work();
  } finally {
    release();
    if (locks.get(planId) === tail) locks.delete(planId);
  }
}

import "server-only";

// Process-wide, as the mailer: server.ts and the route handlers are bundled separately (see mailer.ts).
// Apart from send-later.ts, which imports Next's after(): server.ts awaits these before Next is set up.
const shared = globalThis as typeof globalThis & { __planMailsPending?: Set<Promise<void>> };
const pending = (shared.__planMailsPending ??= new Set());

/** Counts `run` as mail under way until it settles (see sendLater). */
export function trackMail(run: Promise<void>): void {
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Resolves once every mail under way so far has been sent or failed (tests; a server that stops). */
export async function mailSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

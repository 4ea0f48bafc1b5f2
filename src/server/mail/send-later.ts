import "server-only";
import { log } from "../log";

// Process-wide, as the mailer: server.ts and the route handlers are bundled separately (see mailer.ts).
const shared = globalThis as typeof globalThis & { __planMailsPending?: Set<Promise<void>> };
const pending = (shared.__planMailsPending ??= new Set());

/**
 * Runs `task` (looking an account up, issuing a link, sending the mail) after the caller has answered.
 * An endpoint that must not tell whether an e-mail has an account answers first and mails later, so
 * its answer and the time it takes are the same either way. Errors are logged, never thrown: the
 * answer has gone, and the user can ask again.
 */
export function sendLater(what: string, task: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => log.error("mail", `${what} failed`, error))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every task handed to sendLater so far has finished (tests; a server that stops). */
export async function mailSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

import "server-only";
import { after } from "next/server";
import { log } from "../log";
import { trackMail } from "./pending";

/**
 * Runs `task` (looking an account up, issuing a link, sending the mail) after the caller has answered.
 * An endpoint that must not tell whether an e-mail has an account answers first and mails later, so
 * its answer and the time it takes are the same either way. The task starts once the answer has gone
 * out (Next's after()): started sooner, its work (a token's transaction, composing the mail) shared
 * the event loop with the writing of the answer and made the answer slower for a real account.
 * Errors are logged, never thrown: the answer has gone, and the user can ask again.
 */
export function sendLater(what: string, task: () => Promise<void>): void {
  let start!: () => void;
  const run = new Promise<void>((resolve) => (start = resolve))
    .then(task)
    .catch((error: unknown) => log.error("mail", `${what} failed`, error));
  trackMail(run);
  try {
    after(() => {
      start();
      return run;
    });
  } catch {
    // Outside a request that Next is serving (tests, scripts) after() throws: start on the next turn.
    setImmediate(start);
  }
}

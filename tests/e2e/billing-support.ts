/**
 * What the billing browser tests share: a user's trial moved in the test server's database (the
 * billing state is computed from the facts at each request, so the next request sees it).
 */
import path from "node:path";
import Database from "better-sqlite3";

const DAY_MS = 86_400_000;

/**
 * Sets the user's first login so that GET /users/freeTrialTimeLeft answers `daysLeft` (14 … 1), or
 * false with the trial ended for `daysLeft` 0 (ended an hour ago) or below (ended that many days ago).
 */
export function setTrialDaysLeft(userId: number, daysLeft: number): void {
  // A started day counts as one: half a day into the day keeps the answer away from its edges.
  const endsIn = daysLeft > 0 ? (daysLeft - 0.5) * DAY_MS : daysLeft === 0 ? -3_600_000 : daysLeft * DAY_MS;
  const firstLogin = new Date(Date.now() + endsIn - 14 * DAY_MS);
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare("UPDATE users SET first_login_at = ? WHERE id = ?").run(firstLogin.toISOString(), userId);
  } finally {
    db.close();
  }
}

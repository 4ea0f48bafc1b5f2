/**
 * What the admin area's browser tests share: a staff member (a verified user made staff in the test
 * server's database, as `npm run make-admin` does: only the database says who is staff) logged in on a
 * site's page, and the test server's database itself.
 */
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { verifiedUser, type User } from "./organisation-support";
import { storeTokenInPage } from "./support";
import type { SiteId } from "@/sites/site-ids";

/** The test server's database (SQLite under E2E_DATA_DIR); the caller closes it. */
export function testDb() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
}

/** Runs `work` on the test server's database and closes it. */
export function inDatabase<T>(work: (db: Database.Database) => T): T {
  const db = testDb();
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export async function staffUser(page: Page, site: SiteId): Promise<User> {
  const user = await verifiedUser(page, site);
  inDatabase((db) => db.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(user.id));
  await storeTokenInPage(page, site, user.token);
  return user;
}

/** The audit rows about one record, as the database holds them (newest first). */
export function auditRowsOf(targetType: string, targetId: number): { action: string; admin_id: number; reason: string | null }[] {
  return inDatabase(
    (db) =>
      db
        .prepare("SELECT action, admin_id, reason FROM admin_audit_log WHERE target_type = ? AND target_id = ? ORDER BY id DESC")
        .all(targetType, targetId) as { action: string; admin_id: number; reason: string | null }[],
  );
}

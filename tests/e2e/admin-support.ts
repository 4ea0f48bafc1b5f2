/**
 * What the admin area's browser tests share: a staff member (a verified user made staff in the test
 * server's database, as only the database says who is staff) logged in on a site's page.
 */
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { verifiedUser, type User } from "./organisation-support";
import { storeTokenInPage } from "./support";
import type { SiteId } from "@/sites/site-ids";

export function testDb() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
}

export async function staffUser(page: Page, site: SiteId): Promise<User> {
  const user = await verifiedUser(page, site);
  const db = testDb();
  try {
    db.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(user.id);
  } finally {
    db.close();
  }
  await storeTokenInPage(page, site, user.token);
  return user;
}

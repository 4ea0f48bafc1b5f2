import "server-only";
import type { Kysely, Migration } from "kysely";

/**
 * Issue 34, the plan with the page:
 * - `page_sessions`: the session cookie's server side (src/server/auth/page-session.ts). The cookie holds a
 *   random id; only its SHA-256 is stored, so a copy of this table logs nobody in. The token version is
 *   the user's at login: a password change, reset or staff's "end sessions" bumps the user's, which ends
 *   the cookie as it ends the bearer tokens. Deleting the account deletes its rows.
 * - `signplans.content_hash`: SHA-256 of the registry's schema fingerprint and the stored content, written
 *   by every save that validated the content. A page that renders a plan whose content still hashes to it
 *   hands the plan to the browser as already validated (src/server/signplans/page-plan.ts).
 */
export function pageSessionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("page_sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_version", "integer", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("page_sessions_user").on("page_sessions").column("user_id").execute();
      await db.schema.createIndex("page_sessions_expiry").on("page_sessions").column("expires_at").execute();
      await db.schema.alterTable("signplans").addColumn("content_hash", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("signplans").dropColumn("content_hash").execute();
      await db.schema.dropTable("page_sessions").execute();
    },
  };
}

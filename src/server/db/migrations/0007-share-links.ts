import "server-only";
import { sql, type Kysely, type Migration } from "kysely";

/**
 * Read-only share links as rows (signplan_share_links), so that a link can expire and be revoked one by
 * one; they replace signplans.share_version, which could only end every link of a plan at once and was
 * never bumped. Links signed before this migration carry no link id and stop working.
 */
export function shareLinksMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("signplan_share_links")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("signplan_id", "integer", (c) => c.notNull().references("signplans.id").onDelete("cascade"))
        .addColumn("created_by", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      // At most one link of a plan is not revoked, even when two shares arrive together.
      await db.schema
        .createIndex("signplan_share_links_one_active")
        .on("signplan_share_links")
        .column("signplan_id")
        .unique()
        .where(sql.ref("revoked_at"), "is", null)
        .execute();
      await db.schema.createIndex("signplan_share_links_creator").on("signplan_share_links").column("created_by").execute();
      await db.schema.alterTable("signplans").dropColumn("share_version").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable("signplans")
        .addColumn("share_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropTable("signplan_share_links").execute();
    },
  };
}

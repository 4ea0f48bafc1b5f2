import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * The admin area (issue 32, src/server/admin/): the audit log of every staff action, written in the
 * transaction of the change and never updated or deleted (no path does either); on users, the last
 * login and a block set by staff (its reason is shown to the customer; billingStateOf reads it). A
 * trial extended by staff moves first_login_at, which the billing job's trial mails read too. Tables
 * in schema.ts.
 */
export function adminMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("admin_audit_log"), dialect)
        // No foreign key: the log outlives the staff member and the record it names.
        .addColumn("admin_id", "integer", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target_type", "text", (c) => c.notNull())
        .addColumn("target_id", "integer", (c) => c.notNull())
        .addColumn("before", "text")
        .addColumn("after", "text")
        .addColumn("reason", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // Newest first (id order) under each filter, and the date range.
      await db.schema.createIndex("admin_audit_log_created").on("admin_audit_log").column("created_at").execute();
      await db.schema.createIndex("admin_audit_log_admin").on("admin_audit_log").columns(["admin_id", "id"]).execute();
      await db.schema.createIndex("admin_audit_log_action").on("admin_audit_log").columns(["action", "id"]).execute();
      await db.schema.createIndex("admin_audit_log_target").on("admin_audit_log").columns(["target_type", "target_id", "id"]).execute();

      await db.schema.alterTable("users").addColumn("last_login_at", "text").execute();
      await db.schema.alterTable("users").addColumn("staff_block_reason", "text").execute();
      await db.schema.createIndex("organisations_cvr").on("organisations").column("cvr_number").execute();
      await db.schema.createIndex("invoice_details_cvr").on("invoice_details").column("cvr_number").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("invoice_details_cvr").execute();
      await db.schema.dropIndex("organisations_cvr").execute();
      await db.schema.alterTable("users").dropColumn("staff_block_reason").execute();
      await db.schema.alterTable("users").dropColumn("last_login_at").execute();
      await db.schema.dropTable("admin_audit_log").execute();
    },
  };
}

import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

export function accountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Bumped when the password changes: tokens carrying an older value stop working.
      await db.schema
        .alterTable("users")
        .addColumn("token_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await withIdColumn(db.schema.createTable("email_tokens"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("email_tokens_user").on("email_tokens").columns(["user_id", "purpose"]).execute();

      await withIdColumn(db.schema.createTable("feedback"), dialect)
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("site", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("page", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("bucket", "text", (c) => c.primaryKey())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("rate_limits_expiry").on("rate_limits").column("expires_at").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("rate_limits").execute();
      await db.schema.dropTable("feedback").execute();
      await db.schema.dropTable("email_tokens").execute();
      await db.schema.alterTable("users").dropColumn("token_version").execute();
    },
  };
}

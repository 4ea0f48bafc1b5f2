import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

export function usersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("users"), dialect)
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("is_verified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("registered_site", "text", (c) => c.notNull())
        .addColumn("first_login_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("users_email_unique").on("users").column("email").unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("users").execute();
    },
  };
}

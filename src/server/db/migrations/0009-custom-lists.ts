import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Sign lists (spec 2-content §3, "Sign list (custom list)"): a user's named lists, and their signs in
 * order. A list belongs to its owner alone and goes with the account. The signs are rows, not a JSON
 * column, so the overview counts them in SQL; a PUT replaces them whole, inside one transaction.
 */
export function customListsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("custom_lists"), dialect)
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("custom_lists_owner").on("custom_lists").column("owner_id").execute();

      await withIdColumn(db.schema.createTable("custom_list_signs"), dialect)
        .addColumn("list_id", "integer", (c) => c.notNull().references("custom_lists.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("image_url", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("value", "text")
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.createIndex("custom_list_signs_order").on("custom_list_signs").columns(["list_id", "position"]).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("custom_list_signs").execute();
      await db.schema.dropTable("custom_lists").execute();
    },
  };
}

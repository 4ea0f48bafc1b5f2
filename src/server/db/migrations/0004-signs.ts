import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Uploaded signs (personal and organisation galleries), the admins' artwork that replaces a built-in
 * drawing, and each user's editor settings.
 *
 * Every uploaded image has an `image_key`: 128 random bits that make its public URL unguessable
 * (/api/sign-images/{image_key}/{file}), so it works in an <img> and in the read-only view without a
 * token and still cannot be enumerated. It is not the storage key, which stays internal.
 */
export function signsMigration(dialect: DialectName): Migration {
  // Postgres' `real` is single precision (0.1 reads back as 0.100000001); SQLite's `real` is a double.
  const double = dialect === "postgres" ? "double precision" : "real";
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("personal_signs"), dialect)
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("base_sign_id", "text")
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("image_key", "text", (c) => c.notNull().unique())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("deleted_at", "text")
        .execute();
      await db.schema.createIndex("personal_signs_owner").on("personal_signs").column("owner_id").execute();

      await withIdColumn(db.schema.createTable("organisation_signs"), dialect)
        .addColumn("organisation_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("image_key", "text", (c) => c.notNull().unique())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("deleted_at", "text")
        .execute();
      await db.schema.createIndex("organisation_signs_organisation").on("organisation_signs").column("organisation_id").execute();

      await db.schema
        .createTable("sign_artwork")
        .addColumn("sign_id", "text", (c) => c.primaryKey())
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("image_key", "text", (c) => c.notNull().unique())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("uploaded_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("user_settings")
        .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("standard_sign_size", double)
        .addColumn("recent_signs", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["user_settings", "sign_artwork", "organisation_signs", "personal_signs"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

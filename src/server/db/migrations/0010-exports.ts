import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * The export history (spec 2-content §7, GET /exports/signplan/{id}) and the company logo its title
 * block prints.
 *
 * signplan_exports: one row per saved export, with the settings it was made with (so it can be made
 * again) and the exported file in file storage. Rows go with their plan (cascade); the files are removed
 * by whoever removes rows (the history's pruning, the trash purge), as the database cannot do that.
 *
 * company_logos: one logo per organisation or per user (exactly one of the two is set; see
 * src/lib/schemas/company-logo.ts for whose logo is used when).
 */
export function exportsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("signplan_exports"), dialect)
        .addColumn("signplan_id", "integer", (c) => c.notNull().references("signplans.id").onDelete("cascade"))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("signplan_exports_plan").on("signplan_exports").columns(["signplan_id", "created_at"]).execute();

      await withIdColumn(db.schema.createTable("company_logos"), dialect)
        .addColumn("organisation_id", "integer", (c) => c.unique().references("organisations.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("cascade"))
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addCheckConstraint("company_logos_one_owner", sql`(organisation_id is null) <> (user_id is null)`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("company_logos").execute();
      await db.schema.dropTable("signplan_exports").execute();
    },
  };
}

import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/** Organisations and membership (what sharing needs; their API comes later), projects, plans and history. */
export function projectsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("organisations"), dialect)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("cvr_number", "text", (c) => c.notNull())
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("restrict"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("organisation_members")
        .addColumn("organisation_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
        // A user belongs to at most one organisation (the token carries one organizationId).
        .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("joined_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("organisation_members_pk", ["organisation_id", "user_id"])
        .execute();

      await withIdColumn(db.schema.createTable("projects"), dialect)
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("organisation_id", "integer", (c) => c.references("organisations.id").onDelete("set null"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("is_shared", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("archived_at", "text")
        .addColumn("deleted_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("projects_owner").on("projects").column("owner_id").execute();
      await db.schema.createIndex("projects_organisation").on("projects").column("organisation_id").execute();
      // One default project per user, even when two first requests arrive together.
      await db.schema
        .createIndex("projects_one_default")
        .on("projects")
        .column("owner_id")
        .unique()
        .where(sql.ref("is_default"), "=", 1)
        .execute();

      await withIdColumn(db.schema.createTable("signplans"), dialect)
        .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("element_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("background_key", "text")
        .addColumn("background_kind", "text")
        .addColumn("paper_size", "text")
        .addColumn("scale", "text")
        .addColumn("share_version", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("archived_at", "text")
        .addColumn("deleted_at", "text")
        .addColumn("deleted_with_project", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("signplans_project").on("signplans").column("project_id").execute();

      await withIdColumn(db.schema.createTable("signplan_history"), dialect)
        .addColumn("signplan_id", "integer", (c) => c.notNull().references("signplans.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("saved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("saved_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("signplan_history_plan").on("signplan_history").columns(["signplan_id", "version"]).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ["signplan_history", "signplans", "projects", "organisation_members", "organisations"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

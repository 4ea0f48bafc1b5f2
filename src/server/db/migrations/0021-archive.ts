import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Issue 35, the project archive (content §3 Archive entities): folders in a tree by parent id, files in a
 * folder (or at the root), and each file's versions, whose bytes are in file storage under `storage_key`.
 *
 * Names are unique per (project, parent folder, name) whatever their case: `name_key` holds the name as
 * archiveNameKey folds it (src/server/archive/names.ts), computed by the application because SQLite's
 * lower() and NOCASE fold only A-Z. The root is a NULL parent, and NULLs are never equal in a unique
 * index, so the index is on coalesce(parent, 0) (ids start at 1): the same on SQLite and PostgreSQL.
 *
 * Rows go with their project (cascade) and a folder's with its parent; the stored objects cannot be
 * removed by the database, so whoever deletes rows reads their keys first (archive/cleanup.ts).
 * Sizes are bigint: a file may have 2 GiB, one byte past PostgreSQL's integer.
 */
export function archiveMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("archive_folders"), dialect)
        .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("parent_id", "integer", (c) => c.references("archive_folders.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .execute();
      await sql`create unique index archive_folders_name on archive_folders (project_id, coalesce(parent_id, 0), name_key)`.execute(db);
      await db.schema.createIndex("archive_folders_parent").on("archive_folders").column("parent_id").execute();

      await withIdColumn(db.schema.createTable("archive_files"), dialect)
        .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("folder_id", "integer", (c) => c.references("archive_folders.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await sql`create unique index archive_files_name on archive_files (project_id, coalesce(folder_id, 0), name_key)`.execute(db);
      await db.schema.createIndex("archive_files_folder").on("archive_files").column("folder_id").execute();

      await withIdColumn(db.schema.createTable("archive_file_versions"), dialect)
        .addColumn("file_id", "integer", (c) => c.notNull().references("archive_files.id").onDelete("cascade"))
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .execute();
      await db.schema.createIndex("archive_file_versions_file").on("archive_file_versions").columns(["file_id", "created_at"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("archive_file_versions").execute();
      await db.schema.dropTable("archive_files").execute();
      await db.schema.dropTable("archive_folders").execute();
    },
  };
}

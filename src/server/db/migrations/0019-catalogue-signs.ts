import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * The sign catalogue kept by staff (issue 32, src/server/admin/signs.ts):
 * - catalogue_signs: signs added to one catalogue (dk, se, sewer) without a release. An undone addition
 *   keeps its row and file (removed_at set): plans that placed it still draw it, the gallery hides it.
 *   A code is unique among a catalogue's live additions (the partial index), so a code freed by an undo
 *   can be added again.
 * - sign_artwork_versions: every artwork ever stored for a built-in sign; sign_artwork names the one
 *   shown (version_id), so undoing a replacement puts the previous version back instead of losing it.
 * - catalogue_changes: the catalogue's history as the admin screen lists it, one row per change, with
 *   what it changed (so it can be undone) and whether it has been; each change and each undo also
 *   writes its admin_audit_log row in the same transaction.
 */
export function catalogueSignsMigration(dialect: DialectName): Migration {
  const double = dialect === "postgres" ? "double precision" : "real";
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("catalogue_signs"), dialect)
        .addColumn("catalogue", "text", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("height_m", double)
        .addColumn("width_m", double)
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("image_key", "text", (c) => c.notNull().unique())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("removed_at", "text")
        .addColumn("removed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .execute();
      await sql`create unique index catalogue_signs_live_code on catalogue_signs (catalogue, lower(code)) where removed_at is null`.execute(
        db,
      );

      await withIdColumn(db.schema.createTable("sign_artwork_versions"), dialect)
        .addColumn("sign_id", "text", (c) => c.notNull())
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("image_key", "text", (c) => c.notNull().unique())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("uploaded_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.alterTable("sign_artwork").addColumn("version_id", "integer").execute();
      // Artwork stored before this migration becomes its sign's first version.
      await sql`insert into sign_artwork_versions (sign_id, storage_key, image_key, content_type, uploaded_by, uploaded_at)
        select sign_id, storage_key, image_key, content_type, uploaded_by, uploaded_at from sign_artwork`.execute(db);
      await sql`update sign_artwork set version_id = (select v.id from sign_artwork_versions v where v.image_key = sign_artwork.image_key)`.execute(
        db,
      );

      await withIdColumn(db.schema.createTable("catalogue_changes"), dialect)
        .addColumn("catalogue", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("sign_id", "text", (c) => c.notNull())
        .addColumn("catalogue_sign_id", "integer")
        .addColumn("before_version_id", "integer")
        .addColumn("after_version_id", "integer")
        .addColumn("admin_id", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("undone_at", "text")
        .addColumn("undone_by", "integer")
        .execute();
      await db.schema.createIndex("catalogue_changes_catalogue").on("catalogue_changes").columns(["catalogue", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("catalogue_changes").execute();
      await db.schema.alterTable("sign_artwork").dropColumn("version_id").execute();
      await db.schema.dropTable("sign_artwork_versions").execute();
      await db.schema.dropTable("catalogue_signs").execute();
    },
  };
}

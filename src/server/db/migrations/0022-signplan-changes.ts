import "server-only";
import { sql, type Kysely, type Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Issue 36, live collaboration: the change log (src/lib/elements/changes.ts, src/server/signplans/changes.ts),
 * one row per new version of a plan with the operations the server applied, kept for catch-up and for
 * merging a save based on an older version. (signplan_id, version) is unique: two saves can never both
 * log one version, whichever process made them. (signplan_id, client_id, save_id) finds a save sent again.
 *
 * The version history learns who made each version and when (signplan_history's saved_by and saved_at
 * are those of the save that replaced the row's version): made_by, made_at and changed_count, written
 * from now on. Rows already there take them from the row of the version before, whose replacing save
 * made them; version 1 was made when the plan was.
 */
export function signplanChangesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("signplan_changes"), dialect)
        .addColumn("signplan_id", "integer", (c) => c.notNull().references("signplans.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("client_id", "text")
        .addColumn("save_id", "integer")
        .addColumn("operations", "text", (c) => c.notNull())
        .addColumn("changed_count", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("signplan_changes_version").on("signplan_changes").columns(["signplan_id", "version"]).unique().execute();
      await db.schema
        .createIndex("signplan_changes_save")
        .on("signplan_changes")
        .columns(["signplan_id", "client_id", "save_id"])
        .execute();

      await db.schema.alterTable("signplan_history").addColumn("made_by", "integer").execute();
      await db.schema.alterTable("signplan_history").addColumn("made_at", "text").execute();
      await db.schema.alterTable("signplan_history").addColumn("changed_count", "integer").execute();
      // Every save reads its plan's history versions and times for retention (keptHistoryVersions). Covered
      // by this index, SQLite never reads the rows, whose times lie past the content's overflow pages (a
      // 170 KB plan's hundred rows cost 4.5 ms a save without it).
      await db.schema
        .createIndex("signplan_history_moments")
        .on("signplan_history")
        .columns(["signplan_id", "version", "made_at", "saved_at"])
        .execute();
      await sql`
        update signplan_history set
          made_by = (select p.saved_by from signplan_history p where p.signplan_id = signplan_history.signplan_id and p.version = signplan_history.version - 1),
          made_at = (select p.saved_at from signplan_history p where p.signplan_id = signplan_history.signplan_id and p.version = signplan_history.version - 1)
        where version > 1`.execute(db);
      await sql`
        update signplan_history set made_at = (select s.created_at from signplans s where s.id = signplan_history.signplan_id)
        where version = 1`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("signplan_history_moments").execute();
      for (const column of ["changed_count", "made_at", "made_by"])
        await db.schema.alterTable("signplan_history").dropColumn(column).execute();
      await db.schema.dropTable("signplan_changes").execute();
    },
  };
}

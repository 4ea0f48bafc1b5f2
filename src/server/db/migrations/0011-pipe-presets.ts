import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Pipe presets (spec 2-content §3, "Pipe preset"): a user's own pipe types, and the look each kind of
 * water gives a new pipe (user_settings.pipe_water_kinds, a JSON map like drawing_styles). A preset
 * belongs to its owner alone and goes with the account.
 *
 * Names are unique per user whatever their case: name_key holds the name as pipePresetNameKey folds it,
 * computed by the application, so SQLite (whose lower() and NOCASE fold only ASCII) and PostgreSQL
 * refuse "Rør Ø110" beside "rør ø110" alike.
 */
export function pipePresetsMigration(dialect: DialectName): Migration {
  // Postgres' `real` is single precision (0.55 reads back as 0.550000011920929); SQLite's `real` is a double.
  const double = dialect === "postgres" ? "double precision" : "real";
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("pipe_presets"), dialect)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("colour", "text", (c) => c.notNull())
        .addColumn("width_mm", double, (c) => c.notNull())
        .addColumn("dash_pattern", "text", (c) => c.notNull())
        .addColumn("text_above", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("text_below", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("dimension", "integer")
        .addColumn("material", "text")
        .addColumn("fall_per_mille", double)
        .addColumn("water_kind", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("pipe_presets_user_name").on("pipe_presets").columns(["user_id", "name_key"]).unique().execute();

      await db.schema
        .alterTable("user_settings")
        .addColumn("pipe_water_kinds", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("user_settings").dropColumn("pipe_water_kinds").execute();
      await db.schema.dropTable("pipe_presets").execute();
    },
  };
}

import "server-only";
import type { Kysely, Migration } from "kysely";

/**
 * The last used drawing style per element kind (user_settings.drawing_styles): a JSON object from kind to
 * that kind's style fields, so the next drawing after a reload starts as the last one was set.
 */
export function drawingStylesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("user_settings")
        .addColumn("drawing_styles", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("user_settings").dropColumn("drawing_styles").execute();
    },
  };
}

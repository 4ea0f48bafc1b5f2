import "server-only";
import type { Kysely, Migration } from "kysely";

/**
 * Drops signplans.content_schema (added by 0005): content is validated on every write, so the server
 * answers what it stored without remembering which schema validated it, and clients validate what they get.
 */
export function dropContentSchemaMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("signplans").dropColumn("content_schema").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("signplans").addColumn("content_schema", "text").execute();
    },
  };
}

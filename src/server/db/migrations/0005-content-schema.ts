import "server-only";
import type { Kysely, Migration } from "kysely";

/**
 * signplans.content_schema: the fingerprint of the schema the stored content was validated with
 * (src/lib/content-schema.ts). Null for every plan stored before, and in development: such content is
 * validated again when it is read.
 */
export function contentSchemaMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("signplans").addColumn("content_schema", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("signplans").dropColumn("content_schema").execute();
    },
  };
}

import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/** The account mail queue (MailJobsTable in schema.ts, src/server/mail/queue.ts). */
export function mailJobsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("mail_jobs"), dialect)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("site", "text", (c) => c.notNull())
        .addColumn("origin", "text", (c) => c.notNull())
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("mail_jobs_due").on("mail_jobs").columns(["run_after", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("mail_jobs").execute();
    },
  };
}

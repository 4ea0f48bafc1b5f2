import "server-only";
import type { Kysely, Migration } from "kysely";

/**
 * Feedback in the admin area (issue 32, src/server/admin/feedback.ts): when and by whom a message was
 * marked handled, and staff's answer (mailed to the sender) kept with the message. The index serves the
 * list: newest first (id order) of the open (handled_at null) or the handled messages.
 */
export function feedbackAnswersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("feedback").addColumn("handled_at", "text").execute();
      await db.schema.alterTable("feedback").addColumn("handled_by", "integer").execute();
      await db.schema.alterTable("feedback").addColumn("answer", "text").execute();
      await db.schema.alterTable("feedback").addColumn("answered_at", "text").execute();
      await db.schema.alterTable("feedback").addColumn("answered_by", "integer").execute();
      await db.schema.createIndex("feedback_handled").on("feedback").columns(["handled_at", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("feedback_handled").execute();
      for (const column of ["answered_by", "answered_at", "answer", "handled_by", "handled_at"]) {
        await db.schema.alterTable("feedback").dropColumn(column).execute();
      }
    },
  };
}

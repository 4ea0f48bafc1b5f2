import "server-only";
import type { Kysely, Migration } from "kysely";

/**
 * Feedback and key figures in the admin area (issue 32, src/server/admin/feedback.ts): when and by whom a message was
 * marked handled, and staff's answer (mailed to the sender) kept with the message. The index serves the
 * list: newest first (id order) of the open (handled_at null) or the handled messages.
 *
 * The key figures (src/server/admin/key-figures.ts) count rows by these moments a period at a time:
 * with an index each period is a range scan of its own rows, not a scan of the whole table.
 */
const KEY_FIGURE_MOMENTS = [
  ["users", "created_at"],
  ["users", "first_login_at"],
  ["billing_accounts", "accepted_at"],
  ["signplans", "updated_at"],
  ["signplan_history", "saved_at"],
  ["signplan_exports", "created_at"],
  ["invoices", "issued_at"],
  ["credit_notes", "issued_at"],
] as const;

export function feedbackAnswersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("feedback").addColumn("handled_at", "text").execute();
      await db.schema.alterTable("feedback").addColumn("handled_by", "integer").execute();
      await db.schema.alterTable("feedback").addColumn("answer", "text").execute();
      await db.schema.alterTable("feedback").addColumn("answered_at", "text").execute();
      await db.schema.alterTable("feedback").addColumn("answered_by", "integer").execute();
      await db.schema.createIndex("feedback_handled").on("feedback").columns(["handled_at", "id"]).execute();
      for (const [table, column] of KEY_FIGURE_MOMENTS) {
        await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [table, column] of KEY_FIGURE_MOMENTS) await db.schema.dropIndex(`${table}_${column}`).execute();
      await db.schema.dropIndex("feedback_handled").execute();
      for (const column of ["answered_by", "answered_at", "answer", "handled_by", "handled_at"]) {
        await db.schema.alterTable("feedback").dropColumn(column).execute();
      }
    },
  };
}

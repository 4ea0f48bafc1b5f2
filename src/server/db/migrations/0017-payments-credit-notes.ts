import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Issue 32's billing: the payments staff record against an invoice (several may cover one, a partial
 * payment leaves the rest open) and the credit notes that credit an invoice in full, with their own
 * gapless number series (invoice_counters row "credit"). Neither is ever deleted, like the invoices.
 */
export function paymentsCreditNotesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("payments"), dialect)
        .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id"))
        .addColumn("paid_on", "text", (c) => c.notNull())
        .addColumn("amount", "integer", (c) => c.notNull())
        .addColumn("reference", "text")
        .addColumn("recorded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // The same bank reference on the same invoice is one payment, however often it is entered.
      await db.schema.createIndex("payments_invoice_reference").on("payments").columns(["invoice_id", "reference"]).unique().execute();

      await db
        .insertInto("invoice_counters" as never)
        .values({ series: "credit", last_number: 0 } as never)
        .execute();
      await withIdColumn(db.schema.createTable("credit_notes"), dialect)
        .addColumn("number", "integer", (c) => c.notNull().unique())
        // One credit note per invoice: it credits the invoice in full.
        .addColumn("invoice_id", "integer", (c) => c.notNull().unique().references("invoices.id"))
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("credit_notes").execute();
      await db
        .deleteFrom("invoice_counters" as never)
        .where("series" as never, "=", "credit" as never)
        .execute();
      await db.schema.dropTable("payments").execute();
    },
  };
}

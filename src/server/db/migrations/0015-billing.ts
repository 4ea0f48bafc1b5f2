import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Billing (issue 31, src/server/billing/): who pays (billing_accounts), their invoice details, the
 * invoices with their gapless number series (invoice_counters), the notices already sent (a sent-set,
 * so a job run twice mails nothing twice) and the daily job's runs. Tables in schema.ts.
 * Invoices are never deleted: they reference the account without a cascade and carry a snapshot of
 * the buyer as invoiced.
 */
export function billingMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("billing_accounts"), dialect)
        // Exactly one of the two is set while the payer exists: an organisation, or a user in none.
        .addColumn("organisation_id", "integer", (c) => c.unique().references("organisations.id").onDelete("set null"))
        .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("set null"))
        .addColumn("site", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("none"))
        .addColumn("seats", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("period_start", "text")
        .addColumn("period_end", "text")
        .addColumn("cancel_at", "text")
        .addColumn("cancelled_at", "text")
        .addColumn("accepted_at", "text")
        .addColumn("accepted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("terms_version", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await withIdColumn(db.schema.createTable("invoice_details"), dialect)
        .addColumn("billing_account_id", "integer", (c) => c.notNull().unique().references("billing_accounts.id").onDelete("cascade"))
        .addColumn("is_company", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("company_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("cvr_number", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("send_e_invoice", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("zip", "text", (c) => c.notNull())
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("country", "text", (c) => c.notNull())
        .addColumn("invoice_email", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("ean_number", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("invoice_counters")
        .addColumn("series", "text", (c) => c.primaryKey())
        .addColumn("last_number", "integer", (c) => c.notNull())
        .execute();
      await db
        .insertInto("invoice_counters" as never)
        .values({ series: "invoice", last_number: 0 } as never)
        .execute();

      await withIdColumn(db.schema.createTable("invoices"), dialect)
        .addColumn("number", "integer", (c) => c.notNull().unique())
        .addColumn("billing_account_id", "integer", (c) => c.notNull().references("billing_accounts.id"))
        .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("site", "text", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("due_at", "text", (c) => c.notNull())
        .addColumn("period_start", "text", (c) => c.notNull())
        .addColumn("period_end", "text", (c) => c.notNull())
        .addColumn("user_count", "integer", (c) => c.notNull())
        .addColumn("lines", "text", (c) => c.notNull())
        .addColumn("subtotal", "integer", (c) => c.notNull())
        .addColumn("vat_rate", "integer", (c) => c.notNull())
        .addColumn("vat_amount", "integer", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("paid_at", "text")
        .addColumn("payment_reference", "text")
        .addColumn("buyer", "text", (c) => c.notNull())
        .addColumn("e_invoice", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("invoices_account").on("invoices").columns(["billing_account_id", "issued_at"]).execute();
      await db.schema.createIndex("invoices_status").on("invoices").columns(["status", "due_at"]).execute();

      await withIdColumn(db.schema.createTable("billing_notices"), dialect)
        .addColumn("key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("billing_account_id", "integer", (c) => c.references("billing_accounts.id").onDelete("cascade"))
        .addColumn("invoice_id", "integer", (c) => c.references("invoices.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("billing_job_runs")
        .addColumn("day", "text", (c) => c.primaryKey())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addColumn("finished_at", "text")
        .addColumn("summary", "text")
        .execute();

      await db.schema.alterTable("mail_jobs").addColumn("invoice_id", "integer").execute();
      await db.schema.alterTable("mail_jobs").addColumn("notice_key", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("mail_jobs").dropColumn("notice_key").execute();
      await db.schema.alterTable("mail_jobs").dropColumn("invoice_id").execute();
      await db.schema.dropTable("billing_job_runs").execute();
      await db.schema.dropTable("billing_notices").execute();
      await db.schema.dropTable("invoices").execute();
      await db.schema.dropTable("invoice_counters").execute();
      await db.schema.dropTable("invoice_details").execute();
      await db.schema.dropTable("billing_accounts").execute();
    },
  };
}

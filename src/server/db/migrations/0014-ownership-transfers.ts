import "server-only";
import type { Kysely, Migration } from "kysely";
import { withIdColumn, type DialectName } from "../dialect";

/**
 * Requested ownership transfers (OwnershipTransfersTable in schema.ts, src/server/organisations/transfer.ts).
 * A table of their own rather than email_tokens: a transfer names its organisation and the owner who asked,
 * and its page tells a used link from an expired or a replaced one.
 */
export function ownershipTransfersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable("ownership_transfers"), dialect)
        .addColumn("organisation_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
        .addColumn("from_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("to_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.unique())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .addColumn("ended_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ownership_transfers_organisation").on("ownership_transfers").column("organisation_id").execute();
      await db.schema.createIndex("ownership_transfers_to_user").on("ownership_transfers").column("to_user_id").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("ownership_transfers").execute();
    },
  };
}

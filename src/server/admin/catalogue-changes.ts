import "server-only";
import type { Transaction } from "kysely";
import type { Database } from "../db";
import type { CatalogueChangesTable } from "../db/schema";
import { recordAudit } from "./audit";

/**
 * One change to a sign catalogue: its row in the catalogue's history (what the admin screen lists and
 * undoes) and its audit row, both in the transaction of the change itself.
 */
export async function recordCatalogueChange(
  trx: Transaction<Database>,
  change: Omit<CatalogueChangesTable, "id" | "undone_at" | "undone_by" | "created_at">,
  audit: { before?: unknown; after?: unknown },
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto("catalogue_changes")
    .values({ ...change, created_at: now.toISOString(), undone_at: null, undone_by: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(
    trx,
    { adminId: change.admin_id, action: change.action, targetType: "catalogue_change", targetId: row.id, ...audit },
    now,
  );
  return row.id;
}

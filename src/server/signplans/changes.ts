import "server-only";
import type { Kysely, Selectable, Transaction } from "kysely";
import { getDb, type Database } from "../db";
import type { SignplanChangesTable } from "../db/schema";
import { CHANGE_LOG_KEPT, type CatchUp, type LoggedOperation, type PlanChange } from "@/lib/elements/changes";

/**
 * The change log (issue 36, src/lib/elements/changes.ts): written by every save that makes a version, in
 * the save's transaction (logChange), and read for catch-up (catchUpSince), for merging a save based on
 * an older version (changesBetween) and for recognising a save sent again (findLoggedSave).
 */

type ChangeRow = Selectable<SignplanChangesTable>;

export function toPlanChange(row: ChangeRow): PlanChange {
  return {
    signplanId: row.signplan_id,
    version: row.version,
    // A deleted account's changes stay; 0 is no user.
    doneByUserId: row.user_id ?? 0,
    clientId: row.client_id,
    saveId: row.save_id,
    at: row.created_at,
    operations: JSON.parse(row.operations) as LoggedOperation[],
  };
}

/**
 * The logged changes after version `after` up to and including `upTo`, in order; null when the log does
 * not hold every one of them (pruned, or versions made before the log existed).
 */
export async function changesBetween(db: Kysely<Database>, signplanId: number, after: number, upTo: number): Promise<PlanChange[] | null> {
  if (upTo <= after) return [];
  const rows = await db
    .selectFrom("signplan_changes")
    .selectAll()
    .where("signplan_id", "=", signplanId)
    .where("version", ">", after)
    .where("version", "<=", upTo)
    .orderBy("version")
    .execute();
  if (rows.length !== upTo - after) return null;
  return rows.map(toPlanChange);
}

/**
 * Catch-up for a client that last saw version `since` of a plan: the changes since, or `reload` when
 * the log no longer reaches back that far (or `since` is ahead of the plan: the client holds something
 * the server never made). No access check: the caller has made it.
 */
export async function catchUpSince(signplanId: number, since: number): Promise<CatchUp> {
  const db = await getDb();
  const plan = await db.selectFrom("signplans").select("version").where("id", "=", signplanId).executeTakeFirst();
  const version = plan?.version ?? 0;
  if (!plan || since > version) return { version, reload: true };
  const changes = await changesBetween(db, signplanId, since, version);
  return changes ? { version, changes } : { version, reload: true };
}

/** The change a save with this (clientId, saveId) made, if the log still holds it. */
export async function findLoggedSave(signplanId: number, clientId: string, saveId: number): Promise<PlanChange | null> {
  const db = await getDb();
  const row = await db
    .selectFrom("signplan_changes")
    .selectAll()
    .where("signplan_id", "=", signplanId)
    .where("client_id", "=", clientId)
    .where("save_id", "=", saveId)
    .orderBy("version", "desc")
    .executeTakeFirst();
  return row ? toPlanChange(row) : null;
}

/**
 * Writes one change in the save's transaction and prunes the plan's log to the last CHANGE_LOG_KEPT.
 * The unique (signplan_id, version) index makes a second writer of one version fail with its transaction.
 */
export async function logChange(trx: Transaction<Database>, change: PlanChange, changedCount: number): Promise<void> {
  await trx
    .insertInto("signplan_changes")
    .values({
      signplan_id: change.signplanId,
      version: change.version,
      user_id: change.doneByUserId,
      client_id: change.clientId,
      save_id: change.saveId,
      operations: JSON.stringify(change.operations),
      changed_count: changedCount,
      created_at: change.at,
    })
    .execute();
  await trx
    .deleteFrom("signplan_changes")
    .where("signplan_id", "=", change.signplanId)
    .where("version", "<=", change.version - CHANGE_LOG_KEPT)
    .execute();
}

import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Whose links end: one plan's, every plan's of a project, or every link a user made. */
export type ShareLinkScope = { signplanId: number } | { projectId: number } | { createdBy: number };

/**
 * Revokes read-only share links for good: a revoked link never works again, whatever happens to the
 * plan after (unarchiving or restoring it does not bring its link back). Pass the transaction of the
 * change that ends them, so the change and the revocation happen together. Kept apart from share.ts so
 * that accounts and projects can call it without importing the plan code.
 */
export async function revokeShareLinks(db: Kysely<Database>, scope: ShareLinkScope, now = new Date().toISOString()): Promise<void> {
  let query = db.updateTable("signplan_share_links").set({ revoked_at: now }).where("revoked_at", "is", null);
  if ("signplanId" in scope) query = query.where("signplan_id", "=", scope.signplanId);
  else if ("projectId" in scope)
    query = query.where("signplan_id", "in", db.selectFrom("signplans").select("id").where("project_id", "=", scope.projectId));
  else query = query.where("created_by", "=", scope.createdBy);
  await query.execute();
}

import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db";
import type { AuditAction, AuditEntryDto, AuditPageDto, AuditQuery, AuditTargetType } from "@/lib/schemas/admin";

export interface AuditEntry {
  adminId: number;
  /** e.g. "customer.block"; the record it acts on is targetType + targetId. */
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Writes one staff action to the audit log. Takes the transaction that makes the change (a Transaction,
 * not the database) so that the change and its row commit or roll back together: a failed action leaves
 * no row, and no change goes unlogged. Nothing updates or deletes an audit row.
 */
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry, now = new Date()): Promise<void> {
  await trx
    .insertInto("admin_audit_log")
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A bare date as a bound: from its first millisecond, or through its last. */
function bound(value: string, end: boolean): string {
  if (value.length > 10) return new Date(value).toISOString();
  return end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
}

/** GET /admin/audit: newest first (id order, which is insertion order), keyset-paginated by id. */
export async function listAudit(db: Kysely<Database>, query: AuditQuery): Promise<AuditPageDto> {
  let q = db
    .selectFrom("admin_audit_log")
    .leftJoin("users", "users.id", "admin_audit_log.admin_id")
    .select([
      "admin_audit_log.id",
      "admin_audit_log.admin_id",
      "admin_audit_log.action",
      "admin_audit_log.target_type",
      "admin_audit_log.target_id",
      "admin_audit_log.before",
      "admin_audit_log.after",
      "admin_audit_log.reason",
      "admin_audit_log.created_at",
      "users.email",
    ]);
  if (query.adminId !== undefined) q = q.where("admin_audit_log.admin_id", "=", query.adminId);
  if (query.action !== undefined) q = q.where("admin_audit_log.action", "=", query.action);
  if (query.targetType !== undefined) q = q.where("admin_audit_log.target_type", "=", query.targetType);
  if (query.targetId !== undefined) q = q.where("admin_audit_log.target_id", "=", query.targetId);
  if (query.from !== undefined) q = q.where("admin_audit_log.created_at", ">=", bound(query.from, false));
  if (query.to !== undefined) q = q.where("admin_audit_log.created_at", "<=", bound(query.to, true));
  if (query.cursor !== undefined) q = q.where("admin_audit_log.id", "<", query.cursor);
  const rows = await q
    .orderBy("admin_audit_log.id", "desc")
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const entries: AuditEntryDto[] = page.map((r) => ({
    id: r.id,
    adminId: r.admin_id,
    adminEmail: r.email ?? null,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
    reason: r.reason,
    createdAt: r.created_at,
  }));
  return { entries, nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}

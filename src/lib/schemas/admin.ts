/**
 * Queries, bodies and answers of the admin paths (issue 32). Every path is under /api/admin and behind
 * withAdmin (src/server/admin/guard.ts): 401 anonymous, 404 for anyone but staff.
 *
 * - GET  audit?adminId=&action=&targetType=&targetId=&from=&to=&limit=&cursor=  → AuditPageDto (newest first)
 * - GET  customers?q=&page=                                                     → CustomerPageDto (newest account first)
 * - GET  customers/{id}                                                         → CustomerDetailDto (never plan contents)
 * - POST customers/{id}/extend-trial ← { days: 1..90 } → CustomerDetailDto (409 before the first login)
 * - POST customers/{id}/block        ← { reason }      → CustomerDetailDto (the reason is shown to the customer)
 * - POST customers/{id}/unblock                        → CustomerDetailDto (409 unless blocked by staff)
 * - POST customers/{id}/end-sessions                   → { ended: true }
 * - POST customers/{id}/resend-verification            → { sent: true } (409 once confirmed)
 * - POST organisations/{id}/owner ← { userId, reason } → { ownerId } (a member becomes owner; the old owner stays an administrator)
 * Each action writes its audit row in its own transaction. No path updates or deletes an audit row.
 */
import * as z from "zod";
import type { BlockReason, InvoiceDto, SubscriptionStatus } from "./billing";
import type { OrganisationRole } from "../organisation-roles";

const id = z.coerce.number().int().positive();
const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const AUDIT_PAGE_MAX = 100;

/**
 * Every action staff can take, as the audit log names it (recordAudit accepts no other), each with its
 * words under admin.audit.actions in messages/ (a unit test holds the two lists together).
 */
export const AUDIT_ACTIONS = [
  "customer.extendTrial",
  "customer.block",
  "customer.unblock",
  "customer.endSessions",
  "customer.resendVerification",
  "organisation.changeOwner",
  "invoice.recordPayment",
  "invoice.credit",
  "feedback.handled",
  "feedback.answer",
  "sign.add",
  "sign.replaceArtwork",
  "sign.removeArtwork",
  "sign.undo",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an action acts on (the log's targetType), with words under admin.audit.targetTypes. */
export const AUDIT_TARGET_TYPES = ["user", "organisation", "invoice", "feedback", "catalogue_change"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditQuerySchema = z.object({
  adminId: id.optional(),
  action: z.string().trim().min(1).max(64).optional(),
  targetType: z.string().trim().min(1).max(64).optional(),
  targetId: id.optional(),
  /** Inclusive bounds; a bare date means that whole day (UTC). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  /** The id of the last row of the previous page. */
  cursor: id.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditEntryDto {
  id: number;
  adminId: number;
  /** The staff member's e-mail, or null once their account is deleted. */
  adminEmail: string | null;
  action: string;
  targetType: string;
  targetId: number;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: string;
}

export interface AuditPageDto {
  entries: AuditEntryDto[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: number | null;
}

export const CUSTOMER_PAGE_SIZE = 50;

export const customerSearchQuerySchema = z.object({
  /** Name or e-mail (contains, case-insensitive), or the organisation's CVR or organisationsnummer. */
  q: z.string().trim().max(200).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

export const customerIdParamSchema = z.object({ id: id });

export interface CustomerRowDto {
  id: number;
  name: string;
  email: string;
  /** The site the account was created on. */
  site: string;
  organisation: { id: number; name: string } | null;
  role: OrganisationRole | null;
  billingStatus: SubscriptionStatus;
  blockReason: BlockReason | null;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface CustomerPageDto {
  customers: CustomerRowDto[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface CustomerDetailDto extends CustomerRowDto {
  emailConfirmed: boolean;
  organisation: { id: number; name: string; cvrNumber: string; ownerId: number } | null;
  trialDaysLeft: number | false;
  trialEndsAt: string | null;
  /** The payer's subscription (the organisation's, or the user's own); null before any billing account. */
  subscription: {
    accountId: number;
    state: string;
    seats: number;
    periodEnd: string | null;
    cancelAt: string | null;
    acceptedAt: string | null;
  } | null;
  blocked: boolean;
  /** The reason staff gave for their block, as the customer sees it; null unless blocked by staff. */
  staffBlockReason: string | null;
  /** The payer's invoices, newest first. */
  invoices: InvoiceDto[];
  planCount: number;
  projectCount: number;
}

const trialDays = z
  .number({ error: "adminTrialDays" })
  .int({ error: "adminTrialDays" })
  .min(1, { error: "adminTrialDays" })
  .max(90, { error: "adminTrialDays" });
export const extendTrialBodySchema = z.object({ days: trialDays });
export const blockBodySchema = z.object({
  reason: z.string({ error: "adminBlockReason" }).trim().min(1, { error: "adminBlockReason" }).max(500, { error: "adminBlockReason" }),
});

export const organisationIdParamSchema = z.object({ id: id });
/** Staff change an organisation's owner only on the company's written request: reason is its reference. */
export const changeOwnerBodySchema = z.object({
  userId: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200),
});

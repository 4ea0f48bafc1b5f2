import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "../api/errors";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { billingStateOf, type BillingState } from "./state";
import type { SiteId } from "@/sites/registry";

/** The methods that change nothing: a blocked user may still make them (open, view, export). */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isWriteMethod(method: string): boolean {
  return !READ_METHODS.has(method.toUpperCase());
}

/**
 * The message a blocked user gets on a refused change, in the site's language: how to reactivate. A
 * manager is sent to the invoices (an overdue invoice must be paid); a member is told to ask the owner
 * or an administrator, named.
 */
export async function blockedMessage(db: Kysely<Database>, state: BillingState, site: SiteId): Promise<string> {
  const t = serverTranslator(site);
  const overdue = state.reason === "invoiceOverdue";
  // Only staff lift their own block, so neither the owner nor the invoices can help.
  if (state.reason === "staff") return t("billing.api.blockedByStaff", { reason: state.staffBlockReason ?? "" });
  if (!state.canManage) {
    const owner = state.payer.organisation
      ? await db.selectFrom("users").select("name").where("id", "=", state.payer.organisation.owner_id).executeTakeFirst()
      : undefined;
    const values = { owner: owner?.name ?? "" };
    return overdue ? t("billing.api.blockedMemberOverdue", values) : t("billing.api.blockedMember", values);
  }
  if (overdue && state.overdueInvoiceId !== null) {
    const invoice = await db.selectFrom("invoices").select("number").where("id", "=", state.overdueInvoiceId).executeTakeFirst();
    if (invoice) return t("billing.api.blockedOverdue", { number: invoice.number });
  }
  return t("billing.api.blocked");
}

/**
 * Refuses a blocked user's change (issue 31): 402 `{message, code: "ACCOUNT_BLOCKED", reason}`. One
 * billingStateOf per write; the message's extra look-ups are made only when the change is refused.
 */
export async function assertNotBlocked(db: Kysely<Database>, userId: number, site: SiteId, now: Date): Promise<void> {
  const state = await billingStateOf(db, userId, now);
  if (!state.blocked) return;
  throw new ApiError(402, await blockedMessage(db, state, site), { code: "ACCOUNT_BLOCKED", reason: state.reason });
}

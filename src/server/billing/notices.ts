import "server-only";
import type { Kysely } from "kysely";
import { queueMail } from "../accounts/mail-queue";
import type { Database } from "../db";
import { siteOrigin } from "../site-url";
import type { SiteId } from "@/sites/registry";

/**
 * The billing notices mailed to a user (issue 31). Each is sent once per key, however often the daily
 * job or a request tries (the sent-set of dub's trial-email-schedule): the key's row in billing_notices
 * is inserted first, and the mail is queued only by the insert that made it, in the same transaction.
 */
export type BillingNoticeKind =
  /** 7 and 3 days before the trial ends, and on the day it ends. */
  | "trialReminder7"
  | "trialReminder3"
  | "trialEnds"
  /** An invoice is past its due date (still within the grace before a block). */
  | "invoiceOverdue"
  /** The account is blocked (trial over, subscription ended, or an invoice unpaid past the grace). */
  | "blocked"
  /** A cancellation confirmed in writing, with the date the subscription ends. */
  | "subscriptionCancelled";

export interface BillingNotice {
  /** Unique per notice meant: e.g. "trialReminder7:user:12", "invoiceOverdue:invoice:40". */
  key: string;
  kind: BillingNoticeKind;
  /** The recipient. */
  userId: number;
  email: string;
  site: SiteId;
  billingAccountId?: number | null;
  invoiceId?: number | null;
  now: Date;
}

/** Queues a notice unless its key was sent before. Answers whether it was queued now. */
export async function queueNotice(db: Kysely<Database>, notice: BillingNotice): Promise<boolean> {
  const inserted = await db
    .insertInto("billing_notices")
    .values({
      key: notice.key,
      kind: notice.kind,
      user_id: notice.userId,
      billing_account_id: notice.billingAccountId ?? null,
      invoice_id: notice.invoiceId ?? null,
      created_at: notice.now.toISOString(),
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return false;
  await queueMail(db, {
    kind: "billing-notice",
    email: notice.email,
    site: notice.site,
    origin: siteOrigin(notice.site),
    notice_key: notice.key,
  });
  return true;
}

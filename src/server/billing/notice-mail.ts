import "server-only";
import { formatDay } from "@/lib/billing/dates";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { getMailer } from "../mail/mailer";
import { render } from "../mail/templates";
import type { BillingNoticeKind } from "./notices";
import { addDays, BLOCK_GRACE_DAYS, trialDaysLeft, trialEnd } from "@/lib/billing/pricing";
import type { BlockReason } from "@/lib/schemas/billing";
import { SITES, type SiteId } from "@/sites/registry";

/** Dates in the mails are the recipients' calendar dates: every site is in Central European time. */
const BLOCK_REASONS = ["trialEnded", "subscriptionEnded", "invoiceOverdue"] as const satisfies readonly BlockReason[];
/** Where a notice sends its reader: the invoices tab, which offers accepting, paying and resuming. */
export const BILLING_NOTICE_PATH = "/organisation?tab=invoices";

interface Recipient {
  site: SiteId;
  origin: string;
  email: string;
}

/**
 * Does a "billing-notice" mail job (src/server/billing/notices.ts queues it): reads the notice by its
 * key and composes it, in the language of the site it was queued for, at the time it is sent (a notice
 * whose user is gone is simply done with).
 */
export async function sendBillingNoticeMail(db: Kysely<Database>, to: Recipient, noticeKey: string | null): Promise<void> {
  if (noticeKey === null) return;
  const notice = await db
    .selectFrom("billing_notices")
    .leftJoin("users", "users.id", "billing_notices.user_id")
    .leftJoin("billing_accounts", "billing_accounts.id", "billing_notices.billing_account_id")
    .leftJoin("invoices", "invoices.id", "billing_notices.invoice_id")
    .select([
      "billing_notices.key",
      "billing_notices.kind",
      "billing_notices.created_at",
      "users.name",
      "users.first_login_at",
      "billing_accounts.cancel_at",
      "invoices.number",
      "invoices.total",
      "invoices.currency",
      "invoices.due_at",
    ])
    .where("billing_notices.key", "=", noticeKey)
    .executeTakeFirst();
  if (!notice || notice.name === null) return;
  // A cancellation withdrawn (resumed) before its mail went: there is nothing to confirm.
  if (notice.kind === "subscriptionCancelled" && !notice.cancel_at) return;
  const firstLogin = notice.first_login_at ? new Date(notice.first_login_at) : null;
  const date = (iso: string | null) => (iso ? formatDate(to.site, new Date(iso)) : "");
  const mail = billingNoticeMail(to.site, {
    kind: notice.kind as BillingNoticeKind,
    name: notice.name,
    link: `${to.origin}${BILLING_NOTICE_PATH}`,
    trialEndsOn: firstLogin ? formatDate(to.site, trialEnd(firstLogin)) : "",
    // The days left when the job queued it (its clock), a started day counting as one.
    trialDaysLeft: firstLogin ? trialDaysLeft(firstLogin, new Date(notice.created_at)) || 0 : 0,
    // blocked:user:<id>:<reason>:<date>
    blockReason: notice.kind === "blocked" ? (notice.key.split(":")[3] ?? "") : "",
    endsOn: date(notice.cancel_at),
    invoice:
      notice.number !== null && notice.total !== null && notice.currency !== null && notice.due_at !== null
        ? {
            number: notice.number,
            amount: formatAmount(to.site, notice.total, notice.currency),
            dueOn: date(notice.due_at),
            blockOn: formatDate(to.site, addDays(new Date(notice.due_at), BLOCK_GRACE_DAYS)),
          }
        : null,
  });
  await getMailer().send({ to: to.email, site: to.site, ...mail });
}

export interface BillingNoticeFacts {
  kind: BillingNoticeKind;
  name: string;
  link: string;
  /** The trial's last day as the recipient reads it. */
  trialEndsOn: string;
  trialDaysLeft: number;
  /** For "blocked": trialEnded, subscriptionEnded or invoiceOverdue. */
  blockReason: string;
  /** For "subscriptionCancelled": the date the subscription ends. */
  endsOn: string;
  invoice: { number: number; amount: string; dueOn: string; blockOn: string } | null;
}

/** The notice's text: it names the product, says what happens and links to the invoices tab. */
export function billingNoticeMail(site: SiteId, f: BillingNoticeFacts) {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  const k = "billing.noticeMail";
  const body = ((): { subject: string; paragraphs: string[] } => {
    switch (f.kind) {
      case "trialReminder7":
      case "trialReminder3": {
        const days = f.trialDaysLeft || (f.kind === "trialReminder7" ? 7 : 3);
        return {
          subject: t(`${k}.trialReminder.subject`, { product, days }),
          paragraphs: [t(`${k}.trialReminder.intro`, { product, date: f.trialEndsOn }), t(`${k}.trialAfter`)],
        };
      }
      case "trialEnds":
        return {
          subject: t(`${k}.trialEnds.subject`, { product }),
          paragraphs: [t(`${k}.trialEnds.intro`, { product, date: f.trialEndsOn }), t(`${k}.trialAfter`)],
        };
      case "invoiceOverdue":
        return {
          subject: t(`${k}.invoiceOverdue.subject`, { product, number: f.invoice?.number ?? "" }),
          paragraphs: [
            t(`${k}.invoiceOverdue.intro`, {
              number: f.invoice?.number ?? "",
              amount: f.invoice?.amount ?? "",
              date: f.invoice?.dueOn ?? "",
            }),
            t(`${k}.invoiceOverdue.then`, { date: f.invoice?.blockOn ?? "" }),
          ],
        };
      case "blocked": {
        const reason = BLOCK_REASONS.find((r) => r === f.blockReason) ?? "trialEnded";
        return {
          subject: t(`${k}.blocked.subject`, { product }),
          paragraphs: [
            t(`${k}.blocked.${reason}`, { product, days: BLOCK_GRACE_DAYS }),
            t(`${k}.blocked.still`),
            t(`${k}.blocked.reactivate`),
          ],
        };
      }
      case "subscriptionCancelled":
        return {
          subject: t(`${k}.subscriptionCancelled.subject`, { product }),
          paragraphs: [
            t(`${k}.subscriptionCancelled.intro`, { product, date: f.endsOn }),
            t(`${k}.subscriptionCancelled.written`),
            t(`${k}.subscriptionCancelled.resume`),
          ],
        };
    }
  })();
  return render(site, {
    subject: body.subject,
    greeting: t("mail.greeting", { name: f.name }),
    before: body.paragraphs,
    action: { label: t(`${k}.button`), link: f.link, fallback: t("mail.linkFallback") },
    after: [],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

function formatDate(site: SiteId, date: Date): string {
  return formatDay(date, SITES[site].locale);
}

function formatAmount(site: SiteId, minor: number, currency: string): string {
  return new Intl.NumberFormat(SITES[site].locale, { style: "currency", currency }).format(minor / 100);
}

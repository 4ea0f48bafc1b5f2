import "server-only";
import type { Kysely, Selectable } from "kysely";
import { issueEmailToken } from "./email-tokens";
import type { Database } from "../db";
import type { MailJobsTable } from "../db/schema";
import { getMailer } from "../mail/mailer";
import { sendOwnershipTransferMail } from "../organisations/transfer";
import { sendBillingNoticeMail } from "../billing/notice-mail";
import { sendInvoiceMail } from "../billing/invoice-mail";
import { existingAccountMail, invitationMail, passwordResetMail, verifyEmailMail } from "../mail/templates";
import { issueInvitationLink } from "../organisations/invites";
import { RATE_LIMITS, countBeyondLimit } from "../rate-limit";
import { SISTER_NOTICE_PARAM } from "@/lib/schemas/auth";
import { SITES, isSiteId, type SiteId } from "@/sites/registry";

type MailJob = Selectable<MailJobsTable>;

/**
 * Does what a queued account mail job asks (src/server/accounts/mail-queue.ts): the account is looked
 * up here, in the worker, never on the request's path, and an e-mail without an account (or one that
 * no longer needs the mail) is simply done with.
 */
export async function runMailJob(db: Kysely<Database>, job: MailJob): Promise<void> {
  if (!isSiteId(job.site)) throw new Error(`mail job ${job.id}: unknown site ${job.site}`);
  const to = { site: job.site, origin: job.origin, email: job.email };
  if (job.kind === "verification") await sendVerification(db, to);
  else if (job.kind === "existing-account") await sendExistingAccountNotice(db, to);
  else if (job.kind === "password-reset") await sendPasswordReset(db, to);
  else if (job.kind === "ownership-transfer") await sendOwnershipTransferMail(db, to);
  else if (job.kind === "invitation") await sendInvitation(db, to, job.invite_id);
  else if (job.kind === "billing-notice") await sendBillingNoticeMail(db, to, job.notice_key);
  else if (job.kind === "invoice") await sendInvoiceMail(db, to, job.invoice_id);
  else if (job.kind === "credit-note") await sendInvoiceMail(db, to, job.invoice_id, "creditNote");
  else throw new Error(`mail job ${job.id}: unknown kind ${String(job.kind)}`);
}

interface Recipient {
  site: SiteId;
  origin: string;
  email: string;
}

/** A new account's link, or a new link for an account not yet confirmed; nothing for a confirmed one. */
async function sendVerification(db: Kysely<Database>, { site, origin, email }: Recipient): Promise<void> {
  const user = await db.selectFrom("users").select(["id", "email", "name", "is_verified"]).where("email", "=", email).executeTakeFirst();
  if (!user || user.is_verified !== 0) return;
  const token = await issueEmailToken(db, user.id, "verify");
  const link = `${origin}/encourage-verify-email?token=${encodeURIComponent(token)}`;
  await getMailer().send({ to: user.email, site, ...verifyEmailMail(site, { name: user.name, link }) });
}

/** Registering with a taken e-mail tells its owner, with the sister-site notice when the account is from a sister site. */
async function sendExistingAccountNotice(db: Kysely<Database>, { site, origin, email }: Recipient): Promise<void> {
  // Registering again and again must not flood the owner's inbox; nobody is told (nothing to tell).
  if ((await countBeyondLimit(db, RATE_LIMITS.mailPerEmail, email)) > 0) return;
  const user = await db.selectFrom("users").select(["email", "name", "registered_site"]).where("email", "=", email).executeTakeFirst();
  if (!user) return;
  const sister = isSiteId(user.registered_site) && user.registered_site !== site ? user.registered_site : null;
  const link = sister ? `${origin}/login?${new URLSearchParams({ [SISTER_NOTICE_PARAM]: sister, email: user.email })}` : `${origin}/login`;
  const sisterProduct = sister ? SITES[sister].productName : undefined;
  const mail = existingAccountMail(site, { name: user.name, email: user.email, link, sisterProduct });
  await getMailer().send({ to: user.email, site, ...mail });
}

async function sendPasswordReset(db: Kysely<Database>, { site, origin, email }: Recipient): Promise<void> {
  const user = await db.selectFrom("users").select(["id", "email", "name"]).where("email", "=", email).executeTakeFirst();
  if (!user) return;
  const token = await issueEmailToken(db, user.id, "reset");
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await getMailer().send({ to: user.email, site, ...passwordResetMail(site, { name: user.name, link }) });
}

/** An organisation's invitation, with a fresh link (the invitation ended meanwhile: nothing to send). */
async function sendInvitation(db: Kysely<Database>, { site, origin }: Recipient, inviteId: number | null): Promise<void> {
  if (inviteId === null) return;
  const link = await issueInvitationLink(db, inviteId);
  if (!link) return;
  const url = `${origin}/invitation?token=${encodeURIComponent(link.token)}`;
  const mail = invitationMail(site, { inviter: link.inviter, organisation: link.organisation, link: url, expiresAt: link.expiresAt });
  await getMailer().send({ to: link.email, site, ...mail });
}

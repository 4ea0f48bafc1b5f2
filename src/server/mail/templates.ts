import "server-only";
import * as z from "zod";
import { feedbackBodySchema } from "@/lib/schemas/feedback";
import { SITES, type SiteId } from "@/sites/registry";
import { serverTranslator } from "../i18n";
import type { MailMessage } from "./mailer";
import { INVITE_LIFETIME_DAYS } from "@/lib/schemas/organisation";

type MailContent = Omit<MailMessage, "to">;

/** Dates in mails are the recipients' calendar dates: every site is in Central European time. */
const SITE_TIME_ZONE = "Europe/Copenhagen";

/** How long a password-reset link works; the text in messages/ states it. */
export const PASSWORD_RESET_LINK_HOURS = 24;

// The address the feedback form sends when nobody is logged in, read from the schema's default so
// that the two cannot drift apart. Nobody should get a reply there.
const anonymousEmail = feedbackBodySchema.shape.email.parse(undefined);

export function verifyEmailMail(site: SiteId, p: { name: string; link: string }): MailContent {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  return render(site, {
    subject: t("mail.verifyEmail.subject", { product }),
    greeting: t("mail.greeting", { name: p.name }),
    before: [t("mail.verifyEmail.intro", { product })],
    action: { label: t("mail.verifyEmail.button"), link: p.link, fallback: t("mail.linkFallback") },
    after: [t("mail.verifyEmail.ignore", { product })],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

export function passwordResetMail(site: SiteId, p: { name: string; link: string }): MailContent {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  return render(site, {
    subject: t("mail.passwordReset.subject", { product }),
    greeting: t("mail.greeting", { name: p.name }),
    before: [t("mail.passwordReset.intro", { product })],
    action: { label: t("mail.passwordReset.button"), link: p.link, fallback: t("mail.linkFallback") },
    after: [t("mail.passwordReset.validity", { hours: PASSWORD_RESET_LINK_HOURS }), t("mail.passwordReset.ignore")],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

/**
 * To the owner of an account when someone registers with its e-mail: the registration answered as if
 * it had worked (so nobody learns which e-mails have accounts), and the notice of core §1 comes here.
 * `sisterProduct` when the account was made on a sister site, whose login works here too.
 */
export function existingAccountMail(site: SiteId, p: { name: string; email: string; link: string; sisterProduct?: string }): MailContent {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  return render(site, {
    subject: t("mail.existingAccount.subject", { product }),
    greeting: t("mail.greeting", { name: p.name }),
    before: [
      t("mail.existingAccount.intro", { product }),
      p.sisterProduct
        ? t("auth.sisterSite.text", { email: p.email, sisterProduct: p.sisterProduct, product })
        : t("mail.existingAccount.sameSite", { product }),
    ],
    action: { label: t("mail.existingAccount.button"), link: p.link, fallback: t("mail.linkFallback") },
    after: [t("mail.existingAccount.forgotPassword"), t("mail.existingAccount.ignore")],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

/** How long an ownership-transfer link works; the mail and the page say it. */
export const TRANSFER_LINK_HOURS = 24;

/** To the member an owner wants to hand the organisation to: the link to the confirmation page. */
export function transferOwnershipMail(site: SiteId, p: { name: string; from: string; organisation: string; link: string }): MailContent {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  return render(site, {
    subject: t("mail.transferOwnership.subject", { organisation: oneLine(p.organisation), product }),
    greeting: t("mail.greeting", { name: p.name }),
    before: [
      t("mail.transferOwnership.intro", { from: p.from, organisation: p.organisation }),
      t("mail.transferOwnership.moves", { from: p.from }),
    ],
    action: { label: t("mail.transferOwnership.button"), link: p.link, fallback: t("mail.linkFallback") },
    after: [t("mail.transferOwnership.validity", { hours: TRANSFER_LINK_HOURS }), t("mail.transferOwnership.ignore")],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

/**
 * An organisation's invitation, in the inviting site's language: who invites to what, the link to the
 * invitation page (which offers logging in or registering with the e-mail filled in), and when it ends.
 */
export function invitationMail(site: SiteId, p: { inviter: string; organisation: string; link: string; expiresAt: string }): MailContent {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  const date = new Intl.DateTimeFormat(SITES[site].locale, { dateStyle: "long", timeZone: SITE_TIME_ZONE }).format(new Date(p.expiresAt));
  const inviter = oneLine(p.inviter) || t("mail.invitation.someone");
  return render(site, {
    subject: t("mail.invitation.subject", { organisation: oneLine(p.organisation), product }),
    before: [t("mail.invitation.intro", { inviter, organisation: p.organisation, product })],
    action: { label: t("mail.invitation.button"), link: p.link, fallback: t("mail.linkFallback") },
    after: [t("mail.invitation.validity", { days: INVITE_LIFETIME_DAYS, date }), t("mail.invitation.ignore")],
    signOff: t("mail.signOff"),
    footer: t("mail.automatic", { product }),
  });
}

/** To staff (STAFF_EMAIL); replying answers the sender unless they left no usable address. */
export function feedbackMail(
  site: SiteId,
  p: { message: string; name: string; email: string; page: string; userId: number | null },
): MailContent {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  const replyTo = p.email !== anonymousEmail && z.email().safeParse(p.email).success ? p.email : undefined;
  const unknown = t("mail.feedback.unknown");
  return {
    ...render(site, {
      subject: t("mail.feedback.subject", { product, name: oneLine(p.name) || unknown }),
      before: [t("mail.feedback.intro", { product })],
      fields: [
        [t("mail.feedback.name"), p.name || unknown],
        [t("mail.feedback.email"), p.email === anonymousEmail || !p.email ? unknown : p.email],
        [t("mail.feedback.page"), p.page || unknown],
        [t("mail.feedback.userId"), p.userId === null ? t("mail.feedback.notLoggedIn") : String(p.userId)],
      ],
      quote: { label: t("mail.feedback.message"), text: p.message },
      after: [replyTo ? t("mail.feedback.replyHint") : t("mail.feedback.noReply")],
    }),
    replyTo,
  };
}

/** What a mail says, in order; every string is plain text (user input included) until render() escapes it. */
export interface MailParts {
  subject: string;
  greeting?: string;
  before: string[];
  action?: { label: string; link: string; fallback: string };
  fields?: Array<[label: string, value: string]>;
  quote?: { label: string; text: string };
  after: string[];
  signOff?: string;
  footer?: string;
}

const BRAND = "#1562ad";
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const P = "margin:0 0 16px;";

/** Builds the HTML and the plain-text part from the same parts, so both carry the same content. */
export function render(site: SiteId, parts: MailParts): MailContent {
  const { productName, locale } = SITES[site];
  if (parts.action && !/^https?:\/\//i.test(parts.action.link)) {
    throw new Error("A link in an e-mail must be an absolute http(s) URL");
  }

  const text: string[] = [];
  const html: string[] = [];
  const paragraph = (value: string) => {
    text.push(value);
    html.push(`<p style="${P}">${escapeHtml(value)}</p>`);
  };

  if (parts.greeting) paragraph(parts.greeting);
  parts.before.forEach(paragraph);
  if (parts.action) {
    const { label, link, fallback } = parts.action;
    const href = escapeHtml(link);
    text.push(`${label}:\n${link}`);
    html.push(
      `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:${BRAND};color:#ffffff;` +
        `font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:4px;">${escapeHtml(label)}</a></p>`,
      `<p style="${P}font-size:14px;color:#424242;">${escapeHtml(fallback)}<br>` +
        `<a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a></p>`,
    );
  }
  if (parts.fields) {
    text.push(parts.fields.map(([label, value]) => `${label}: ${value}`).join("\n"));
    html.push(
      `<p style="${P}">` +
        parts.fields.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join("<br>") +
        `</p>`,
    );
  }
  if (parts.quote) {
    text.push(`${parts.quote.label}:\n${parts.quote.text}`);
    html.push(
      `<p style="margin:0 0 8px;"><strong>${escapeHtml(parts.quote.label)}:</strong></p>`,
      `<div style="${P}padding:12px 16px;border-left:4px solid ${BRAND};background:#f4f6f8;white-space:pre-wrap;">` +
        `${escapeHtml(parts.quote.text)}</div>`,
    );
  }
  parts.after.forEach(paragraph);
  if (parts.signOff) {
    text.push(`${parts.signOff}\n${productName}`);
    html.push(`<p style="margin:0;">${escapeHtml(parts.signOff)}<br>${escapeHtml(productName)}</p>`);
  }
  // "-- " (with the space) is the signature separator mail clients recognise.
  if (parts.footer) text.push(`-- \n${parts.footer}`);

  const footer = parts.footer ? `<p style="margin:16px 0 0;font-size:12px;color:#757575;">${escapeHtml(parts.footer)}</p>\n` : "";
  const document =
    `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(parts.subject)}</title></head>\n` +
    `<body style="margin:0;padding:0;background:#f4f6f8;">\n` +
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:${FONT};font-size:16px;line-height:1.5;color:#212121;">\n` +
    `<div style="margin:0 0 16px;font-size:20px;font-weight:bold;color:${BRAND};">${escapeHtml(productName)}</div>\n` +
    `<div style="background:#ffffff;border-radius:4px;padding:24px;">\n${html.join("\n")}\n</div>\n` +
    `${footer}</div>\n</body></html>\n`;

  return { site, subject: parts.subject, text: `${text.join("\n\n")}\n`, html: document };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A subject is one header line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

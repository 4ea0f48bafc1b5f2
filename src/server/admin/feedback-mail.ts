import "server-only";
import * as z from "zod";
import { feedbackBodySchema } from "@/lib/schemas/feedback";
import { SITES, type SiteId } from "@/sites/registry";
import { serverTranslator } from "../i18n";
import { render } from "../mail/templates";
import type { MailMessage } from "../mail/mailer";

// The defaults of anonymous feedback, read from the schema so that the two cannot drift apart.
const anonymousEmail = feedbackBodySchema.shape.email.parse(undefined);
const anonymousName = feedbackBodySchema.shape.name.parse(undefined);

/** An address an answer can go to: not the anonymous default, and a well-formed e-mail. */
export function answerableEmail(email: string): boolean {
  return email !== anonymousEmail && z.email().safeParse(email).success;
}

/**
 * Staff's answer to a feedback message, in the language of the site it was sent from, with the
 * sender's own message quoted. Replies go to staff (replyTo), so the conversation can go on by mail.
 */
export function feedbackAnswerMail(
  site: SiteId,
  p: { name: string; message: string; answer: string; staffEmail: string },
): Omit<MailMessage, "to"> {
  const t = serverTranslator(site);
  const product = SITES[site].productName;
  const named = p.name.trim() && p.name !== anonymousName;
  return {
    ...render(site, {
      subject: t("mail.feedbackAnswer.subject", { product }),
      greeting: named ? t("mail.greeting", { name: p.name }) : t("mail.feedbackAnswer.greeting"),
      before: [t("mail.feedbackAnswer.intro", { product }), ...p.answer.split(/\n\s*\n/).map((part) => part.trim())].filter(Boolean),
      quote: { label: t("mail.feedbackAnswer.yourMessage"), text: p.message },
      after: [t("mail.feedbackAnswer.replyHint")],
      signOff: t("mail.signOff"),
    }),
    replyTo: p.staffEmail,
  };
}

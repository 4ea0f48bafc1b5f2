import "server-only";
import type { CallContext } from "../accounts/service";
import type { SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { getDb } from "../db";
import { log } from "../log";
import { getMailer } from "../mail/mailer";
import { feedbackMail } from "../mail/templates";
import { RATE_LIMITS, hitLimit } from "../rate-limit";
import type { FeedbackBody } from "@/lib/schemas/feedback";

/**
 * POST /contact/feedback: stored first (so nothing is lost if mail is down), then e-mailed to staff.
 * A logged-in sender is recorded by id, whatever name and e-mail the body claims.
 */
export async function submitFeedback(ctx: CallContext, user: SessionUser | null, body: FeedbackBody): Promise<{ ok: true }> {
  const db = await getDb();
  await hitLimit(db, ctx.site, RATE_LIMITS.feedbackPerIp, ctx.ip);
  const name = user?.name ?? body.name;
  const email = user?.email ?? body.email;
  await db
    .insertInto("feedback")
    .values({
      user_id: user?.id ?? null,
      site: ctx.site,
      name,
      email,
      message: body.message,
      page: body.page,
      created_at: new Date().toISOString(),
    })
    .execute();
  try {
    const mail = feedbackMail(ctx.site, { message: body.message, name, email, page: body.page, userId: user?.id ?? null });
    await (ctx.mailer ?? getMailer()).send({ to: getConfig().STAFF_EMAIL, site: ctx.site, ...mail });
  } catch (error) {
    log.error("feedback", "stored, but the e-mail to staff failed", error);
  }
  return { ok: true };
}

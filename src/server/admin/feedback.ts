import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db";
import { ApiError } from "../api/errors";
import { getConfig } from "../config";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { getMailer } from "../mail/mailer";
import { recordAudit } from "./audit";
import type { AdminActor } from "./actions";
import { answerableEmail, feedbackAnswerMail } from "./feedback-mail";
import { FEEDBACK_PAGE_SIZE, type FeedbackDto, type FeedbackListQuery, type FeedbackPageDto } from "@/lib/schemas/admin-feedback";
import { DEFAULT_SITE_ID, isSiteId } from "@/sites/registry";

function feedbackQuery(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom("feedback")
    .leftJoin("users as answerer", "answerer.id", "feedback.answered_by")
    .select([
      "feedback.id",
      "feedback.site",
      "feedback.page",
      "feedback.name",
      "feedback.email",
      "feedback.user_id",
      "feedback.created_at",
      "feedback.message",
      "feedback.handled_at",
      "feedback.answer",
      "feedback.answered_at",
      "feedback.answered_by",
      "answerer.email as answered_by_email",
    ]);
}
type FeedbackRow = Awaited<ReturnType<ReturnType<typeof feedbackQuery>["executeTakeFirstOrThrow"]>>;

function feedbackDto(row: FeedbackRow): FeedbackDto {
  return {
    id: row.id,
    site: row.site,
    page: row.page,
    name: row.name,
    email: row.email,
    userId: row.user_id,
    createdAt: row.created_at,
    message: row.message,
    handled: row.handled_at !== null,
    handledAt: row.handled_at,
    canAnswer: row.answer === null && answerableEmail(row.email),
    answer:
      row.answer !== null && row.answered_at !== null
        ? { text: row.answer, answeredAt: row.answered_at, answeredBy: row.answered_by, answeredByEmail: row.answered_by_email ?? null }
        : null,
  };
}

/** GET /admin/feedback: newest first (id order), a page at a time, one row more than shown telling whether another follows. */
export async function listFeedback(db: Kysely<Database>, query: FeedbackListQuery): Promise<FeedbackPageDto> {
  let q = feedbackQuery(db);
  if (query.status === "open") q = q.where("feedback.handled_at", "is", null);
  if (query.status === "handled") q = q.where("feedback.handled_at", "is not", null);
  const rows = await q
    .orderBy("feedback.id", "desc")
    .limit(FEEDBACK_PAGE_SIZE + 1)
    .offset((query.page - 1) * FEEDBACK_PAGE_SIZE)
    .execute();
  return {
    items: rows.slice(0, FEEDBACK_PAGE_SIZE).map(feedbackDto),
    page: query.page,
    pageSize: FEEDBACK_PAGE_SIZE,
    hasMore: rows.length > FEEDBACK_PAGE_SIZE,
  };
}

async function feedbackIn(db: Kysely<Database> | Transaction<Database>, actor: AdminActor, id: number): Promise<FeedbackRow> {
  const row = await feedbackQuery(db).where("feedback.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, serverTranslator(actor.site)("api.admin.feedbackNotFound"));
  return row;
}

/** POST /admin/feedback/{id}/handled: marks the message handled or open again; the same state again changes and logs nothing. */
export async function setFeedbackHandled(db: Kysely<Database>, actor: AdminActor, id: number, handled: boolean): Promise<FeedbackDto> {
  return db.transaction().execute(async (trx) => {
    const row = await feedbackIn(trx, actor, id);
    if ((row.handled_at !== null) === handled) return feedbackDto(row);
    const handledAt = handled ? actor.now.toISOString() : null;
    await trx
      .updateTable("feedback")
      .set({ handled_at: handledAt, handled_by: handled ? actor.adminId : null })
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "feedback.handled",
        targetType: "feedback",
        targetId: id,
        before: { handled: !handled },
        after: { handled },
      },
      actor.now,
    );
    return feedbackDto(await feedbackIn(trx, actor, id));
  });
}

/**
 * POST /admin/feedback/{id}/answer: mails the answer to the sender in the language of the site the
 * feedback came from, then keeps it with the message (which counts as handled from then on) and logs
 * it. The mail goes first, outside the transaction, so that a mail server that fails refuses the
 * answer (502) and stores nothing, and no database lock waits on the mail server. One answer per
 * message (409 for another, or when the sender left no address).
 */
export async function answerFeedback(db: Kysely<Database>, actor: AdminActor, id: number, text: string): Promise<FeedbackDto> {
  const t = serverTranslator(actor.site);
  const row = await feedbackIn(db, actor, id);
  if (row.answer !== null) throw new ApiError(409, t("api.admin.feedbackAnswered"));
  if (!answerableEmail(row.email)) throw new ApiError(409, t("api.admin.feedbackNoAddress"));
  const site = isSiteId(row.site) ? row.site : DEFAULT_SITE_ID;
  const mail = feedbackAnswerMail(site, { name: row.name, message: row.message, answer: text, staffEmail: getConfig().STAFF_EMAIL });
  try {
    await getMailer().send({ to: row.email, ...mail });
  } catch (error) {
    log.error("feedback", `the answer to feedback ${id} could not be mailed`, error);
    throw new ApiError(502, t("api.admin.feedbackMailFailed"));
  }
  return db.transaction().execute(async (trx) => {
    const nowIso = actor.now.toISOString();
    const result = await trx
      .updateTable("feedback")
      .set((eb) => ({
        answer: text,
        answered_at: nowIso,
        answered_by: actor.adminId,
        handled_at: eb.fn.coalesce("handled_at", eb.val(nowIso)),
        handled_by: eb.fn.coalesce("handled_by", eb.val(actor.adminId)),
      }))
      .where("id", "=", id)
      .where("answer", "is", null)
      .executeTakeFirst();
    // Another member of staff answered meanwhile: theirs is the one kept (the sender got both mails).
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError(409, t("api.admin.feedbackAnswered"));
    await recordAudit(
      trx,
      {
        adminId: actor.adminId,
        action: "feedback.answer",
        targetType: "feedback",
        targetId: id,
        before: { handled: row.handled_at !== null },
        after: { handled: true, answer: text, to: row.email, site },
      },
      actor.now,
    );
    return feedbackDto(await feedbackIn(trx, actor, id));
  });
}

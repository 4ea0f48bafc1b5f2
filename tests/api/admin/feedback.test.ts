/**
 * Feedback in the admin area (issue 32): the list (newest first, open/handled/all, a page at a time),
 * marking a message handled, and answering it: the answer is mailed to the sender in the language of
 * the site the feedback came from and kept with the message. Each action writes its audit row with the
 * change; a refused one changes nothing and logs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/admin/audit/route";
import * as list from "@/app/api/admin/feedback/route";
import * as handled from "@/app/api/admin/feedback/[id]/handled/route";
import * as answer from "@/app/api/admin/feedback/[id]/answer/route";
import { getDb } from "@/server/db";
import { setMailer } from "@/server/mail/mailer";
import { FEEDBACK_PAGE_SIZE } from "@/lib/schemas/admin-feedback";
import { as } from "../../support/api";
import { mailsTo } from "../../support/mail";
import { createUser, uniqueEmail } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";

let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  staff = await createUser({ email: uniqueEmail("staff") });
  await makeStaffAdmin(staff.id);
});

let clock = Date.parse("2026-11-01T08:00:00Z");
async function addFeedback(
  values: { site?: string; name?: string; email?: string; message?: string; page?: string; userId?: number | null } = {},
) {
  const db = await getDb();
  clock += 60_000;
  const row = await db
    .insertInto("feedback")
    .values({
      site: values.site ?? "skilteplanen",
      name: values.name ?? "Karen Vej",
      email: values.email ?? uniqueEmail("sender"),
      message: values.message ?? "Jeg savner et skilt.",
      page: values.page ?? "skilteplanen.dk/app",
      user_id: values.userId ?? null,
      created_at: new Date(clock).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

type Handler = (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>;
const act = (handler: Handler, id: number, body: unknown, site?: string) =>
  as(staff.token, handler, { method: "POST", params: { id: String(id) }, body, site });
const listed = (query: string) => as(staff.token, list.GET, { query });
const auditOf = async (id: number) =>
  (await as(staff.token, audit.GET, { query: `?targetType=feedback&targetId=${id}` })).json.entries.map((e: any) => ({
    adminId: e.adminId,
    action: e.action,
    before: e.before,
    after: e.after,
  }));

describe("GET /admin/feedback", () => {
  it("lists newest first with page, site, sender, account, time, message, handled and answer; filters and pages on the server", async () => {
    const db = await getDb();
    await db.deleteFrom("feedback").execute();
    const ids: number[] = [];
    for (let i = 0; i < FEEDBACK_PAGE_SIZE + 5; i++) ids.push(await addFeedback({ message: `Besked ${i}` }));
    const customer = await createUser({ name: "Sven", site: "ta-planen" });
    const newest = await addFeedback({
      site: "ta-planen",
      name: "Sven",
      email: customer.email,
      message: "Bra verktyg",
      page: "ta-planen.se/projects",
      userId: customer.id,
    });
    await act(handled.POST, ids[0]!, { handled: true });
    await act(handled.POST, ids[1]!, { handled: true });

    const first = await listed("?status=all");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pageSize: FEEDBACK_PAGE_SIZE, hasMore: true });
    expect(first.json.items).toHaveLength(FEEDBACK_PAGE_SIZE);
    expect(first.json.items[0]).toEqual({
      id: newest,
      site: "ta-planen",
      page: "ta-planen.se/projects",
      name: "Sven",
      email: customer.email,
      userId: customer.id,
      createdAt: expect.any(String),
      message: "Bra verktyg",
      handled: false,
      handledAt: null,
      canAnswer: true,
      answer: null,
    });
    const second = await listed("?status=all&page=2");
    expect(second.json.hasMore).toBe(false);
    const all = [...first.json.items, ...second.json.items].map((f: any) => f.id);
    expect(all).toEqual([newest, ...[...ids].reverse()]);

    const open = await listed("?status=open&page=2");
    expect(open.json.items.map((f: any) => f.id)).toEqual(ids.slice(2, 6).reverse());
    const onlyHandled = await listed("?status=handled");
    expect(onlyHandled.json.items.map((f: any) => [f.id, f.handled])).toEqual([
      [ids[1], true],
      [ids[0], true],
    ]);
    // Open by default.
    expect((await listed("")).json.items.every((f: any) => !f.handled)).toBe(true);
    expect((await listed("?status=nope")).status).toBe(400);
  });
});

describe("POST /admin/feedback/{id}/handled", () => {
  it("marks handled and open again, with before and after in the log; the same state again logs nothing", async () => {
    const id = await addFeedback();
    const res = await act(handled.POST, id, { handled: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, handled: true, handledAt: expect.any(String) });
    expect((await act(handled.POST, id, { handled: true })).json.handled).toBe(true);
    expect((await act(handled.POST, id, { handled: false })).json).toMatchObject({ handled: false, handledAt: null });
    expect(await auditOf(id)).toEqual([
      { adminId: staff.id, action: "feedback.handled", before: { handled: true }, after: { handled: false } },
      { adminId: staff.id, action: "feedback.handled", before: { handled: false }, after: { handled: true } },
    ]);
  });

  it("refuses a bad body (400) and an unknown message (404), and logs nothing", async () => {
    const id = await addFeedback();
    for (const body of [{}, { handled: "yes" }, { handled: 1 }]) {
      expect(await act(handled.POST, id, body)).toEqual({
        status: 400,
        json: { message: "Angiv, om beskeden er håndteret (true eller false).", field: "handled" },
      });
    }
    expect((await act(handled.POST, id, {}, "ta-planen")).json.message).toBe("Ange om meddelandet är hanterat (true eller false).");
    expect(await act(handled.POST, 987_654_321, { handled: true })).toEqual({ status: 404, json: { message: "Beskeden findes ikke." } });
    expect(await auditOf(id)).toEqual([]);
    expect(await auditOf(987_654_321)).toEqual([]);
  });
});

describe("POST /admin/feedback/{id}/answer", () => {
  it("mails the sender in the language of the feedback's site, keeps the answer with the message and marks it handled", async () => {
    const email = uniqueEmail("svensk");
    const id = await addFeedback({ site: "ta-planen", name: "Sven", email, message: "Kan ni lägga till vägmärke X1?" });
    const text = "Hej Sven!\n\nDet kommer i nästa version.";
    const res = await act(answer.POST, id, { text: `  ${text}  ` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      handled: true,
      canAnswer: false,
      answer: { text, answeredAt: expect.any(String), answeredBy: staff.id, answeredByEmail: staff.email },
    });

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Svar på din feedback till TA-planen");
    expect(mails[0]!.text).toContain("Tack för din feedback till TA-planen");
    expect(mails[0]!.text).toContain("Det kommer i nästa version.");
    expect(mails[0]!.text).toContain("Kan ni lägga till vägmärke X1?");
    expect(mails[0]!.html).toContain('lang="sv"');

    const [entry] = await auditOf(id);
    expect(entry).toEqual({
      adminId: staff.id,
      action: "feedback.answer",
      before: { handled: false },
      after: { handled: true, answer: text, to: email, site: "ta-planen" },
    });
    const again = await act(answer.POST, id, { text: "Igen" });
    expect(again).toEqual({ status: 409, json: { message: "Beskeden er allerede besvaret." } });
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
    const shown = (await listed("?status=handled")).json.items.find((f: any) => f.id === id);
    expect(shown.answer.text).toBe(text);
  });

  it("answers Danish feedback in Danish, keeping the time it was marked handled", async () => {
    const email = uniqueEmail("dansk");
    const id = await addFeedback({ site: "kloakplanen", email });
    const marked = (await act(handled.POST, id, { handled: true })).json.handledAt;
    const res = await act(answer.POST, id, { text: "Tak, det ser vi på." }, "ta-planen");
    expect(res.json).toMatchObject({ handled: true, handledAt: marked });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Svar på din feedback til Kloakplanen");
    expect(mail!.text).toContain("Hej Karen Vej,");
  });

  it("refuses an empty or too long answer (400, in the admin's language), an unknown message (404) and anonymous feedback (409); sends and logs nothing", async () => {
    const email = uniqueEmail("afsender");
    const id = await addFeedback({ email });
    for (const body of [{}, { text: "   " }, { text: "x".repeat(5001) }, { text: 5 }]) {
      expect(await act(answer.POST, id, body)).toEqual({
        status: 400,
        json: { message: "Skriv et svar på højst 5000 tegn.", field: "text" },
      });
    }
    expect((await act(answer.POST, id, { text: "" }, "ta-planen")).json.message).toBe("Skriv ett svar på högst 5000 tecken.");
    expect((await act(answer.POST, 987_654_321, { text: "Hej" })).status).toBe(404);
    const anonymous = await addFeedback({ name: "Anonymous User", email: "anonymous@example.com" });
    expect((await listed("?status=all")).json.items.find((f: any) => f.id === anonymous).canAnswer).toBe(false);
    expect(await act(answer.POST, anonymous, { text: "Hej" })).toEqual({
      status: 409,
      json: { message: "Afsenderen har ikke oplyst en e-mailadresse, så beskeden kan ikke besvares." },
    });
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailsTo("anonymous@example.com")).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
    expect(await auditOf(anonymous)).toEqual([]);
    const db = await getDb();
    const rows = await db.selectFrom("feedback").select(["answer", "handled_at"]).where("id", "in", [id, anonymous]).execute();
    expect(rows).toEqual([
      { answer: null, handled_at: null },
      { answer: null, handled_at: null },
    ]);
  });

  it("stores nothing when the mail cannot be sent (502), so the answer can be sent again", async () => {
    const id = await addFeedback();
    setMailer({
      async send() {
        throw new Error("SMTP down");
      },
    });
    try {
      expect(await act(answer.POST, id, { text: "Hej" })).toEqual({
        status: 502,
        json: { message: "Svaret kunne ikke sendes. Prøv igen om lidt." },
      });
    } finally {
      setMailer(undefined);
    }
    expect(await auditOf(id)).toEqual([]);
    expect((await act(answer.POST, id, { text: "Hej" })).json.answer.text).toBe("Hej");
  });
});

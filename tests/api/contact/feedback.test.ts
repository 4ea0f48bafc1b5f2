import { describe, expect, it } from "vitest";
import { POST as feedback } from "@/app/api/contact/feedback/route";
import { getDb } from "@/server/db";
import { callRoute } from "../../support/route";
import { mailsTo } from "../../support/mail";
import { createUser } from "../../support/users";

describe("POST /contact/feedback", () => {
  it("stores anonymous feedback with the defaults and e-mails the staff", async () => {
    const res = await callRoute(feedback, {
      method: "POST",
      path: "/api/contact/feedback",
      site: "kloakplanen",
      body: { message: "  Mangler en brønd  ", page: "kloakplanen.dk/app" },
    });
    expect(res.status).toBe(201);
    const db = await getDb();
    const row = await db.selectFrom("feedback").selectAll().where("message", "=", "Mangler en brønd").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, name: "Anonymous User", site: "kloakplanen", page: "kloakplanen.dk/app" });
    const [mail] = await mailsTo("support@skilteplanen.dk");
    expect(mail!.text).toContain("Mangler en brønd");
  });

  it("records a logged-in sender by their account, not by what the body claims", async () => {
    const user = await createUser({ name: "Karen" });
    await callRoute(feedback, {
      method: "POST",
      path: "/api/contact/feedback",
      site: "skilteplanen",
      body: { message: "Godt værktøj", name: "Someone Else", email: "else@example.dk", page: "x" },
      headers: { authorization: `Bearer ${user.token}` },
    });
    const db = await getDb();
    const row = await db.selectFrom("feedback").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Karen", email: user.email });
  });

  it("refuses an empty message with the empty-feedback text and stores nothing", async () => {
    const db = await getDb();
    const before = await db.selectFrom("feedback").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const res = await callRoute(feedback, {
      method: "POST",
      path: "/api/contact/feedback",
      site: "skilteplanen",
      body: { message: "   " },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Skriv en besked, før du sender.");
    const after = await db.selectFrom("feedback").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

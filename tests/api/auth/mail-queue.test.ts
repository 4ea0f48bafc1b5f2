/**
 * The account mail queue (src/server/accounts/mail-queue.ts): jobs are rows in the database, so a mail
 * asked for survives a stop or a crash of the process that queued it, and one that fails is tried again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { POST as requestReset } from "@/app/api/auth/request-password-reset/route";
import { mailSettled, startMailWorker, stopMailWorker } from "@/server/accounts/mail-queue";
import { getDb } from "@/server/db";
import { setMailer } from "@/server/mail/mailer";
import { callRoute } from "../../support/route";
import { mailsTo } from "../../support/mail";
import { createUser } from "../../support/users";

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe("the account mail queue", () => {
  afterEach(() => setMailer(undefined));

  it("sends what a stopped or crashed server left queued, and what a dead worker had taken once its lease ends", async () => {
    const db = await getDb();
    const [waiting, taken] = [await createUser(), await createUser()];
    await stopMailWorker();
    // As another process left them: one queued, one taken by a worker that died with it (attempts 1, leased).
    const base = {
      kind: "password-reset" as const,
      site: "kloakplanen",
      origin: "http://kloakplanen.localhost:3000",
      created_at: iso(-60_000),
    };
    await db
      .insertInto("mail_jobs")
      .values([
        { ...base, email: waiting.email, run_after: iso(-60_000), attempts: 0 },
        { ...base, email: taken.email, run_after: iso(4 * 60_000), attempts: 1 },
      ])
      .execute();
    startMailWorker();
    expect(await mailsTo(waiting.email)).toHaveLength(1);
    expect(await mailsTo(taken.email)).toEqual([]);

    await db
      .updateTable("mail_jobs")
      .set({ run_after: iso(-1) })
      .where("email", "=", taken.email)
      .execute();
    expect(await mailsTo(taken.email)).toHaveLength(1);
    expect(await db.selectFrom("mail_jobs").select("id").where("email", "in", [waiting.email, taken.email]).execute()).toEqual([]);
  });

  it("tries a mail that failed again later, and gives up after five tries", async () => {
    const db = await getDb();
    const user = await createUser();
    let tries = 0;
    setMailer({
      async send() {
        tries += 1;
        throw new Error("the SMTP server is down");
      },
    });
    expect(
      (await callRoute(requestReset, { method: "POST", path: "/api/auth/request-password-reset", body: { email: user.email } })).status,
    ).toBe(200);
    await mailSettled();
    const job = () => db.selectFrom("mail_jobs").select(["attempts", "run_after"]).where("email", "=", user.email).executeTakeFirst();
    const first = (await job())!;
    expect(first.attempts).toBe(1);
    expect(Date.parse(first.run_after) - Date.now()).toBeGreaterThan(30_000); // later, not at once
    for (let attempt = 2; attempt <= 5; attempt++) {
      await db
        .updateTable("mail_jobs")
        .set({ run_after: iso(-1) })
        .where("email", "=", user.email)
        .execute();
      await mailSettled();
    }
    expect(tries).toBe(5);
    expect(await job()).toBeUndefined();
  });
});

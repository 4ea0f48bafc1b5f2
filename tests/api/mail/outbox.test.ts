import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "@/server/config";
import { createMailer, createOutboxMailer, getMailer, outboxDir, readOutbox } from "@/server/mail/mailer";
import { feedbackMail, passwordResetMail, verifyEmailMail } from "@/server/mail/templates";

// The outbox is the mailer whenever SMTP_URL is unset; never let a developer's shell send real mail here.
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("outbox mailer", () => {
  it("writes each mail as .eml and .json and reads them back in sending order", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const config = getConfig({ ...process.env });
    const dir = outboxDir(config);
    const mailer = createMailer(config);

    const verifyLink = "http://skilteplanen.localhost:3000/verify-email?token=first";
    const resetLink = "http://kloakplanen.localhost:3000/reset-password?token=second";
    await mailer.send({ to: "a@example.dk", ...verifyEmailMail("skilteplanen", { name: "A", link: verifyLink }) });
    await mailer.send({ to: "b@example.se", ...passwordResetMail("ta-planen", { name: "B", link: resetLink }) });
    await mailer.send({
      to: "staff@example.dk",
      ...feedbackMail("kloakplanen", { message: "Hej", name: "Anonymous User", email: "anonymous@example.com", page: "", userId: null }),
    });

    const files = (await readdir(dir)).sort();
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(3);
    expect(files.every((f) => /^[0-9TZ-]+-[0-9a-f]{8}\.(eml|json)$/.test(f))).toBe(true);

    const outbox = await readOutbox(dir);
    expect(outbox.map((m) => m.to)).toEqual(["a@example.dk", "b@example.se", "staff@example.dk"]);
    expect(outbox.map((m) => m.subject)).toEqual([
      "Bekræft din e-mail til Skilteplanen",
      "Återställ ditt lösenord för TA-planen",
      "Feedback fra Kloakplanen: Anonymous User",
    ]);
    expect(outbox.map((m) => m.links)).toEqual([[verifyLink], [resetLink], []]);
    expect(outbox[0]!.html).toContain(verifyLink.replace("&", "&amp;"));

    // The .json carries the sender; the .eml is the complete MIME message.
    const firstJson = files.find((f) => f.endsWith(".json"))!;
    const stored = JSON.parse(await readFile(path.join(dir, firstJson), "utf8")) as { from: string };
    expect(stored.from).toBe('"Skilteplanen" <no-reply@skilteplanen.dk>');
    const eml = await PostalMime.parse(await readFile(path.join(dir, firstJson.replace(/\.json$/, ".eml"))));
    expect(eml.from).toEqual({ name: "Skilteplanen", address: "no-reply@skilteplanen.dk" });
    expect(eml.subject).toBe("Bekræft din e-mail til Skilteplanen");
    expect(eml.text).toContain(verifyLink);
    expect(eml.html).toContain("Bekræft e-mail</a>");

    const lines = logged.mock.calls.map((args) => args.join(" "));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain("a@example.dk");
    expect(lines[0]).toContain("Bekræft din e-mail til Skilteplanen");
    expect(lines[0]).toContain(verifyLink);
    expect(lines[1]).toContain(resetLink);
  });

  it("uses MAIL_FROM when it is set", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const dir = path.join(process.env.DATA_DIR!, "outbox-mail-from");
    await createOutboxMailer(dir, "Plan <plan@example.dk>").send({
      to: "c@example.dk",
      ...verifyEmailMail("ta-planen", { name: "C", link: "https://ta-planen.se/verify-email?token=c" }),
    });
    const [json] = (await readdir(dir)).filter((f) => f.endsWith(".json"));
    expect(JSON.parse(await readFile(path.join(dir, json!), "utf8"))).toMatchObject({ from: "Plan <plan@example.dk>" });
  });

  it("reads a missing outbox as empty", async () => {
    expect(await readOutbox(path.join(process.env.DATA_DIR!, "no-such-outbox"))).toEqual([]);
  });

  it("getMailer() writes into DATA_DIR/outbox when SMTP_URL is unset", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const link = "http://ta-planen.localhost:3000/verify-email?token=shared";
    await getMailer().send({ to: "d@example.se", ...verifyEmailMail("ta-planen", { name: "D", link }) });
    const outbox = await readOutbox(path.join(getConfig().dataDir, "outbox"));
    expect(outbox.at(-1)).toMatchObject({ to: "d@example.se", links: [link] });
    expect(getMailer()).toBe(getMailer());
  });
});

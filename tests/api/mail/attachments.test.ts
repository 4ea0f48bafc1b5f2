/**
 * Attachments (an invoice's PDF and e-invoice): sent as MIME parts over SMTP, and in the outbox written
 * beside the entry's .json, which lists them, so that a test or a developer opens the file itself.
 */
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/server/config";
import { createMailer, createOutboxMailer, readOutbox, type MailMessage } from "@/server/mail/mailer";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";

const pdf = new TextEncoder().encode("%PDF-1.7\n% a small test file\n%%EOF\n");
const xml = new TextEncoder().encode('<?xml version="1.0" encoding="utf-8"?><Invoice>æøå</Invoice>');
const message: MailMessage = {
  to: "faktura@example.dk",
  subject: "Faktura 1001 fra Skilteplanen",
  text: "Hej\n",
  html: "<p>Hej</p>",
  site: "skilteplanen",
  attachments: [
    { filename: "faktura-1001.pdf", contentType: "application/pdf", content: pdf },
    { filename: "faktura-1001.xml", contentType: "application/xml", content: xml },
  ],
};

describe("outbox attachments", () => {
  it("writes each attachment's bytes beside the .json, lists them, and readOutbox finds them", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    await createOutboxMailer(dir).send(message);
    const files = (await readdir(dir)).sort();
    expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(1);
    const json = JSON.parse(
      await readFile(
        path.join(
          dir,
          files.find((f) => f.endsWith(".json"))!,
        ),
        "utf8",
      ),
    ) as {
      attachments: Array<{ filename: string; contentType: string; size: number }>;
    };
    expect(json.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size }))).toEqual([
      { filename: "faktura-1001.pdf", contentType: "application/pdf", size: pdf.byteLength },
      { filename: "faktura-1001.xml", contentType: "application/xml", size: xml.byteLength },
    ]);

    const [entry] = await readOutbox(dir);
    expect(entry!.attachments.map((a) => a.filename)).toEqual(["faktura-1001.pdf", "faktura-1001.xml"]);
    expect(new Uint8Array(await readFile(entry!.attachments[0]!.path))).toEqual(pdf);
    expect(new Uint8Array(await readFile(entry!.attachments[1]!.path))).toEqual(xml);
    // The .eml is the whole message, attachments included.
    const eml = await PostalMime.parse(
      await readFile(
        path.join(
          dir,
          files.find((f) => f.endsWith(".eml"))!,
        ),
      ),
    );
    expect(eml.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ["faktura-1001.pdf", "application/pdf"],
      ["faktura-1001.xml", "application/xml"],
    ]);
  });

  it("reads an entry without attachments, and one written before they were listed, as having none", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    await createOutboxMailer(dir).send({ ...message, attachments: undefined });
    await writeFile(path.join(dir, "0000-old.json"), JSON.stringify({ to: "a@example.dk", subject: "Old", text: "", html: "", links: [] }));
    const outbox = await readOutbox(dir);
    expect(outbox.map((m) => [m.subject, m.attachments])).toEqual([
      ["Old", []],
      ["Faktura 1001 fra Skilteplanen", []],
    ]);
  });
});

describe("SMTP attachments", () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("sends them as MIME parts with their names, types and bytes", async () => {
    await createMailer(getConfig({ ...process.env, SMTP_URL: server.url, MAIL_FROM: undefined })).send(message);
    const email = await PostalMime.parse(server.received.at(-1)!.raw);
    expect(email.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ["faktura-1001.pdf", "application/pdf"],
      ["faktura-1001.xml", "application/xml"],
    ]);
    expect(new Uint8Array(email.attachments[0]!.content as ArrayBuffer)).toEqual(pdf);
    expect(new TextDecoder().decode(email.attachments[1]!.content as ArrayBuffer)).toContain("æøå");
  });
});

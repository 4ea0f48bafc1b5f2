import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { getConfig, type ServerConfig } from "../config";
import { log } from "../log";
import { DEFAULT_SITE_ID, SITES, type SiteId } from "@/sites/registry";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The site the mail speaks for: picks the default From address when MAIL_FROM is unset. */
  site?: SiteId;
  /** Files sent with the mail (an invoice's PDF and e-invoice). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** An attachment as the outbox lists it; its bytes are in `path`, beside the entry's .json. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  path: string;
}

/** The one way the application sends e-mail; tests and local development get the outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** [] for a mail without attachments (and for entries written before attachments were listed). */
  attachments: OutboxAttachment[];
}

/** MAIL_FROM when set, else `"<Product>" <no-reply@<the site's first production host>>`. */
export function senderAddress(mailFrom: string | undefined, site: SiteId = DEFAULT_SITE_ID): string {
  if (mailFrom) return mailFrom;
  const { productName, productionHosts } = SITES[site];
  return `"${productName}" <no-reply@${productionHosts[0]}>`;
}

/** Where the outbox mailer writes when SMTP_URL is unset. */
export function outboxDir(config: ServerConfig): string {
  return path.join(config.dataDir, "outbox");
}

/** SMTP (nodemailer) when config.SMTP_URL is set; otherwise the outbox mailer. */
export function createMailer(config: ServerConfig): Mailer {
  if (!config.SMTP_URL) return createOutboxMailer(outboxDir(config), config.MAIL_FROM);
  return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
}

function createSmtpMailer(url: string, mailFrom: string | undefined): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // nodemailer waits up to 2 minutes for a connection and 10 for a silent socket; a request that
    // sends a mail should fail within seconds instead. Query parameters in SMTP_URL override these.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail(mailOptions(message, mailFrom));
    },
  };
}

function mailOptions(message: MailMessage, mailFrom: string | undefined) {
  return {
    from: senderAddress(mailFrom, message.site),
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
  };
}

/**
 * Writes each message into `dir` as <timestamp>-<random>.eml (the full MIME message) plus a .json
 * with {to, from, subject, text, html, links, attachments}, and logs the recipient, subject and first
 * link, so a developer can complete e-mail verification locally. Each attachment's bytes are written
 * beside them as <timestamp>-<random>-<n>-<filename>, so that a test or a developer opens the PDF
 * itself rather than digging it out of the .eml; the .json lists {filename, contentType, size} and
 * that file's name.
 * `mailFrom` is config.MAIL_FROM; undefined gives each site its own default sender.
 */
export function createOutboxMailer(dir: string, mailFrom?: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const options = mailOptions(message, mailFrom);
      const info = await composer.sendMail(options);
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error("The outbox expected the composed message as a buffer");
      const links = extractLinks(message.text);
      const base = `${outboxTimestamp()}-${randomBytes(4).toString("hex")}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${base}.eml`), raw);
      const attachments = await Promise.all(
        (message.attachments ?? []).map(async (a, i) => {
          const file = `${base}-${i + 1}-${a.filename.replace(/[^A-Za-z0-9._-]/g, "_")}`;
          await writeFile(path.join(dir, file), a.content);
          return { filename: a.filename, contentType: a.contentType, size: a.content.byteLength, file };
        }),
      );
      const entry = {
        to: message.to,
        from: options.from,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links,
        attachments,
      };
      // readOutbox lists .json files: write under another name first so a reader never sees half a file.
      const json = path.join(dir, `${base}.json`);
      await writeFile(`${json}.tmp`, JSON.stringify(entry, null, 2));
      await rename(`${json}.tmp`, json);
      log.info("mail", `outbox: to ${message.to}: ${message.subject}${links[0] ? ` ${links[0]}` : ""}`);
    },
  };
}

/** Reads the outbox (newest last) — used by tests and by e2e tests to find links. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (name) => {
      const entry = JSON.parse(await readFile(path.join(dir, name), "utf8")) as Omit<OutboxEntry, "attachments"> & {
        attachments?: Array<{ filename: string; contentType: string; size: number; file: string }>;
      };
      const { to, subject, text, html, links } = entry;
      const attachments = (entry.attachments ?? []).map(({ filename, contentType, size, file }) => ({
        filename,
        contentType,
        size,
        path: path.join(dir, file),
      }));
      return { to, subject, text, html, links, attachments };
    }),
  );
}

/** The http(s) links in a plain-text body, in order, each once. */
export function extractLinks(text: string): string[] {
  const links = (text.match(/https?:\/\/[^\s<>"']+/g) ?? []).map((link) => link.replace(/[.,;:!?)\]]+$/, ""));
  return [...new Set(links)];
}

let lastTimestamp = 0;

/**
 * A file-name timestamp that sorts in sending order: milliseconds, bumped by one when two mails are
 * sent within the same millisecond (a registration followed by a resend can be that fast).
 */
function outboxTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp).toISOString().replace(/[:.]/g, "-");
}

// server.ts and the route handlers are bundled separately but run in one process (see db/index.ts).
const shared = globalThis as typeof globalThis & { __planMailer?: Mailer };

/** Process-wide mailer from getConfig(). */
export function getMailer(): Mailer {
  shared.__planMailer ??= createMailer(getConfig());
  return shared.__planMailer;
}

/** For tests: replaces the process-wide mailer; undefined goes back to the configured one. */
export function setMailer(mailer: Mailer | undefined): void {
  shared.__planMailer = mailer;
}

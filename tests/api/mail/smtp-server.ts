/** A real SMTP server on 127.0.0.1 for the mail tests: it keeps every message it accepts. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  rcptTo: string[];
  mailFrom: string | undefined;
  raw: Buffer;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** `rejectRcptTo`: answer every RCPT TO with 550, as a server does for an unknown mailbox. */
export async function startSmtpServer(options: { rejectRcptTo?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP: the test has no certificate, and nodemailer only upgrades when STARTTLS is offered.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.rejectRcptTo) return callback();
      const error: Error & { responseCode?: number } = new Error(`<${address.address}>: mailbox unavailable`);
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          rcptTo: rcptTo.map((r) => r.address),
          mailFrom: mailFrom ? mailFrom.address : undefined,
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { getConfig } from "@/server/config";
import { outboxDir, readOutbox, setMailer, type MailMessage } from "@/server/mail/mailer";
import { mailSettled } from "@/server/accounts/mail-queue";

/** The mails the app wrote to the test's outbox for one recipient, oldest first, once those under way are sent. */
export async function mailsTo(email: string) {
  await mailSettled();
  return (await readOutbox(outboxDir(getConfig()))).filter((m) => m.to === email);
}

/** The token in the newest link of the newest mail to `email` whose link path is `path`. */
export async function tokenFromMail(
  email: string,
  path: "/encourage-verify-email" | "/reset-password" | "/transfer-ownership",
): Promise<string> {
  const mails = await mailsTo(email);
  for (const mail of mails.reverse()) {
    for (const link of mail.links) {
      const url = new URL(link);
      if (url.pathname === path && url.searchParams.get("token")) return url.searchParams.get("token")!;
    }
  }
  throw new Error(`no ${path} link in the mails to ${email}`);
}

/**
 * Runs `during` with a mailer that holds every mail back until `release` is called, and restores the
 * real mailer after: shows what an endpoint answers before its mail has gone.
 */
export async function withHeldMail(during: (held: { sent: MailMessage[]; release: () => void }) => Promise<void>): Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const sent: MailMessage[] = [];
  setMailer({
    async send(message) {
      await gate;
      sent.push(message);
    },
  });
  try {
    await during({ sent, release });
  } finally {
    setMailer(undefined);
  }
}

import { getConfig } from "@/server/config";
import { outboxDir, readOutbox } from "@/server/mail/mailer";
import { mailSettled } from "@/server/mail/pending";

/** The mails the app wrote to the test's outbox for one recipient, oldest first, once those under way are sent. */
export async function mailsTo(email: string) {
  await mailSettled();
  return (await readOutbox(outboxDir(getConfig()))).filter((m) => m.to === email);
}

/** The token in the newest link of the newest mail to `email` whose link path is `path`. */
export async function tokenFromMail(email: string, path: "/encourage-verify-email" | "/reset-password"): Promise<string> {
  const mails = await mailsTo(email);
  for (const mail of mails.reverse()) {
    for (const link of mail.links) {
      const url = new URL(link);
      if (url.pathname === path && url.searchParams.get("token")) return url.searchParams.get("token")!;
    }
  }
  throw new Error(`no ${path} link in the mails to ${email}`);
}

import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/server/config";
import { createMailer } from "@/server/mail/mailer";
import { feedbackMail, passwordResetMail, verifyEmailMail } from "@/server/mail/templates";
import { startSmtpServer, type TestSmtpServer } from "./smtp-server";

const hostileName = `Anna <b>"Bo"</b> & Co`;
const escapedName = "Anna &lt;b&gt;&quot;Bo&quot;&lt;/b&gt; &amp; Co";

function smtpConfig(url: string, extra: { MAIL_FROM?: string } = {}) {
  return getConfig({ ...process.env, SMTP_URL: url, MAIL_FROM: undefined, ...extra });
}

describe("SMTP mailer", () => {
  let server: TestSmtpServer;

  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("delivers a Swedish verification mail for ta-planen", async () => {
    const link = "https://ta-planen.se/verify-email?token=abc123&source=register";
    await createMailer(smtpConfig(server.url)).send({
      to: "anna@example.se",
      ...verifyEmailMail("ta-planen", { name: hostileName, link }),
    });

    const mail = server.received.at(-1)!;
    expect(mail.rcptTo).toEqual(["anna@example.se"]);
    expect(mail.mailFrom).toBe("no-reply@ta-planen.se");
    const email = await PostalMime.parse(mail.raw);
    expect(email.from).toEqual({ name: "TA-planen", address: "no-reply@ta-planen.se" });
    expect(email.to).toEqual([{ name: "", address: "anna@example.se" }]);
    expect(email.subject).toBe("Bekräfta din e-postadress för TA-planen");

    expect(email.text).toContain(link);
    expect(email.text).toContain(`Hej ${hostileName},`);
    expect(email.text).toContain("TA-planen");

    expect(email.html).toContain(`href="${link.replace("&", "&amp;")}"`);
    expect(email.html).toContain("Bekräfta e-postadress</a>");
    expect(email.html).toContain(`Hej ${escapedName},`);
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("#1562ad");
    expect(email.html).toContain('<html lang="sv">');
  });

  it("delivers a Danish password-reset mail for kloakplanen", async () => {
    const link = "https://kloakplanen.dk/reset-password?token=xyz789";
    await createMailer(smtpConfig(server.url)).send({
      to: "bo@example.dk",
      ...passwordResetMail("kloakplanen", { name: hostileName, link }),
    });

    const mail = server.received.at(-1)!;
    expect(mail.rcptTo).toEqual(["bo@example.dk"]);
    const email = await PostalMime.parse(mail.raw);
    expect(email.from).toEqual({ name: "Kloakplanen", address: "no-reply@kloakplanen.dk" });
    expect(email.subject).toBe("Nulstil din adgangskode til Kloakplanen");
    expect(email.text).toContain(link);
    expect(email.text).toContain("24 timer");
    expect(email.text).toContain("én gang");
    expect(email.text).toContain("se bort fra denne e-mail");
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain(`>${link}</a>`);
    expect(email.html).toContain("24 timer");
    expect(email.html).toContain(`Hej ${escapedName},`);
    expect(email.html).not.toContain("<b>");
  });

  it("sends feedback from MAIL_FROM with the sender as Reply-To", async () => {
    await createMailer(smtpConfig(server.url, { MAIL_FROM: '"Plan support" <support@example.dk>' })).send({
      to: "staff@example.dk",
      ...feedbackMail("skilteplanen", {
        message: "Kortet <script>alert(1)</script> hænger\nanden linje",
        name: "Ida",
        email: "ida@example.dk",
        page: "skilteplanen.dk/app",
        userId: 42,
      }),
    });

    const email = await PostalMime.parse(server.received.at(-1)!.raw);
    expect(email.from).toEqual({ name: "Plan support", address: "support@example.dk" });
    expect(email.replyTo).toEqual([{ name: "", address: "ida@example.dk" }]);
    expect(email.subject).toBe("Feedback fra Skilteplanen: Ida");
    expect(email.text).toContain("Kortet <script>alert(1)</script> hænger\nanden linje");
    expect(email.text).toContain("Bruger-id: 42");
    expect(email.html).toContain("Kortet &lt;script&gt;alert(1)&lt;/script&gt; hænger");
    expect(email.html).not.toContain("<script>");
  });
});

describe("SMTP mailer against a failing server", () => {
  it("rejects with an Error when the server refuses the recipient", async () => {
    const server = await startSmtpServer({ rejectRcptTo: true });
    try {
      const sending = createMailer(smtpConfig(server.url)).send({
        to: "nobody@example.dk",
        ...verifyEmailMail("skilteplanen", { name: "Nobody", link: "https://skilteplanen.dk/verify-email?token=t" }),
      });
      await expect(sending).rejects.toBeInstanceOf(Error);
      await expect(sending).rejects.toMatchObject({ responseCode: 550 });
      expect(server.received).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it("rejects with an Error when nothing listens", async () => {
    const server = await startSmtpServer();
    await server.close();
    const sending = createMailer(smtpConfig(server.url)).send({
      to: "nobody@example.dk",
      ...verifyEmailMail("skilteplanen", { name: "Nobody", link: "https://skilteplanen.dk/verify-email?token=t" }),
    });
    await expect(sending).rejects.toBeInstanceOf(Error);
  });
});

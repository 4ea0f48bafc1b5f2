import { describe, expect, it } from "vitest";
import { feedbackMail, passwordResetMail, verifyEmailMail } from "@/server/mail/templates";

const link = "https://skilteplanen.dk/verify-email?token=abc";

describe("mail templates", () => {
  it("write in the site's language with its product name", () => {
    expect(verifyEmailMail("skilteplanen", { name: "Ib", link }).subject).toBe("Bekræft din e-mail til Skilteplanen");
    expect(verifyEmailMail("kloakplanen", { name: "Ib", link }).subject).toBe("Bekræft din e-mail til Kloakplanen");
    expect(verifyEmailMail("ta-planen", { name: "Ib", link }).subject).toBe("Bekräfta din e-postadress för TA-planen");
    expect(passwordResetMail("ta-planen", { name: "Ib", link }).text).toContain("giltig i 24 timmar");
  });

  it("carry the site so the default sender can be chosen", () => {
    expect(passwordResetMail("kloakplanen", { name: "Ib", link }).site).toBe("kloakplanen");
  });

  it("give the plain-text part the same content as the HTML part", () => {
    const mail = passwordResetMail("skilteplanen", { name: "Ib", link });
    for (const part of ["Hej Ib,", "Vælg ny adgangskode", link, "24 timer", "Venlig hilsen", "Skilteplanen"]) {
      expect(mail.text, part).toContain(part);
      expect(mail.html, part).toContain(part);
    }
    expect(mail.html).not.toMatch(/<table/i);
  });

  it("refuse a link that is not an absolute http(s) URL", () => {
    expect(() => verifyEmailMail("skilteplanen", { name: "Ib", link: "javascript:alert(1)" })).toThrow(Error);
    expect(() => verifyEmailMail("skilteplanen", { name: "Ib", link: "/verify-email?token=x" })).toThrow(Error);
  });

  it("address feedback replies to the sender, but not to the anonymous placeholder", () => {
    const base = { message: "Tak", name: "Ida", page: "ta-planen.se/app", userId: 7 };
    expect(feedbackMail("ta-planen", { ...base, email: "ida@example.se" }).replyTo).toBe("ida@example.se");
    expect(feedbackMail("ta-planen", { ...base, email: "ida@example.se" }).text).toContain("Svara på det här mejlet");

    const anonymous = feedbackMail("ta-planen", { ...base, name: "Anonymous User", email: "anonymous@example.com", userId: null });
    expect(anonymous.replyTo).toBeUndefined();
    expect(anonymous.text).toContain("Användar-id: Inte inloggad");
    expect(anonymous.text).not.toContain("anonymous@example.com");

    expect(feedbackMail("ta-planen", { ...base, email: "not an address, x@y.z" }).replyTo).toBeUndefined();
  });

  it("escape every user-supplied value in feedback", () => {
    const mail = feedbackMail("skilteplanen", {
      message: `<img src=x onerror="alert(1)">`,
      name: "<i>Eve</i>",
      email: "eve@example.dk",
      page: `skilteplanen.dk/"><script>`,
      userId: 1,
    });
    expect(mail.html).not.toMatch(/<img|<i>|<script/);
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain("&lt;i&gt;Eve&lt;/i&gt;");
    expect(mail.html).toContain("skilteplanen.dk/&quot;&gt;&lt;script&gt;");
    expect(mail.subject).toBe("Feedback fra Skilteplanen: <i>Eve</i>");
  });
});

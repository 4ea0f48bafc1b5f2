/**
 * The billing notices' mails (kind "billing-notice"): every notice kind queued through queueNotice is
 * sent once, in the recipient's site language, names the product, says what happens and links to the
 * invoices tab; the cancellation's says when the subscription ends and that it is the written
 * confirmation the terms ask for. Swedish mails carry no Danish.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { queueNotice, type BillingNoticeKind } from "@/server/billing/notices";
import { PAYMENT_TERMS_DAYS } from "@/lib/billing/pricing";
import type { SiteId } from "@/sites/registry";
import { danishIn } from "../../support/danish-text";
import { mailsTo } from "../../support/mail";
import { account, addDays, subscriptionInvoice, user } from "./job-support";

const now = new Date("2036-03-02T03:00:00Z");
const firstLogin = new Date("2036-02-20T11:00:00Z"); // the trial ends 5 March 2036

async function noticeMail(site: SiteId, kind: BillingNoticeKind, key: (ids: { user: number; invoice: number }) => string) {
  const recipient = await user({ firstLogin, site, name: "Kim" });
  const acct = await account(
    { userId: recipient.id },
    { periodStart: addDays(now, -30), seats: 1, site, cancelAt: new Date("2037-02-01T00:00:00Z") },
  );
  const { invoice } = await subscriptionInvoice(acct, 1, addDays(now, -30));
  const db = await getDb();
  const notice = {
    key: key({ user: recipient.id, invoice: invoice.id }),
    kind,
    userId: recipient.id,
    email: recipient.email,
    site,
    billingAccountId: acct.id,
    invoiceId: kind === "invoiceOverdue" ? invoice.id : null,
    now,
  };
  expect(await queueNotice(db, notice)).toBe(true);
  // The same key again: not queued, not mailed.
  expect(await queueNotice(db, notice)).toBe(false);
  const mails = await mailsTo(recipient.email);
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.text).toContain("Hej Kim");
  expect(mail.links.some((link) => link.endsWith("/organisation?tab=invoices"))).toBe(true);
  return { mail, invoice };
}

const kinds: Array<[BillingNoticeKind, (ids: { user: number; invoice: number }) => string]> = [
  ["trialReminder7", (ids) => `trialReminder7:user:${ids.user}`],
  ["trialReminder3", (ids) => `trialReminder3:user:${ids.user}`],
  ["trialEnds", (ids) => `trialEnds:user:${ids.user}`],
  ["invoiceOverdue", (ids) => `invoiceOverdue:invoice:${ids.invoice}`],
  ["blocked", (ids) => `blocked:user:${ids.user}:invoiceOverdue:2036-03-01`],
  ["subscriptionCancelled", (ids) => `subscriptionCancelled:user:${ids.user}:2037-02-01`],
];

describe("billing notice mails", () => {
  it("on a Danish site: what happens, the dates, the product", async () => {
    const texts: Record<string, string> = {};
    for (const [kind, key] of kinds) {
      const { mail, invoice } = await noticeMail("kloakplanen", kind, key);
      expect(mail.subject).toContain("Kloakplanen");
      texts[kind] = `${mail.subject}\n${mail.text}`;
      if (kind === "invoiceOverdue") {
        expect(mail.subject).toBe(`Faktura ${invoice.number} fra Kloakplanen er forfalden`);
        expect(mail.text).toMatch(/på 3\.118,75\skr\. forfaldt/);
        // Issued 1 February, due PAYMENT_TERMS_DAYS later; blocked BLOCK_GRACE_DAYS after that (a leap year).
        expect(PAYMENT_TERMS_DAYS).toBe(14);
        expect(mail.text).toContain("forfaldt til betaling den 15. februar 2036");
        expect(mail.text).toContain("senest den 29. februar 2036");
      }
    }
    // Queued with 3⅓ days left: the mail counts the days left when the job queued it, a started day as one.
    expect(texts.trialReminder7).toContain("slutter om 4 dage");
    expect(texts.trialReminder3).toContain("slutter om 4 dage");
    expect(texts.trialReminder7).toContain("slutter den 5. marts 2036");
    expect(texts.trialEnds).toContain("slutter i dag");
    expect(texts.blocked).toContain("En faktura fra Kloakplanen er ikke betalt 14 dage efter forfaldsdatoen.");
    expect(texts.blocked).toContain("Du kan stadig logge ind, åbne, se og eksportere dine planer");
    expect(texts.subscriptionCancelled).toContain("Abonnementet ophører den 1. februar 2037 og fornyes ikke.");
    expect(texts.subscriptionCancelled).toContain("skriftlige bekræftelse af opsigelsen");
  });

  it("counts one day in the singular, and confirms no cancellation that was withdrawn before its mail went", async () => {
    const lastDay = new Date(firstLogin.getTime() + 13.5 * 86_400_000);
    const recipient = await user({ firstLogin, site: "skilteplanen" });
    const db = await getDb();
    await queueNotice(db, {
      key: `trialReminder3:user:${recipient.id}`,
      kind: "trialReminder3",
      userId: recipient.id,
      email: recipient.email,
      site: "skilteplanen",
      now: lastDay,
    });
    const acct = await account({ userId: recipient.id }, { periodStart: now, seats: 1 });
    await queueNotice(db, {
      key: `subscriptionCancelled:${acct.id}`,
      kind: "subscriptionCancelled",
      userId: recipient.id,
      email: recipient.email,
      site: "skilteplanen",
      billingAccountId: acct.id,
      now,
    });
    expect((await mailsTo(recipient.email)).map((m) => m.subject)).toEqual(["Din prøveperiode hos Skilteplanen slutter om 1 dag"]);
  });

  it("on TA-planen, in Swedish with no Danish words", async () => {
    for (const [kind, key] of kinds) {
      const { mail } = await noticeMail("ta-planen", kind, key);
      expect(mail.subject).toContain("TA-planen");
      expect(danishIn(`${mail.subject}\n${mail.text}`)).toEqual([]);
      if (kind === "subscriptionCancelled") {
        expect(mail.text).toContain("Abonnemanget upphör den 1 februari 2037 och förnyas inte.");
        expect(mail.text).toContain("skriftliga bekräftelsen av uppsägningen");
      }
      if (kind === "invoiceOverdue") expect(mail.text).toMatch(/3\s?743,75\s?kr/);
    }
  });
});
